import { describe, expect, it } from 'vitest';
import {
  CALENDAR_2026,
  daysOfYear,
  localDate,
  SHIPPED_YEARS,
  statutoryYear,
  WorkingCalendar,
} from '../../server/src/deadlines/calendar.ts';
import { CalendarFileError, formatCalendarFile, parseCalendarFile } from '../../server/src/deadlines/calendar-file.ts';
import { reviewDeadline, termOutcome, workingDaysLeft } from '../../server/src/deadlines/term.ts';

const shipped = new WorkingCalendar(SHIPPED_YEARS);
const MOSCOW = 'Europe/Moscow';

describe('the 2026 production calendar (ПП РФ от 24.09.2025 № 1466)', () => {
  it('has 247 working days', () => {
    expect(shipped.workingDaysIn(2026)).toBe(247);
  });

  it('rests on exactly the days the decree names, weekends included', () => {
    const ranges = [
      ['01-01', '01-11'],
      ['02-21', '02-23'],
      ['03-07', '03-09'],
      ['05-01', '05-03'],
      ['05-09', '05-11'],
      ['06-12', '06-14'],
      ['11-04', '11-04'],
      ['12-31', '12-31'],
    ];
    const named = new Set(
      daysOfYear(2026).filter((day) =>
        ranges.some(([from, to]) => day.slice(5) >= (from ?? '') && day.slice(5) <= (to ?? '')),
      ),
    );
    for (const day of daysOfYear(2026)) {
      const weekend = [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
      expect(shipped.isWorkingDay(day), day).toBe(!weekend && !named.has(day));
    }
    expect(shipped.isProvisional(2026)).toBe(false);
  });
});

describe('a year without data (Labour Code art. 112)', () => {
  it('rests on the weekday holidays and moves a weekend holiday to the next working day, January ones excepted', () => {
    // 2027: January 1 is a Friday; May 1 and June 12 fall on Saturdays, May 9 on a Sunday.
    expect(statutoryYear(2027).nonWorking).toEqual([
      '2027-01-01',
      '2027-01-04',
      '2027-01-05',
      '2027-01-06',
      '2027-01-07',
      '2027-01-08',
      '2027-02-23',
      '2027-03-08',
      '2027-05-03',
      '2027-05-10',
      '2027-06-14',
      '2027-11-04',
    ]);
    expect(shipped.workingDaysIn(2027)).toBe(249);
    expect(shipped.isProvisional(2027)).toBe(true);
    // 2028: January 1 and 2 are a Saturday and a Sunday; only a decree moves them, so Monday the 10th is worked.
    expect(shipped.isWorkingDay('2028-01-10')).toBe(true);
    expect(shipped.isWorkingDay('2028-01-07')).toBe(false);
    // 2028: February 23 is a Wednesday, March 8 a Wednesday; 2026's shipped data is not used for it.
    expect(shipped.isWorkingDay('2028-02-23')).toBe(false);
  });

  it('uses a loaded year instead of the statute', () => {
    const loaded = new WorkingCalendar([...SHIPPED_YEARS, { year: 2027, nonWorking: ['2027-01-01'], working: [] }]);
    expect(loaded.isProvisional(2027)).toBe(false);
    expect(loaded.isWorkingDay('2027-01-04')).toBe(true);
  });
});

describe('the due date: the N-th working day strictly after the receipt date', () => {
  const cases: Array<{ what: string; receipt: string; days?: number; due: string; provisional: boolean }> = [
    { what: 'a Friday receipt', receipt: '2026-11-20T09:00:00+03:00', due: '2026-12-04', provisional: false },
    { what: 'before the May holidays', receipt: '2026-04-30T12:00:00+03:00', due: '2026-05-18', provisional: false },
    { what: 'on a holiday', receipt: '2026-01-05T10:00:00+03:00', due: '2026-01-23', provisional: false },
    { what: 'on a Sunday', receipt: '2026-06-14T10:00:00+03:00', due: '2026-06-26', provisional: false },
    { what: 'at 23:30 Moscow time', receipt: '2026-11-19T23:30:00+03:00', due: '2026-12-03', provisional: false },
    { what: 'at 00:30 Moscow time', receipt: '2026-11-20T00:30:00+03:00', due: '2026-12-04', provisional: false },
    { what: 'across the New Year', receipt: '2026-12-24T10:00:00+03:00', due: '2027-01-18', provisional: true },
    {
      what: 'a one-day term on a Friday',
      receipt: '2026-11-20T10:00:00+03:00',
      days: 1,
      due: '2026-11-23',
      provisional: false,
    },
    { what: 'a 20-day term', receipt: '2026-11-20T10:00:00+03:00', days: 20, due: '2026-12-18', provisional: false },
    { what: 'inside a year without data', receipt: '2027-03-05T10:00:00+03:00', due: '2027-03-22', provisional: true },
  ];
  it.each(cases)('$what: $receipt → $due', ({ receipt, days = 10, due, provisional }) => {
    const start = new Date(receipt).toISOString();
    const deadline = reviewDeadline(shipped, { start, days }, new Date(receipt), MOSCOW);
    expect(deadline.dueDate).toBe(due);
    expect(deadline.provisional).toBe(provisional);
    expect(deadline.workingDaysLeft).toBe(days);
  });

  it('counts the receipt date in the committee time zone, not UTC', () => {
    const lateEvening = new Date('2026-11-19T20:30:00Z'); // 23:30 in Moscow, still Thursday
    expect(localDate(lateEvening, MOSCOW)).toBe('2026-11-19');
    expect(localDate(new Date('2026-11-19T21:30:00Z'), MOSCOW)).toBe('2026-11-20');
    expect(localDate(new Date('2026-11-19T21:30:00Z'), 'UTC')).toBe('2026-11-19');
    expect(localDate(new Date('2026-11-19T21:30:00Z'), 'Asia/Vladivostok')).toBe('2026-11-20');
  });

  it('agrees with Intl on every instant, in zones with summer time and odd offsets', () => {
    for (const zone of [
      'Europe/Moscow',
      'Europe/Berlin',
      'America/New_York',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
    ]) {
      const reference = new Intl.DateTimeFormat('en-CA', { timeZone: zone });
      for (let ms = Date.parse('2026-01-01T00:00:00Z'); ms < Date.parse('2027-01-01T00:00:00Z'); ms += 37 * 60_000) {
        const instant = new Date(ms);
        if (localDate(instant, zone) !== reference.format(instant)) {
          expect(localDate(instant, zone), `${zone} ${instant.toISOString()}`).toBe(reference.format(instant));
        }
      }
    }
  });
});

describe('working days left', () => {
  const cases: Array<[today: string, left: number]> = [
    ['2026-11-20', 10], // the receipt day itself
    ['2026-12-01', 3],
    ['2026-12-03', 1],
    ['2026-12-04', 0],
    ['2026-12-05', -1], // the Saturday after: over, though no working day has passed yet
    ['2026-12-06', -1],
    ['2026-12-07', -1],
    ['2026-12-08', -2],
    ['2026-12-12', -6],
  ];
  it.each(cases)('due 2026-12-04, today %s → %i', (today, left) => {
    expect(workingDaysLeft(shipped, '2026-12-04', today)).toBe(left);
  });

  it('turns provisional when the days counted overdue reach a year without data', () => {
    const term = { start: '2026-12-01T07:00:00.000Z', days: 10 };
    expect(reviewDeadline(shipped, term, new Date('2026-12-10T12:00:00Z'), MOSCOW).provisional).toBe(false);
    const late = reviewDeadline(shipped, term, new Date('2027-01-12T12:00:00Z'), MOSCOW);
    expect(late).toEqual({ dueDate: '2026-12-15', workingDaysLeft: -13, provisional: true });
  });
});

describe('a decision against the term', () => {
  const term = { start: '2026-11-20T06:00:00.000Z', days: 10 };
  it.each([
    ['2026-12-04T20:59:00Z', true], // 23:59 in Moscow on the due date
    ['2026-12-04T21:00:00Z', false], // midnight in Moscow: the next day
    ['2026-11-23T09:00:00Z', true],
  ])('at %s is on time: %s', (at, onTime) => {
    expect(termOutcome(shipped, term, new Date(at), MOSCOW)).toEqual({ dueDate: '2026-12-04', onTime });
  });
});

describe('the calendar file', () => {
  const year2027 = `# Производственный календарь на 2027 год (пример)
нерабочие: 2027-01-01..2027-01-08   # новогодние каникулы (выходные внутри диапазона можно)
нерабочие: 2027-02-22, 2027-02-23, 2027-03-08
нерабочие: 2027-05-03, 2027-05-10, 2027-06-14, 2027-11-04, 2027-12-31
рабочие: 2027-02-20
`;

  it('reads a whole year: weekdays off and worked weekend days', () => {
    const calendar = parseCalendarFile(2027, year2027);
    expect(calendar.nonWorking).toContain('2027-01-04');
    expect(calendar.nonWorking).not.toContain('2027-01-02'); // a Saturday inside the range
    expect(calendar.working).toEqual(['2027-02-20']);
    expect(new WorkingCalendar([calendar]).workingDaysIn(2027)).toBe(261 - 14 + 1);
  });

  it('reads back the shipped 2026 as the same year', () => {
    expect(parseCalendarFile(2026, formatCalendarFile(CALENDAR_2026))).toEqual(CALENDAR_2026);
  });

  const refuse = (year: number, text: string): string[] => {
    try {
      parseCalendarFile(year, text);
    } catch (error) {
      if (error instanceof CalendarFileError) return error.problems;
      throw error;
    }
    throw new Error('the file was accepted');
  };

  it.each([
    ['a date of another year', `${year2027}нерабочие: 2028-01-03\n`, 'строка 6: «2028-01-03» — вне 2027 года'],
    ['a date listed twice', `${year2027}нерабочие: 2027-03-08\n`, 'строка 6: 2027-03-08 уже указан в строке 3'],
    [
      'a weekday listed as working',
      `${year2027}рабочие: 2027-03-10\n`,
      'строка 6: 2027-03-10 (среда) — будний день и так рабочий',
    ],
    [
      'a single weekend listed as off',
      `${year2027}нерабочие: 2027-03-13\n`,
      'строка 6: 2027-03-13 (суббота) — выходной и без этого списка',
    ],
    [
      'no such date',
      `${year2027}нерабочие: 2027-02-30\n`,
      'строка 6: «2027-02-30» — не дата ГГГГ-ММ-ДД и не диапазон ГГГГ-ММ-ДД..ГГГГ-ММ-ДД',
    ],
    [
      'a reversed range',
      `${year2027}нерабочие: 2027-08-10..2027-08-03\n`,
      'строка 6: «2027-08-10..2027-08-03» — конец диапазона раньше начала',
    ],
    [
      'an unknown line',
      `${year2027}праздники: 2027-08-03\n`,
      'строка 6: ожидается «нерабочие: даты» или «рабочие: даты», а не «праздники: 2027-08-03»',
    ],
  ])('refuses %s', (_what, text, problem) => {
    expect(refuse(2027, text)).toEqual([problem]);
  });

  it('names at most 20 problems and counts the rest, and refuses a file larger than 64 KB at once', () => {
    // Each repeated whole-year range is 365 duplicates: a 100 KB file once made a 77 MB answer.
    const repeated = `${year2027}${'нерабочие: 2027-01-01..2027-12-31\n'.repeat(300)}`;
    const problems = refuse(2027, repeated);
    expect(problems).toHaveLength(21);
    expect(problems.at(-1)).toMatch(/^и ещё \d+$/);
    expect(Number(problems.at(-1)?.slice('и ещё '.length))).toBeGreaterThan(100_000);
    expect(refuse(2027, `${year2027}${'#'.repeat(65 * 1024)}\n`)).toEqual([
      'Файл календаря больше 64 КБ: в нём должен быть один год',
    ]);
  });

  it('refuses a part of a year: every weekday holiday of art. 112 must be off', () => {
    const problems = refuse(2027, 'нерабочие: 2027-01-01..2027-01-08\n');
    expect(problems).toContain(
      '2027-02-23 (вторник) — праздник по ст. 112 ТК РФ не указан среди нерабочих: это не весь год',
    );
    expect(problems).toHaveLength(3); // February 23, March 8, November 4; May 1 and 9, June 12 fall on weekends
  });

  it('says once, by its cause, that a file is another one altogether: not a calendar, or another year', () => {
    const notACalendar = [
      'Это не файл производственного календаря: в нём нет ни строки «нерабочие:», ни строки «рабочие:» с датами.',
    ];
    expect(refuse(2027, '')).toEqual(notACalendar);
    expect(refuse(2027, 'Дата;Тип дня\n01.01.2027;праздник\n02.01.2027;праздник\n'.repeat(5))).toEqual(notACalendar);
    expect(refuse(2027, formatCalendarFile(CALENDAR_2026))).toEqual([
      'Все даты в файле — 2026 года, а загружается календарь на 2027 год. Выберите файл на 2027 год.',
    ]);
    // A file of the right year with one foreign line names that line, not the holidays it then seems to lack.
    expect(refuse(2027, 'нерабочие: 2027-01-01..2027-01-08\nпраздники: 2027-02-23\n')).toEqual([
      'строка 2: ожидается «нерабочие: даты» или «рабочие: даты», а не «праздники: 2027-02-23»',
    ]);
  });

  it('refuses a holiday listed as worked', () => {
    const problems = refuse(2027, year2027.replace('рабочие: 2027-02-20', 'рабочие: 2027-05-01'));
    expect(problems).toEqual(['2027-05-01 — нерабочий праздничный день (ст. 112 ТК РФ), он не может быть рабочим']);
  });

  it('says everything wrong at once, in Russian', () => {
    const error = (() => {
      try {
        parseCalendarFile(2027, `${year2027}нерабочие: 2026-12-30, 2027-13-01\n`);
      } catch (caught) {
        return caught as Error;
      }
      return null;
    })();
    expect(error?.message).toBe(
      'Файл календаря не принят:\n  строка 6: «2026-12-30» — вне 2027 года\n  строка 6: «2027-13-01» — не дата ГГГГ-ММ-ДД и не диапазон ГГГГ-ММ-ДД..ГГГГ-ММ-ДД',
    );
  });
});
