// E-mail addresses as the portal accepts them: a simple x@y.z, compared in one normal form (docs/product.md, «Validation»).

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** True for an address of the form x@y.z (surrounding spaces ignored). */
export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

/** The message for an address that is not of the form x@y.z, on the site and from the API alike. */
export const EMAIL_INVALID_TEXT = 'Некорректный email';
