import { describe, expect, it } from 'vitest';
import type { Correction, Statement } from '#domain/contract.ts';
import { CORRECTION_TEXTS, replacedLine, replacesLine } from '#domain/corrections.ts';
import { petitionTextTooLong } from '#domain/petitions.ts';
import { correctionTermLine } from '#lib/deadline.ts';
import { approvalStage, statementItem } from '../../../test-support/statements.ts';
import {
  canRequestCorrection,
  currentRequisites,
  validateCorrectionAnswer,
  validateCorrectionRequest,
} from '../rules.ts';
import { correctionTexts } from '../texts.ts';

const correction = (change: Partial<Correction> = {}): Correction => ({
  id: 1,
  text: 'Опечатка в адресе',
  status: 'requested',
  requestedAt: '2026-11-02T07:00:00.000Z',
  requestedBy: 'Иванов Иван Иванович',
  dueDate: '2026-11-10',
  deadline: { dueDate: '2026-11-10', workingDaysLeft: 3, provisional: false },
  answer: null,
  answeredAt: null,
  replacesDate: '2026-10-30T09:00:00.000Z',
  checkUrl: null,
  requisites: null,
  files: [],
  ...change,
});

describe('asking for a correction', () => {
  it('needs a description of at most 10,000 characters', () => {
    expect(validateCorrectionRequest({ text: '  ' })).toEqual({ text: CORRECTION_TEXTS.textRequired });
    expect(validateCorrectionRequest({ text: 'а'.repeat(10_001) })).toEqual({ text: petitionTextTooLong() });
    expect(validateCorrectionRequest({ text: 'а'.repeat(10_000) })).toEqual({});
  });

  it('is offered for an approved statement with its certificate and no request waiting', () => {
    const approved = (fields: Partial<Statement> = {}) =>
      statementItem({ status: 'approved', stages: [approvalStage('Свидетельство_1001.pdf')], ...fields });
    expect(canRequestCorrection(approved())).toBe(true);
    expect(canRequestCorrection(approved({ status: 'under_review' }))).toBe(false);
    expect(canRequestCorrection(approved({ corrections: [correction()] }))).toBe(false);
    expect(canRequestCorrection(approved({ corrections: [correction({ status: 'declined' })] }))).toBe(true);
    // An approval given without its certificate has nothing to correct.
    expect(canRequestCorrection(approved({ stages: [approvalStage('Письмо.pdf')] }))).toBe(false);
    expect(canRequestCorrection(approved({ stages: [] }))).toBe(false);
  });
});

describe('answering a correction', () => {
  const values = { objectName: 'Школа', address: '', cadastralNumber: '', note: '' };

  it('declines only with a reason, and corrects with requisites checked like the create form', () => {
    expect(validateCorrectionAnswer(false, values)).toEqual({ note: CORRECTION_TEXTS.noteRequired });
    expect(validateCorrectionAnswer(false, { ...values, note: 'Ошибки нет' })).toEqual({});
    expect(validateCorrectionAnswer(true, values)).toEqual({});
    expect(validateCorrectionAnswer(true, { ...values, objectName: ' ' })).toEqual({
      objectName: 'Укажите наименование объекта',
    });
    expect(validateCorrectionAnswer(true, { ...values, cadastralNumber: '77:1' })).toEqual({
      cadastralNumber: 'Некорректный кадастровый номер',
    });
  });

  it('starts from the certificate in force: the last corrected one, else the statement', () => {
    const statement = statementItem({ title: 'Школа', address: 'ул. Садвая, 1', cadastralNumber: null });
    expect(currentRequisites(statement)).toEqual({
      objectName: 'Школа',
      address: 'ул. Садвая, 1',
      cadastralNumber: '',
    });
    const corrected = correction({
      status: 'corrected',
      requisites: { objectName: 'Школа', address: 'ул. Садовая, 1', cadastralNumber: '50:21:0120301:77' },
    });
    expect(currentRequisites({ ...statement, corrections: [corrected, correction({ id: 2 })] })).toEqual({
      objectName: 'Школа',
      address: 'ул. Садовая, 1',
      cadastralNumber: '50:21:0120301:77',
    });
  });
});

describe('the words of a correction', () => {
  it('reads its term as the review term is read, overdue included, and nothing once answered', () => {
    expect(correctionTermLine(correction().deadline)).toMatchObject({
      tone: 'running',
      text: 'Срок исправления — до 10 ноября 2026 г. (осталось 3 рабочих дня)',
    });
    expect(correctionTermLine({ dueDate: '2026-11-10', workingDaysLeft: -2, provisional: false })).toMatchObject({
      tone: 'overdue',
      text: 'Срок исправления истёк 10 ноября 2026 г. (просрочено на 2 рабочих дня)',
    });
    expect(correctionTermLine(null)).toBeNull();
  });

  it('dates a request by the committee’s day', () => {
    // 22:30 UTC is already the next day in Moscow.
    expect(correctionTexts.requestedOn('2026-11-19T22:30:00.000Z', 'Иванов Иван Иванович')).toBe(
      'Запрос от 20 ноября 2026 г., Иванов Иван Иванович',
    );
    expect(correctionTexts.requestedOn('2026-11-19T10:00:00.000Z', null)).toBe('Запрос от 19 ноября 2026 г.');
  });

  it('names the replaced certificate on the corrected one and on the old check', () => {
    expect(replacesLine('30.10.2026')).toBe('взамен ранее выданного от 30.10.2026');
    expect(replacedLine('02.11.2026')).toBe('Свидетельство заменено исправленным от 02.11.2026');
  });
});
