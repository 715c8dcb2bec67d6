// A petition against a statement (docs/product.md «Appeals», «The regulation's procedures»): a pre-trial appeal and a
// request to correct the certificate are both a text the company writes against a statement, answered by the
// committee within a term of working days on the production calendar, with files and an answer. What they share is
// here, once, for the site and the API; a third kind takes the same shape.

/** The longest text of a petition (and of its answer). */
export const PETITION_TEXT_MAX = 10_000;

/** 'Не больше 10 000 символов', worded when first read (a page's first `toLocaleString` loads the locale's data). */
export function petitionTextTooLong(): string {
  return `Не больше ${PETITION_TEXT_MAX.toLocaleString('ru-RU')} символов`;
}

/**
 * What is wrong with a petition's text (or its answer), trimmed: `required` when it is empty, the length's text when
 * it is over the limit; null when it will do.
 */
export function petitionTextProblem(text: string, required: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return required;
  if (trimmed.length > PETITION_TEXT_MAX) return petitionTextTooLong();
  return null;
}
