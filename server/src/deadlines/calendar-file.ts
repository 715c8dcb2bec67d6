import { addDays, type CalendarYear, FIXED_HOLIDAYS, type IsoDate, isIsoDate, isWeekend, yearOf } from './calendar.ts';

/**
 * The file an admin loads a year's production calendar from (`npm run admin -- calendar-import`), UTF-8 text:
 *
 *   # Производственный календарь на 2027 год
 *   нерабочие: 2027-01-01..2027-01-08, 2027-02-22, 2027-02-23
 *   рабочие: 2027-11-06
 *
 * `нерабочие` lists the weekdays off (holidays and moved days off), one date or a range `from..to` (weekends inside
 * a range are allowed); `рабочие` lists the Saturdays and Sundays that are worked. Either line may repeat; `#`
 * starts a comment. Every other weekday is worked, every other weekend day is not.
 */
const CALENDAR_FILE_KEYS = { nonWorking: 'нерабочие', working: 'рабочие' } as const;

/** The largest calendar file: a year's is well under a kilobyte, and each of its days is looked at once per mention. */
export const MAX_CALENDAR_FILE_CHARS = 64 * 1024;
/** Problems named one by one; the rest are counted in one line ('и ещё N'). */
export const MAX_CALENDAR_PROBLEMS = 20;

/** A file that is not one whole valid year: its problems in Russian, one per line, the first 20 and a count of the rest. */
export class CalendarFileError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Файл календаря не принят:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    this.problems = problems;
  }
}

/** The causes that make a file another one altogether: said once, instead of a line per date. */
export const CALENDAR_FILE_TEXTS = {
  notACalendar:
    'Это не файл производственного календаря: в нём нет ни строки «нерабочие:», ни строки «рабочие:» с датами.',
  otherYear: (years: readonly number[], year: number) =>
    `Все даты в файле — ${years.join(', ')} года, а загружается календарь на ${year} год. Выберите файл на ${year} год.`,
} as const;

const WEEKDAY_NAMES = ['воскресенье', 'понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота'];

