// Draws the remarks letter as a committee letter (#domain/pdf/committee-document.ts: jspdf, imported there
// dynamically, with the embedded PT Serif). This module is imported only from remarks-letter-download.ts, so neither
// reaches a page's initial JavaScript.
import type { Remark, Statement } from '#domain/contract.ts';
import { type CommitteeFonts, renderLetter } from '#domain/pdf/committee-document.ts';
import { remarksLetterBlocks, remarksLetterTexts } from './remarks-letter.ts';

/** Renders the letter (every published remark of the statement) and answers the PDF's bytes. */
export function renderRemarksLetter(
  statement: Statement,
  remarks: readonly Remark[],
  made: Date,
  fonts: CommitteeFonts,
): Promise<ArrayBuffer> {
  return renderLetter(
    remarksLetterBlocks(statement, remarks, made),
    { title: `${remarksLetterTexts.title} № ${statement.visibleId}`, subject: 'Перечень замечаний по заявлению' },
    fonts,
  );
}
