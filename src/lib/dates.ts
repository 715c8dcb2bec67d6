// Dates as the site shows and compares them: ru-RU, local calendar days (spec §5, §9).
import { format, isValid, parseISO } from 'date-fns';
import { ru } from 'date-fns/locale';

/** The list date format of spec §9 ('5 мая, 2024'). */
export const LIST_DATE_FORMAT = 'd MMMM, yyyy';

/** A date from an API string (ISO 8601) or a Date; null when missing or invalid. */
export function parseDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? date : null;
}

/** The local calendar day of `date` as one sortable number (2024-05-05 -> 20240505). */
export function dayKey(date: Date): number {
  return date.getFullYear() * 10_000 + (date.getMonth() + 1) * 100 + date.getDate();
}

/** A date in the list format, month in the genitive ('5 мая, 2024'); empty for a missing or invalid date. */
export function formatListDate(value: string | Date | null | undefined): string {
  const date = parseDate(value);
  return date ? format(date, LIST_DATE_FORMAT, { locale: ru }) : '';
}

/** A notification's date with the month capitalised, as spec §2 writes it ('5 Мая, 2024'); empty when invalid. */
export function formatNotificationDate(value: string | Date | null | undefined): string {
  return formatListDate(value).replace(/ (\p{L})/u, (_, letter: string) => ` ${letter.toUpperCase()}`);
}