function weekdayName(date: IsoDate): string {
  return WEEKDAY_NAMES[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? '';
}

/** Reads and checks a year's calendar file; throws CalendarFileError listing everything wrong with it. */
export function parseCalendarFile(year: number, text: string): CalendarYear {
  if (text.length > MAX_CALENDAR_FILE_CHARS) {
    throw new CalendarFileError([
      `Файл календаря больше ${MAX_CALENDAR_FILE_CHARS / 1024} КБ: в нём должен быть один год`,
    ]);
  }
  const named: string[] = [];
  let unnamed = 0;
  // A file of thousands of repeated ranges has millions of problems: the answer names the first few.
  const problems = {
    push(problem: string) {
      if (named.length < MAX_CALENDAR_PROBLEMS) named.push(problem);
      else unnamed += 1;
    },
    get length() {
      return named.length + unnamed;
    },
  };
  const listed = new Map<IsoDate, number>();
  const nonWorking: IsoDate[] = [];
  const working: IsoDate[] = [];
  if (!Number.isInteger(year) || year < 2000 || year > 2100) {
    throw new CalendarFileError([`Год ${year} вне допустимого диапазона 2000–2100`]);
  }

  const list = (line: number, day: IsoDate, inRange: boolean, isWorking: boolean) => {
    const first = listed.get(day);
    if (first !== undefined) {
      problems.push(`строка ${line}: ${day} уже указан${first === line ? ' в этой строке' : ` в строке ${first}`}`);
      return;
    }
    listed.set(day, line);
    if (isWorking) {
      if (!isWeekend(day)) problems.push(`строка ${line}: ${day} (${weekdayName(day)}) — будний день и так рабочий`);
      else working.push(day);
    } else if (isWeekend(day)) {
      if (!inRange) problems.push(`строка ${line}: ${day} (${weekdayName(day)}) — выходной и без этого списка`);
    } else {
      nonWorking.push(day);
    }
  };

  // What says the file is another one altogether (not a calendar, another year's): then that is its one problem.
  let calendarLines = 0;
  let dates = 0;
  let outside = 0;
  const otherYears = new Set<number>();

  for (const [index, raw] of text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .entries()) {
    const line = index + 1;
    const content = raw.replace(/#.*$/, '').trim();
    if (content === '') continue;
    const match = /^([^:]+):(.*)$/.exec(content);
    const key = match?.[1]?.trim().toLowerCase();
    if (!match || (key !== CALENDAR_FILE_KEYS.nonWorking && key !== CALENDAR_FILE_KEYS.working)) {
      problems.push(`строка ${line}: ожидается «нерабочие: даты» или «рабочие: даты», а не «${content}»`);
      continue;
    }
    calendarLines += 1;
    const isWorking = key === CALENDAR_FILE_KEYS.working;
    for (const item of (match[2] ?? '').split(/[\s,;]+/).filter(Boolean)) {
      const [from, to, ...extra] = item.split('..');
      if (from === undefined || extra.length > 0 || !isIsoDate(from) || (to !== undefined && !isIsoDate(to))) {
        problems.push(`строка ${line}: «${item}» — не дата ГГГГ-ММ-ДД и не диапазон ГГГГ-ММ-ДД..ГГГГ-ММ-ДД`);
        continue;
      }
      const last = to ?? from;
      dates += 1;
      if (yearOf(from) !== year || yearOf(last) !== year) {
        outside += 1;
        otherYears.add(yearOf(from) === year ? yearOf(last) : yearOf(from));
        problems.push(`строка ${line}: «${item}» — вне ${year} года`);
        continue;
      }
      if (last < from) {
        problems.push(`строка ${line}: «${item}» — конец диапазона раньше начала`);
        continue;
      }
      if (isWorking && to !== undefined) {
        problems.push(`строка ${line}: «${item}» — рабочие выходные перечисляются по одному`);
        continue;
      }
      for (let day = from; day <= last; day = addDays(day, 1)) list(line, day, to !== undefined, isWorking);
    }
  }

  if (calendarLines === 0) throw new CalendarFileError([CALENDAR_FILE_TEXTS.notACalendar]);
  if (dates > 0 && outside === dates) {
    throw new CalendarFileError([CALENDAR_FILE_TEXTS.otherYear([...otherYears].sort(), year)]);
  }
  // A whole year names every holiday of Labour Code art. 112 that falls on a weekday, and works none of them; missing
  // holidays of a file with other problems are their consequence, not a cause of their own.
  for (const monthDay of problems.length > 0 ? [] : FIXED_HOLIDAYS) {
    const day = `${year}-${monthDay}`;
    if (working.includes(day))
      problems.push(`${day} — нерабочий праздничный день (ст. 112 ТК РФ), он не может быть рабочим`);
    else if (!isWeekend(day) && !nonWorking.includes(day)) {
      problems.push(
        `${day} (${weekdayName(day)}) — праздник по ст. 112 ТК РФ не указан среди нерабочих: это не весь год`,
      );
    }
  }
  if (problems.length > 0) throw new CalendarFileError(unnamed > 0 ? [...named, `и ещё ${unnamed}`] : named);
  return { year, nonWorking: nonWorking.sort(), working: working.sort() };
}

/** The file text of a year (what `parseCalendarFile` reads back): for the shipped years and the docs. */
export function formatCalendarFile(calendar: CalendarYear): string {
  const lines = [`# Производственный календарь на ${calendar.year} год`];
  if (calendar.nonWorking.length > 0) lines.push(`нерабочие: ${calendar.nonWorking.join(', ')}`);
  if (calendar.working.length > 0) lines.push(`рабочие: ${calendar.working.join(', ')}`);
  return `${lines.join('\n')}\n`;
}
