import { describe, expect, it } from 'vitest';
import type { ReviewDeadline } from '#domain/contract.ts';
import { countOverdue, isOverdue } from '../lib/overdue.ts';

const term = (workingDaysLeft: number): ReviewDeadline => ({
  dueDate: '2026-12-04',
  workingDaysLeft,
  provisional: false,
});

describe('overdue statements (the examiner sidebar)', () => {
  it('counts only a term that is over', () => {
    expect(isOverdue({ reviewDeadline: term(-1) })).toBe(true);
    expect(isOverdue({ reviewDeadline: term(0) })).toBe(false);
    expect(
      countOverdue([
        { reviewDeadline: term(-1) },
        { reviewDeadline: term(-12) },
        { reviewDeadline: term(0) },
        { reviewDeadline: term(4) },
        { reviewDeadline: null },
        {},
      ]),
    ).toBe(2);
  });

  it('counts an intake check past its term as the server’s counters do', () => {
    expect(isOverdue({ reviewDeadline: term(5), intakeDeadline: term(-1) })).toBe(true);
    expect(isOverdue({ reviewDeadline: term(5), intakeDeadline: term(0) })).toBe(false);
    expect(countOverdue([{ intakeDeadline: term(-2) }, { intakeDeadline: null }, { reviewDeadline: term(-1) }])).toBe(
      2,
    );
  });
});
