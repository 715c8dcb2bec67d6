// Renders the refusal letters with jspdf and the embedded PT Serif in Node and reads them back with poppler, as the
// applicant's PDF viewer would: the notice of a refusal to accept, every ground with its legal basis, on the
// certificate's page; the same data makes the same bytes.
import { afterAll, describe, expect, it } from 'vitest';
import { REFUSAL_LETTERS, type RefusalLetterData, renderRefusalLetter } from '../pdf/refusal-letter.ts';
import { fonts, letterFolder, poppler, readBack } from './pdf-reader.ts';

const { dir, remove } = letterFolder('refusal-letter-');
afterAll(remove);

const grounds = [
  {
    name: 'Представлен неполный комплект документов',
    legalBasis:
      'Административный регламент предоставления муниципальной услуги, перечень оснований для отказа в приёме документов',
  },
  {
    name: 'Не соблюдены условия признания действительности усиленной квалифицированной электронной подписи (статья 11 Федерального закона № 63-ФЗ)',
    legalBasis: 'Статья 11 Федерального закона от 06.04.2011 № 63-ФЗ «Об электронной подписи»',
  },
];

const data: RefusalLetterData = {
  visibleId: 81,
  submittedAt: new Date('2026-11-20T09:00:00Z'),
  refusedAt: new Date('2026-11-23T21:30:00Z'),
  objectName: 'Жилой дом с подземной автостоянкой',
  address: 'г. Энск, пр. Мира, д. 12',
  cadastralNumber: '77:01:0001001:1234',
  companyName: 'ООО «СтройПроект»',
  companyInn: '7701234567',
  companyKpp: '770101001',
  companyOgrn: '1027700132195',
  grounds,
  explanation: 'Нет раздела с фасадами и подписи главного архитектора проекта',
  examiner: 'Смирнов Алексей Петрович',
};

async function read(name: string, letter: RefusalLetterData) {
  return readBack(dir, name, await renderRefusalLetter('intake', letter, fonts));
}

describe.skipIf(!poppler)('the notice of a refusal to accept', () => {
  it('holds the header, the number and date, the object, the applicant, every ground with its basis and the examiner', async () => {
    const { flat, info } = await read('intake.pdf', data);
    expect(info).toMatch(/Pages:\s+1\n/);
    expect(info).toMatch(/Page size:\s+595\.2\d? x 841\.8\d? pts \(A4\)/);
    for (const expected of [
      'Комитет по архитектуре и градостроительству',
      'Уведомление об отказе в приёме документов',
      'по заявлению № 81 от 20.11.2026',
      'Регистрационный номер: № 81',
      // 21:30 UTC is the next day in the committee's zone.
      'Дата: 24.11.2026',
      'Наименование объекта: Жилой дом с подземной автостоянкой',
      'Адрес объекта: г. Энск, пр. Мира, д. 12',
      'Кадастровый номер земельного участка: 77:01:0001001:1234',
      'Заявитель: ООО «СтройПроект»',
      'ИНН / КПП: 7701234567 / 770101001',
      'ОГРН: 1027700132195',
      ...grounds.flatMap((ground, i) => [`${i + 1}. ${ground.name}`, `Правовое основание: ${ground.legalBasis}`]),
      'Разъяснение причин отказа: Нет раздела с фасадами и подписи главного архитектора проекта',
      'Эксперт комитета: Смирнов Алексей Петрович',
      'Страница 1 из 1',
    ]) {
      expect(flat).toContain(expected);
    }
    expect(flat).not.toContain('Решение об отказе в согласовании');
    expect(REFUSAL_LETTERS.intake.fileName(81)).toBe('Отказ_в_приёме_81.pdf');
    expect(REFUSAL_LETTERS.decision.fileName(81)).toBe('Отказ_81.pdf');
  });

  it('prints a dash for what the statement lacks, and the same data makes the same bytes', async () => {
    const blank = {
      ...data,
      address: null,
      cadastralNumber: null,
      companyInn: null,
      companyKpp: null,
      companyOgrn: null,
      explanation: null,
    };
    const once = await read('blank.pdf', blank);
    const again = await read('blank-again.pdf', blank);
    expect(again.bytes.equals(once.bytes)).toBe(true);
    for (const expected of [
      'Адрес объекта: —',
      'Кадастровый номер земельного участка: —',
      'ИНН / КПП: —',
      'ОГРН: —',
      'Разъяснение причин отказа: —',
    ]) {
      expect(once.flat).toContain(expected);
    }
  });

  it('goes on to further numbered pages when the grounds do not fit one', async () => {
    const many = Array.from({ length: 14 }, (_, i) => ({
      name: `Основание ${i + 1}: ${'документы не соответствуют требованиям регламента '.repeat(2)}`,
      legalBasis: 'Административный регламент предоставления муниципальной услуги',
    }));
    const { flat, info } = await read('many.pdf', { ...data, grounds: many });
    const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(flat).toContain(`Страница ${pages} из ${pages}`);
    expect(flat).toContain('14. Основание 14');
  });
});
