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

/**
 * How many petitions (correction requests and appeals together) one company may file in a day by default: far above
 * what a company's real work needs (a handful a month), low enough that a flood cannot bury the committee.
 */
export const PETITIONS_PER_COMPANY_PER_DAY = 20;

/** A petition over the company's daily limit (the API's 429, with `Retry-After`). */
export function petitionLimitText(limit: number): string {
  return `От организации за сутки можно подать не больше ${limit} запросов об исправлении и жалоб. Попробуйте позже.`;
}
