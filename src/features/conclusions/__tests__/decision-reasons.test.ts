import { atom } from 'nanostores';
import { describe, expect, it, vi } from 'vitest';
import { CONCLUSION_TEXTS } from '#domain/conclusions.ts';
import type { Conclusion, Stage, Statement, User } from '#domain/contract.ts';
import { demoExaminer } from '../../../test-support/api-replies.ts';
import { statementItem } from '../../../test-support/statements.ts';

vi.mock('#stores/api.ts', () => ({ api: { GET: vi.fn(), POST: vi.fn() }, QUIET: {} }));

const { createDecisionReasons } = await import('../detail.ts');

// What a decision explains about the conclusions in the reply dialog (docs/product.md «Conclusions»).
const asked = (fields: Partial<Conclusion>): Conclusion => ({
  id: 1,
  statementId: 7,
  body: { id: 3, name: 'Отдел охраны наследия', kind: 'department', termDays: 5 },
  question: 'Согласуйте фасад',
  round: 1,
  requestedAt: '2026-11-02T07:00:00.000Z',
  requestedBy: null,
  dueDate: '2026-11-09',
  overdue: false,
  status: 'requested',
  verdict: null,
  text: null,
  answeredAt: null,
  answeredBy: null,
  files: [],
  withdrawnReason: null,
  ...fields,
});

function reasonsFor(conclusions: Conclusion[], user: User, decision: string | null) {
  const $statement = atom<Statement | null>(
    statementItem({ conclusions, stages: [{ n: 1, isGovernmentAgency: false } as Stage] }),
  );
  return createDecisionReasons({ $statement }, atom(decision), atom<User | null>(user));
}

describe('createDecisionReasons', () => {
  const head = { ...demoExaminer, isHead: true } as User;

  it('asks nothing of a rework, and a head the reason while a body is silent', () => {
    expect(reasonsFor([asked({})], head, 'has_comments').check()).toBe(true);
    const reasons = reasonsFor([asked({})], head, 'approved');
    expect(reasons.check()).toBe(false);
    expect(reasons.form.$errors.get()).toEqual({ overrideReason: CONCLUSION_TEXTS.reasonRequired });
    reasons.form.setValue('overrideReason', ' Срок истекает ');
    expect(reasons.check()).toBe(true);
    expect(reasons.body()).toEqual({ overrideReason: 'Срок истекает' });
  });

  it('sends the reason over a refusal only with an approval', () => {
    const refused = asked({ status: 'answered', verdict: 'not_agreed' });
    const approval = reasonsFor([refused], demoExaminer as User, 'approved');
    approval.form.setValue('disagreementReason', 'Устранено');
    expect(approval.check()).toBe(true);
    expect(approval.body()).toEqual({ disagreementReason: 'Устранено' });
    expect(reasonsFor([refused], demoExaminer as User, 'rejected').body()).toEqual({});
  });

  it("keeps the server's refusal about the conclusions to show in the dialog", () => {
    const reasons = reasonsFor([asked({})], demoExaminer as User, 'approved');
    const failure = {
      status: 409,
      body: { error: 'invalid_transition' as const, message: 'Ожидаются заключения: Отдел охраны наследия' },
    };
    const text = reasons.describe(failure);
    expect(text).toBe('Ожидаются заключения: Отдел охраны наследия');
    reasons.refused(failure, text ?? '');
    expect(reasons.$refusal.get()).toBe('Ожидаются заключения: Отдел охраны наследия');
    expect(
      reasons.describe({ status: 400, body: { error: 'validation_error' as const, message: 'x', field: 'comment' } }),
    ).toBe(null);
  });
});
