import { apiError } from './errors.ts';

/** Trimmed text, or null when empty (docs/product.md «Validation»: empty optional values are stored as null). */
export function optionalText(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** Trimmed text that must not be empty: a 400 with the product's message otherwise. */
export function requiredText(value: string | null | undefined, message: string): string {
  const text = optionalText(value);
  if (text === null) throw apiError('validation_error', message);
  return text;
}
