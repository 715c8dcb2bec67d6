import { describe, expect, it } from 'vitest';
import { canReply, REPLY_CHOICES, replyLabel } from '../examiner-reply.ts';

const examiner = { id: 3, instance: { id: 1, name: 'Комитет' } };
const other = { id: 4, instance: { id: 1, name: 'Комитет' } };
const applicant = { id: 3, instance: null };

describe('canReply', () => {
  it.each([
    ['the assigned examiner in under_review', { status: 'under_review', examinerId: 3 }, examiner, true],
    ['another examiner', { status: 'under_review', examinerId: 3 }, other, false],
    ['a company user with the same id', { status: 'under_review', examinerId: 3 }, applicant, false],
    ['nobody signed in', { status: 'under_review', examinerId: 3 }, null, false],
    ['a statement not assigned yet', { status: 'sent', examinerId: null }, examiner, false],
    ['a statement sent back for rework', { status: 'has_comments', examinerId: 3 }, examiner, false],
    ['an approved statement', { status: 'approved', examinerId: 3 }, examiner, false],
    ['a rejected statement', { status: 'rejected', examinerId: 3 }, examiner, false],
  ] as const)('%s: %s', (_, statement, user, expected) => {
    expect(canReply(statement, user)).toBe(expected);
  });

  it('is false without a statement', () => {
    expect(canReply(null, examiner)).toBe(false);
  });
});

describe('reply choices', () => {
  it('are the product options in order', () => {
    expect(REPLY_CHOICES.map((choice) => choice.label)).toEqual(['На доработку', 'Согласовать', 'Отклонить']);
  });

  it.each([
    ['has_comments', 'На доработку'],
    ['approved', 'Согласовать'],
    ['rejected', 'Отклонить'],
  ] as const)('label %s as %s', (status, label) => {
    expect(replyLabel(status)).toBe(label);
  });
});
