// Russian numbers and calendar days as people read them, on the site and in the API's mails alike.

const MONTHS_GENITIVE = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
] as const;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
// Made on first use: building it (ICU data) costs a list page milliseconds at start-up that most pages never need.
let pluralRules: Intl.PluralRules | undefined;

/** The word for `count` in its Russian plural form: [one, few, many] as in 'день', 'дня', 'дней'. */
export function pluralForm(count: number, forms: readonly [one: string, few: string, many: string]): string {
  pluralRules ??= new Intl.PluralRules('ru-RU');
  const category = pluralRules.select(Math.abs(count));
  return category === 'one' ? forms[0] : category === 'few' ? forms[1] : forms[2];
}

/** '1 рабочий день', '3 рабочих дня', '5 рабочих дней'. */
export function workingDays(count: number): string {
  return `${count} ${pluralForm(count, ['рабочий день', 'рабочих дня', 'рабочих дней'])}`;
}

/** A calendar day 'YYYY-MM-DD' as year, month (1-12) and day, or null when it is no real day. */
export function splitDay(value: string): { year: number; month: number; day: number } | null {
  const match = DAY.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return { year, month, day };
}

/** A calendar day in the long genitive form: '2026-12-04' -> '4 декабря 2026 г.'; the value itself when invalid. */
export function formatDay(value: string): string {
  const day = splitDay(value);
  return day ? `${day.day} ${MONTHS_GENITIVE[day.month - 1]} ${day.year} г.` : value;
}

/** A calendar day without the year: '2026-12-04' -> '4 декабря'; the value itself when invalid. */
export function formatShortDay(value: string): string {
  const day = splitDay(value);
  return day ? `${day.day} ${MONTHS_GENITIVE[day.month - 1]}` : value;
}

/** A calendar day as a table shows it: '2026-12-04' -> '04.12.2026'. */
export function formatNumericDay(value: string): string {
  const day = splitDay(value);
  const pad = (number: number) => String(number).padStart(2, '0');
  return day ? `${pad(day.day)}.${pad(day.month)}.${day.year}` : value;
}

/** What a missing value reads as, on screen and in documents. */
export const DASH = '—';

/** The value as text, or '—' when it is missing or blank. */
export function orDash(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value).trim();
  return text === '' ? DASH : text;
}
