import { describe, expect, it } from 'vitest';
import type { Appeal, AppealsRegisterItem } from '#domain/contract.ts';
import { appealTermLine, asksExaminer, openFirst, registerTermLine } from '../lib/appeal-rules.ts';

// The appeals' pure rules (docs/product.md «Appeals»): the term's line as every term reads, who names the examiner,
// the register's order.

const letter = {
  id: 1,
  url: 'x',
  fileName: 'Ответ_на_жалобу.pdf',
  size: 1,
  sha256: null,
  change: null,
  previousUrl: null,
  signature: null,
  signatureFile: null,
};
const decided = (decidedAt: string): Appeal['decision'] => ({
  upheld: true,
  text: 'Удовлетворена',
  decidedAt,
  decidedBy: null,
  letter,
});

describe('appealTermLine', () => {
  const due = '2026-12-22';
  it.each([
    [
      'running',
      { status: 'filed', overdue: false, decision: null },
      '2026-12-01',
      'running',
      'Срок ответа — до 22 декабря 2026 г.',
    ],
    [
      'its last day',
      { status: 'filed', overdue: false, decision: null },
      '2026-12-22',
      'due',
      'Срок ответа — до 22 декабря 2026 г. (сегодня последний день)',
    ],
    [
      'overdue',
      { status: 'filed', overdue: true, decision: null },
      '2026-12-23',
      'overdue',
      'Срок ответа истёк 22 декабря 2026 г.',
    ],
    [
      'answered in time (the committee day of the decision, Moscow time)',
      { status: 'upheld', overdue: false, decision: decided('2026-12-22T20:59:00.000Z') },
      '2026-12-24',
      'on-time',
      'Ответ дан 22 декабря 2026 г. — в срок',
    ],
    [
      'answered late',
      { status: 'dismissed', overdue: false, decision: decided('2026-12-22T21:00:00.000Z') },
      '2026-12-24',
      'late',
      'Ответ дан 23 декабря 2026 г. — с опозданием (срок истёк 22 декабря 2026 г.)',
    ],
  ] as const)('%s', (_, appeal, today, tone, text) => {
    expect(appealTermLine({ ...appeal, dueDate: due }, today)).toEqual({ tone, text, provisional: false });
  });
});

describe('registerTermLine', () => {
  it.each([
    ['filed', false, { tone: 'running', text: 'Ответить до 8 декабря 2026 г.', provisional: false }],
    ['filed', true, { tone: 'overdue', text: 'Ответить до 8 декабря 2026 г. (срок истёк)', provisional: false }],
    ['upheld', false, null],
    ['dismissed', false, null],
  ] as const)('%s, overdue %s', (status, overdue, line) => {
    expect(registerTermLine({ status, overdue, dueDate: '2026-12-08' })).toEqual(line);
  });
});

describe('asksExaminer', () => {
  it.each([
    ['decision_refusal', 'upheld', true],
    ['acceptance_refusal', 'upheld', true],
    ['decision_refusal', 'dismissed', false],
    ['missed_term', 'upheld', false],
    ['correction_refusal', 'upheld', false],
    ['other', 'upheld', false],
    ['decision_refusal', '', false],
  ] as const)('%s %s: %s', (subject, outcome, asks) => {
    expect(asksExaminer(subject, outcome)).toBe(asks);
  });
});

describe('openFirst', () => {
  const row = (id: number, status: AppealsRegisterItem['status'], dueDate: string, filedAt: string) =>
    ({ id, status, dueDate, filedAt }) as AppealsRegisterItem;
  it('puts open appeals first by due date then filing, the answered ones after in the order given', () => {
    const rows = [
      row(1, 'upheld', '2026-01-10', '2026-01-01T00:00:00Z'),
      row(2, 'filed', '2026-12-22', '2026-12-01T10:00:00Z'),
      row(3, 'dismissed', '2026-01-05', '2026-01-02T00:00:00Z'),
      row(4, 'filed', '2026-12-08', '2026-12-01T12:00:00Z'),
      row(5, 'filed', '2026-12-22', '2026-12-01T09:00:00Z'),
    ];
    expect(openFirst(rows).map((r) => r.id)).toEqual([4, 5, 2, 1, 3]);
  });
});
