import { describe, expect, it } from 'vitest';
import { itMaps } from '#domain/__tests__/table.ts';
import type { ReviewDeadline, StatusHistoryEntry } from '#domain/contract.ts';
import {
  type DeadlineSource,
  deadlineCell,
  deadlineCellText,
  deadlineLine,
  deadlineLineText,
  formatCommitteeMoment,
  intakeTermLine,
  shortDeadline,
} from '../deadline.ts';
import { historyEvent, timelineEntries } from '../timeline.ts';

const term = (workingDaysLeft: number, dueDate = '2026-12-04', provisional = false): ReviewDeadline => ({
  dueDate,
  workingDaysLeft,
  provisional,
});
const entry = (status: StatusHistoryEntry['status'], at: string, change: Partial<StatusHistoryEntry> = {}) =>
  ({
    status,
    at,
    actor: 'Петрова Анна Сергеевна',
    byCommittee: true,
    term: null,
    ...change,
  }) satisfies StatusHistoryEntry;

describe('moments in the committee’s zone', () => {
  itMaps('formatCommitteeMoment(%s)', formatCommitteeMoment, [
    ['2026-11-22T11:30:00.000Z', '22 ноября 2026 г., 14:30 МСК'],
    // Late in the evening UTC is already the next day in Moscow.
    ['2026-12-31T21:05:00.000Z', '1 января 2027 г., 00:05 МСК'],
    ['2026-11-22T14:30:00+03:00', '22 ноября 2026 г., 14:30 МСК'],
    ['not a date', ''],
  ]);
});

