import { describe, expect, it } from 'vitest';
import type { Appeal, StageFile } from '#domain/contract.ts';
import { canSignAppealAnswer } from '../sign-decision.ts';

// 'Подписать решение' beside an appeal's answer letter (docs/product.md «Signatures»): the head who decided the appeal
// only, and only while the letter is unsigned.

const HEAD = 7;
const letter: StageFile = {
  id: 1,
  url: 'letters/answer.pdf',
  fileName: 'Ответ_на_жалобу_1.pdf',
  size: 1,
  sha256: null,
  change: null,
  previousUrl: null,
  signature: null,
  signatureFile: null,
};
const appeal = (decision: Partial<NonNullable<Appeal['decision']>> | null): Appeal => ({
  id: 1,
  subject: 'decision_refusal',
  text: 'Фасады в альбоме есть',
  files: [],
  filedAt: '2026-11-20T10:00:00.000Z',
  filedBy: 'Иванов Иван Иванович',
  dueDate: '2026-12-11',
  overdue: false,
  status: decision ? 'dismissed' : 'filed',
  decision: decision
    ? {
        upheld: false,
        text: 'Фасадов нет',
        decidedAt: '2026-11-25T10:00:00.000Z',
        decidedBy: 'Орлова Елена Викторовна',
        deciderId: HEAD,
        letter,
        ...decision,
      }
    : null,
});

describe('canSignAppealAnswer', () => {
  it('offers the unsigned letter to the head who decided', () => {
    expect(canSignAppealAnswer(appeal({}), HEAD)).toBe(true);
  });

  it('offers it to no one else, nor before a decision, nor once signed', () => {
    expect(canSignAppealAnswer(appeal({}), HEAD + 1)).toBe(false);
    expect(canSignAppealAnswer(appeal({}), null)).toBe(false);
    expect(canSignAppealAnswer(appeal({ deciderId: null }), null)).toBe(false);
    expect(canSignAppealAnswer(appeal(null), HEAD)).toBe(false);
    const signatureFile = { id: 2, url: 'letters/answer.pdf.sig', fileName: 'Ответ.pdf.sig', size: 1, sha256: null };
    expect(canSignAppealAnswer(appeal({ letter: { ...letter, signatureFile } }), HEAD)).toBe(false);
  });
});
