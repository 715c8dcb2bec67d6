import { workingDays } from './russian.ts';

// A year of the Russian production calendar has about 247 working days. A file that gives a year far fewer or far more
// is almost always a wrong file (the wrong year's, a range typed over the whole year), and it would move every running
// term: the screen and the CLI load such a year only when the head confirms it (docs/product.md «Administration»).

/** The working days a real year has, both included. */
export const USUAL_WORKING_DAYS = { min: 200, max: 300 } as const;

/** What looks wrong about a year of `count` working days, in Russian; null when the count is usual. */
export function unusualYearWarning(year: number, count: number): string | null {
  if (count >= USUAL_WORKING_DAYS.min && count <= USUAL_WORKING_DAYS.max) return null;
  return (
    `В ${year} году получается ${workingDays(count)}, а обычно их от ${USUAL_WORKING_DAYS.min} до ${USUAL_WORKING_DAYS.max}. ` +
    'Проверьте файл или подтвердите, что так и задумано.'
  );
}