describe('deadlineLine: what both details say under the status', () => {
  it.each<[string, DeadlineSource, string | null, string | null]>([
    [
      'a term running',
      { status: 'under_review', reviewDeadline: term(3) },
      'Срок рассмотрения — до 4 декабря 2026 г. (осталось 3 рабочих дня)',
      'running',
    ],
    [
      'one day left',
      { status: 'sent', reviewDeadline: term(1) },
      'Срок рассмотрения — до 4 декабря 2026 г. (остался 1 рабочий день)',
      'running',
    ],
    [
      'a whole term left',
      { status: 'sent', reviewDeadline: term(10) },
      'Срок рассмотрения — до 4 декабря 2026 г. (осталось 10 рабочих дней)',
      'running',
    ],
    [
      'the due day itself',
      { status: 'under_review', reviewDeadline: term(0) },
      'Срок рассмотрения — до 4 декабря 2026 г. (сегодня последний день)',
      'due',
    ],
    [
      'over by two days',
      { status: 'under_review', reviewDeadline: term(-2) },
      'Срок рассмотрения истёк 4 декабря 2026 г. (просрочено на 2 рабочих дня)',
      'overdue',
    ],
    [
      'over by one day',
      { status: 'sent', reviewDeadline: term(-1) },
      'Срок рассмотрения истёк 4 декабря 2026 г. (просрочено на 1 рабочий день)',
      'overdue',
    ],
    [
      'over by five days',
      { status: 'under_review', reviewDeadline: term(-5) },
      'Срок рассмотрения истёк 4 декабря 2026 г. (просрочено на 5 рабочих дней)',
      'overdue',
    ],
    [
      'in a year without a calendar',
      { status: 'under_review', reviewDeadline: term(5, '2027-01-15', true) },
      'Срок рассмотрения — до 15 января 2027 г. (осталось 5 рабочих дней), предварительно',
      'running',
    ],
    [
      'stopped for rework',
      { status: 'has_comments', reviewDeadline: null },
      'Срок рассмотрения остановлен: комитет ждёт новую версию документов',
      'stopped',
    ],
    [
      'approved in time',
      {
        status: 'approved',
        reviewDeadline: null,
        history: [
          entry('sent', '2026-11-20T07:00:00Z', { byCommittee: false }),
          entry('under_review', '2026-11-23T08:00:00Z'),
          entry('approved', '2026-12-03T10:00:00Z', { term: { dueDate: '2026-12-04', onTime: true } }),
        ],
      },
      'Решение принято 3 декабря 2026 г. — в срок',
      'on-time',
    ],
    [
      'rejected late, the date in Moscow time',
      {
        status: 'rejected',
        reviewDeadline: null,
        history: [
          entry('sent', '2026-11-20T07:00:00Z', { byCommittee: false }),
          entry('rejected', '2026-12-02T21:30:00Z', { term: { dueDate: '2026-12-01', onTime: false } }),
        ],
      },
      'Решение принято 3 декабря 2026 г. — с опозданием (срок истёк 1 декабря 2026 г.)',
      'late',
    ],
    [
      'decided, the term not known',
      { status: 'approved', reviewDeadline: null, history: [entry('approved', '2026-12-03T10:00:00Z')] },
      'Решение принято 3 декабря 2026 г.',
      'decided',
    ],
    [
      'refused to accept within the intake term',
      {
        status: 'not_accepted',
        reviewDeadline: null,
        history: [
          entry('sent', '2026-11-20T07:00:00Z', { byCommittee: false }),
          entry('not_accepted', '2026-11-23T10:00:00Z', { term: { dueDate: '2026-11-25', onTime: true } }),
        ],
      },
      'Решение принято 23 ноября 2026 г. — в срок',
      'on-time',
    ],
    [
      'withdrawn by the applicant, the term stopped',
      {
        status: 'withdrawn',
        reviewDeadline: null,
        history: [
          entry('sent', '2026-11-20T07:00:00Z', { byCommittee: false }),
          entry('withdrawn', '2026-11-26T21:10:00Z', { byCommittee: false }),
        ],
      },
      'Рассмотрение прекращено: заявление отозвано 27 ноября 2026 г.',
      'stopped',
    ],
    ['decided, in a list (no history)', { status: 'approved', reviewDeadline: null, history: [] }, null, null],
    ['sent, no term known yet', { status: 'sent', reviewDeadline: null }, null, null],
    ['data older than the contract', { status: 'under_review' }, null, null],
  ])('%s', (_, statement, text, tone) => {
    const line = deadlineLine(statement);
    expect(line && deadlineLineText(line)).toBe(text);
    expect(line?.tone ?? null).toBe(tone);
  });

  it('reads the decision’s own entry, not an earlier stop of the term', () => {
    const line = deadlineLine({
      status: 'approved',
      history: [
        entry('has_comments', '2026-11-25T10:00:00Z', { term: { dueDate: '2026-11-24', onTime: false } }),
        entry('under_review', '2026-11-26T10:00:00Z', { byCommittee: false }),
        entry('approved', '2026-11-27T10:00:00Z', { term: { dueDate: '2026-12-10', onTime: true } }),
      ],
    });
    expect(line?.text).toBe('Решение принято 27 ноября 2026 г. — в срок');
  });
});

describe('the intake term on the news: Проверить до {date}', () => {
  it.each<[ReviewDeadline | null, string | null, string | null]>([
    [term(2), 'Проверить до 4 декабря 2026 г.', 'running'],
    [term(0), 'Проверить до 4 декабря 2026 г. (сегодня последний день)', 'due'],
    [term(-1), 'Проверить до 4 декабря 2026 г. (просрочено на 1 рабочий день)', 'overdue'],
    [term(-3), 'Проверить до 4 декабря 2026 г. (просрочено на 3 рабочих дня)', 'overdue'],
    [term(1, '2027-01-12', true), 'Проверить до 12 января 2027 г., предварительно', 'running'],
    [null, null, null],
  ])('%o', (deadline, text, tone) => {
    const line = intakeTermLine(deadline);
    expect(line && deadlineLineText(line)).toBe(text);
    expect(line?.tone ?? null).toBe(tone);
  });
});

