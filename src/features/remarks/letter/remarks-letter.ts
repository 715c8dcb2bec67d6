// The remarks letter ('Перечень замечаний', docs/product.md «Remarks») as a committee letter's paragraphs: the
// statement, then each published remark with its number, document and page, text, kind, answer and state. The
// kernel's letter layout (#domain/pdf/letter.ts) flows them onto as many A4 pages as they take; drawing it is
// remarks-letter-pdf.ts.

import { COMMITTEE_NAME } from '#domain/committee.ts';
import type { Remark, Statement } from '#domain/contract.ts';
import { LETTER_INDENT, type LetterBlock } from '#domain/pdf/letter.ts';
import { certificateDate } from '#domain/pdf/page.ts';
import { orDash } from '#domain/russian.ts';
import { remarkPlace, remarkStatusLabels, remarksSummary, severityLabels } from '../remarks.ts';

export const remarksLetterTexts = {
  title: 'ПЕРЕЧЕНЬ ЗАМЕЧАНИЙ',
  statement: (visibleId: number, date: string) => `по заявлению № ${visibleId} от ${date}`,
  objectName: 'Наименование объекта',
  address: 'Адрес объекта',
  company: 'Проектная организация',
  examiner: 'Эксперт комитета',
  made: 'Сформирован',
  document: 'Документ',
  noDocument: 'без места на листе',
  answer: 'Ответ заявителя',
  resolution: 'Решение эксперта',
  byDecision: 'закрыто решением по заявлению',
} as const;

/** The file both sides download. */
export function remarksLetterFileName(visibleId: number): string {
  return `Замечания_${visibleId}.pdf`;
}

/** The letter's paragraphs, in reading order. */
export function remarksLetterBlocks(statement: Statement, remarks: readonly Remark[], made: Date): LetterBlock[] {
  const t = remarksLetterTexts;
  const published = remarks.filter((remark) => remark.status !== 'draft');
  const blocks: LetterBlock[] = [
    { text: COMMITTEE_NAME, center: true },
    { text: t.title, bold: true, center: true, space: 1 },
    { text: t.statement(statement.visibleId, certificateDate(new Date(statement.dateCreate))), center: true },
    { text: `${t.objectName}: ${orDash(statement.title)}`, space: 1 },
    { text: `${t.address}: ${orDash(statement.address)}` },
    { text: `${t.company}: ${orDash(statement.companyName)}` },
    { text: `${t.examiner}: ${orDash(statement.examiner?.fio)}` },
    { text: `${t.made}: ${certificateDate(made)}` },
    { text: remarksSummary(published) ?? 'Замечаний нет', bold: true, space: 1 },
  ];
  for (const remark of published) {
    const state = remark.resolution?.byDecision ? t.byDecision : remarkStatusLabels[remark.status].toLowerCase();
    blocks.push({
      text: `№ ${remark.number} · ${severityLabels[remark.severity]} · ${state}`,
      bold: true,
      space: 1,
    });
    blocks.push({ text: `${t.document}: ${remarkPlace(remark) ?? t.noDocument}`, indent: LETTER_INDENT });
    blocks.push({ text: remark.text, indent: LETTER_INDENT });
    blocks.push({ text: `${t.answer}: ${orDash(remark.answer?.text)}`, indent: LETTER_INDENT });
    if (remark.resolution?.note)
      blocks.push({ text: `${t.resolution}: ${remark.resolution.note}`, indent: LETTER_INDENT });
  }
  return blocks;
}
