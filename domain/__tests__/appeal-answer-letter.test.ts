// Renders the answer to an appeal ('Ответ на жалобу') in Node and reads it back with poppler: the statement's head,
// the appeal, the decision with what it changed, the reasoning, the law and the head who answered; the same data
// makes the same bytes.
import { afterAll, describe, expect, it } from 'vitest';
import {
  APPEAL_OUTCOMES,
  type AppealAnswerData,
  appealAnswerTexts,
  renderAppealAnswerLetter,
} from '../pdf/appeal-answer-letter.ts';
import { fonts, letterFolder, poppler, readBack } from './pdf-reader.ts';

const { dir, remove } = letterFolder('appeal-answer-');
afterAll(remove);

const data: AppealAnswerData = {
  visibleId: 57,
  submittedAt: new Date('2026-11-02T09:00:00Z'),
  objectName: 'Торговый центр',
  address: 'г. Энск, ул. Заводская, д. 4',
  cadastralNumber: null,
  companyName: 'ООО «СтройПроект»',
  companyInn: '7701234567',
  companyKpp: '770101001',
  companyOgrn: '1027700132195',
  subject: 'decision_refusal',
  filedAt: new Date('2026-11-20T10:00:00Z'),
  filedBy: 'Иванов Иван Иванович',
  upheld: true,
  text: 'Основание отказа не подтвердилось: раздел с фасадами в комплекте был.',
  decidedAt: new Date('2026-11-26T21:30:00Z'),
  decidedBy: 'Орлова Елена Викторовна',
};

describe.skipIf(!poppler)('the answer to an appeal', () => {
  it('holds the head, the appeal, the decision with its outcome, the reasoning, the law and the head', async () => {
    const { flat, info, bytes } = await readBack(dir, 'upheld.pdf', await renderAppealAnswerLetter(data, fonts));
    expect(info).toMatch(/Page size:\s+595\.2\d? x 841\.8\d? pts \(A4\)/);
    for (const expected of [
      'Комитет по архитектуре и градостроительству',
      'Ответ на жалобу',
      'по заявлению № 57 от 02.11.2026',
      'Регистрационный номер: № 57',
      // 21:30 UTC is the next day in the committee's zone.
      'Дата: 27.11.2026',
      'Наименование объекта: Торговый центр',
      'Кадастровый номер земельного участка: —',
      'Заявитель: ООО «СтройПроект»',
      'Жалоба от 20.11.2026: Отказ в согласовании',
      'Подал жалобу: Иванов Иван Иванович',
      'Решение: жалоба удовлетворена.',
      APPEAL_OUTCOMES.decision_refusal,
      'Обоснование: Основание отказа не подтвердилось: раздел с фасадами в комплекте был.',
      '№ 210-ФЗ',
      'Руководитель отдела: Орлова Елена Викторовна',
      'Страница 1 из 1',
    ]) {
      expect(flat).toContain(expected);
    }
    const again = await readBack(dir, 'upheld-again.pdf', await renderAppealAnswerLetter(data, fonts));
    expect(again.bytes.equals(bytes)).toBe(true);
    expect(appealAnswerTexts.fileName(57, 2)).toBe('Ответ_на_жалобу_57-2.pdf');
  });

  it('says a dismissal without an outcome, and names a refusal to accept as the subject', async () => {
    const { flat } = await readBack(
      dir,
      'dismissed.pdf',
      await renderAppealAnswerLetter({ ...data, upheld: false, subject: 'acceptance_refusal' }, fonts),
    );
    expect(flat).toContain('Решение: в удовлетворении жалобы отказано.');
    expect(flat).toContain('Жалоба от 20.11.2026: Отказ в приёме документов');
    expect(flat).not.toContain(APPEAL_OUTCOMES.acceptance_refusal);
  });
});
