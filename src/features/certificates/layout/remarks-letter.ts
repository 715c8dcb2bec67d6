// The remarks letter ('Перечень замечаний', docs/product.md «Remarks») as pure layout: the statement, then each
// published remark with its number, document and page, text, kind, answer and state, on as many A4 pages as it takes,
// with the certificate's page and type (certificate.ts). Drawing it is remarks-letter-pdf.ts.
import type { Remark, Statement } from '#domain/contract.ts';
import { orDash } from '#domain/russian.ts';
import { SITE_ORG } from '#lib/site.ts';
import { remarkPlace, remarkStatusLabels, remarksSummary, severityLabels } from '../../remarks/remarks.ts';
import { CERTIFICATE_PAGE, certificateDate, type TextMeasure, wrapText } from '../certificate.ts';

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
  page: (n: number, count: number) => `Страница ${n} из ${count}`,
} as const;

/** The file both sides download. */
export function remarksLetterFileName(visibleId: number): string {
  return `Замечания_${visibleId}.pdf`;
}

/** One line placed on a page. */
export interface LetterLine {
  page: number;
  text: string;
  x: number;
  y: number;
  bold: boolean;
  align: 'left' | 'center' | 'right';
}

/** A paragraph before wrapping. */
interface Block {
  text: string;
  bold?: boolean;
  center?: boolean;
  /** Extra space above, in lines. */
  space?: number;
  /** Indent from the left margin, in points. */
  indent?: number;
}

const INDENT = 14;

function blocksOf(statement: Statement, remarks: readonly Remark[], made: Date): Block[] {
  const t = remarksLetterTexts;
  const published = remarks.filter((remark) => remark.status !== 'draft');
  const blocks: Block[] = [
    { text: SITE_ORG, center: true },
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
    blocks.push({ text: `${t.document}: ${remarkPlace(remark) ?? t.noDocument}`, indent: INDENT });
    blocks.push({ text: remark.text, indent: INDENT });
    blocks.push({ text: `${t.answer}: ${orDash(remark.answer?.text)}`, indent: INDENT });
    if (remark.resolution?.note) blocks.push({ text: `${t.resolution}: ${remark.resolution.note}`, indent: INDENT });
  }
  return blocks;
}

/**
 * The letter's lines on A4 pages: the certificate's margins and 12 pt type at line height 1.5, paragraphs wrapped to
 * the width, a new page when the next line would cross the bottom margin, 'Страница n из m' in the bottom margin.
 */
export function layoutRemarksLetter(
  statement: Statement,
  remarks: readonly Remark[],
  made: Date,
  measure: TextMeasure,
): { lines: LetterLine[]; pages: number } {
  const { width, height, margins, fontSize, lineHeight } = CERTIFICATE_PAGE;
  const step = fontSize * lineHeight;
  const text = width - margins.left - margins.right;
  const lines: LetterLine[] = [];
  let page = 1;
  let y = margins.top + fontSize;
  for (const block of blocksOf(statement, remarks, made)) {
    if (lines.length > 0) y += (block.space ?? 0) * step;
    const indent = block.indent ?? 0;
    for (const part of wrapText(block.text, text - indent, (value) => measure(value, fontSize, block.bold ?? false))) {
      if (y > height - margins.bottom - fontSize * 0.3) {
        page += 1;
        y = margins.top + fontSize;
      }
      lines.push({
        page,
        text: part,
        x: block.center ? width / 2 : margins.left + indent,
        y,
        bold: block.bold ?? false,
        align: block.center ? 'center' : 'left',
      });
      y += step;
    }
  }
  for (let n = 1; n <= page; n += 1) {
    lines.push({
      page: n,
      text: remarksLetterTexts.page(n, page),
      x: width - margins.right,
      y: height - margins.bottom / 2,
      bold: false,
      align: 'right',
    });
  }
  return { lines, pages: page };
}