describe('the short forms: the company card and the examiner’s table', () => {
  it.each<[ReviewDeadline | null, string | null, string, string]>([
    [term(3), 'Срок: до 4 декабря', '3 раб. дн.', '3 раб. дн., до 04.12.2026'],
    [term(0), 'Срок: сегодня', 'Последний день', 'Последний день, до 04.12.2026'],
    [term(-2), 'Просрочено на 2 рабочих дня', 'Просрочено на 2 раб. дн.', 'Просрочено на 2 раб. дн., до 04.12.2026'],
    [term(7, '2027-01-20', true), 'Срок: до 20 января', '7 раб. дн.', '7 раб. дн., до 20.01.2027, предварительно'],
    [null, null, '—', '—'],
  ])('%o', (deadline, card, cell, cellText) => {
    expect(shortDeadline(deadline)?.text ?? null).toBe(card);
    expect(deadlineCell(deadline).text).toBe(cell);
    expect(deadlineCellText(deadlineCell(deadline))).toBe(cellText);
  });

  it('marks only a term that is over as overdue', () => {
    expect(deadlineCell(term(-1)).overdue).toBe(true);
    expect(deadlineCell(term(0)).overdue).toBe(false);
  });
});

describe('the history timeline', () => {
  itMaps('%s after %s is %s', historyEvent, [
    ['sent', null, 'submitted'],
    ['under_review', 'sent', 'taken'],
    ['under_review', null, 'taken'],
    ['has_comments', 'under_review', 'rework'],
    ['under_review', 'has_comments', 'new-version'],
    ['approved', 'under_review', 'approved'],
    ['rejected', 'under_review', 'rejected'],
    ['not_accepted', 'sent', 'not-accepted'],
    ['withdrawn', 'has_comments', 'withdrawn'],
    ['archived', 'approved', 'other'],
  ]);

  it('tells the whole story with who, when (Moscow time) and whether the term was kept', () => {
    const entries = timelineEntries([
      entry('sent', '2026-11-20T07:00:00Z', { actor: 'Иванов Иван Иванович', byCommittee: false }),
      entry('under_review', '2026-11-20T09:15:00Z'),
      entry('has_comments', '2026-11-24T12:00:00Z', { term: { dueDate: '2026-12-04', onTime: true } }),
      entry('under_review', '2026-11-25T06:40:00Z', { actor: 'Иванов Иван Иванович', byCommittee: false }),
      entry('rejected', '2026-12-10T13:00:00Z', { actor: ' ', term: { dueDate: '2026-12-09', onTime: false } }),
    ]);
    expect(entries.map(({ label, when, actor, side, term }) => [label, when, actor, side, term])).toEqual([
      ['Заявление подано', '20 ноября 2026 г., 10:00 МСК', 'Иванов Иван Иванович', 'Заявитель', null],
      ['Принято в работу', '20 ноября 2026 г., 12:15 МСК', 'Петрова Анна Сергеевна', 'Комитет', null],
      [
        'Отправлено на доработку',
        '24 ноября 2026 г., 15:00 МСК',
        'Петрова Анна Сергеевна',
        'Комитет',
        'В срок (срок — до 4 декабря 2026 г.)',
      ],
      ['Загружена новая версия', '25 ноября 2026 г., 09:40 МСК', 'Иванов Иван Иванович', 'Заявитель', null],
      ['Отказано', '10 декабря 2026 г., 16:00 МСК', null, 'Комитет', 'С опозданием (срок истёк 9 декабря 2026 г.)'],
    ]);
  });

  it('names a refusal cancelled on appeal and the examiner who reviews again (docs/product.md «Appeals»)', () => {
    const entries = timelineEntries([
      entry('rejected', '2026-12-10T13:00:00Z'),
      entry('under_review', '2026-12-15T08:00:00Z', {
        actor: 'Орлова Елена Викторовна',
        appeal: { appealId: 4, examiner: 'Кузнецова Мария Игоревна' },
      }),
    ]);
    expect(entries.map(({ event, label, actor, notes }) => [event, label, actor, notes])).toEqual([
      ['rejected', 'Отказано', 'Петрова Анна Сергеевна', undefined],
      ['appeal-upheld', 'Решение отменено по жалобе', 'Орлова Елена Викторовна', ['Эксперт: Кузнецова Мария Игоревна']],
    ]);
  });
});
