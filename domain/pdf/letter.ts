// A committee letter as pure layout: paragraphs flowed onto as many A4 pages as they take, with the certificate's
// margins and type (page.ts), each page numbered in its bottom margin. The remarks letter and the refusal letters
// are such paragraphs; drawing them is committee-document.ts.
import { CERTIFICATE_PAGE, type TextMeasure, wrapText } from './page.ts';

/** A paragraph before wrapping. */
export interface LetterBlock {
  text: string;
  bold?: boolean;
  center?: boolean;
  /** Extra space above, in lines. */
  space?: number;
  /** Indent from the left margin, in points. */
  indent?: number;
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

/** The indent of a paragraph that belongs to the one above it (a remark's details, a ground's legal basis). */
export const LETTER_INDENT = 14;

/** 'Страница n из m', in every letter's bottom margin. */
export const letterPageLabel = (n: number, count: number) => `Страница ${n} из ${count}`;

/**
 * The letter's lines on A4 pages: the certificate's margins and 12 pt type at line height 1.5, paragraphs wrapped to
 * the width, a new page when the next line would cross the bottom margin, 'Страница n из m' in the bottom margin.
 */
export function layoutLetter(
  blocks: readonly LetterBlock[],
  measure: TextMeasure,
): { lines: LetterLine[]; pages: number } {
  const { width, height, margins, fontSize, lineHeight } = CERTIFICATE_PAGE;
  const step = fontSize * lineHeight;
  const text = width - margins.left - margins.right;
  const lines: LetterLine[] = [];
  let page = 1;
  let y = margins.top + fontSize;
  for (const block of blocks) {
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
      text: letterPageLabel(n, page),
      x: width - margins.right,
      y: height - margins.bottom / 2,
      bold: false,
      align: 'right',
    });
  }
  return { lines, pages: page };
}
