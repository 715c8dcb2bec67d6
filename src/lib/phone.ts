// The phone fields' lenient mask (docs/product.md «Validation»): the spec asks for no format check and shows the
// placeholder +7 (___) ___-__-__, so what a user types is kept, and only a whole Russian number is written out in
// the placeholder's shape when the field is left.

/** Only digits and the signs people put between them: anything else (a word, an extension) is kept as typed. */
const NUMBER_ONLY = /^[\d\s()+\-.]+$/;

/**
 * `value` in the shape '+7 (916) 123-45-67' when it is a whole Russian number (11 digits from 7 or 8, or 10 digits
 * without a country code); anything else (a foreign number, an extension, a half-typed one) as typed, trimmed.
 */
export function formatPhone(value: string): string {
  const typed = value.trim();
  if (!NUMBER_ONLY.test(typed)) return typed;
  const digits = typed.replace(/\D/g, '');
  let national: string | null = null;
  if (digits.length === 11 && (digits[0] === '7' || (digits[0] === '8' && !typed.startsWith('+')))) {
    national = digits.slice(1);
  } else if (digits.length === 10 && !typed.startsWith('+')) {
    national = digits;
  }
  if (national === null) return typed;
  return `+7 (${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6, 8)}-${national.slice(8)}`;
}
