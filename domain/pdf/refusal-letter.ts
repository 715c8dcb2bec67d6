// The two refusal letters of the regulation (docs/product.md «The regulation's procedures»), written once: the
// notice of a refusal to accept the documents and the decision refusing the approval differ only in the data of their
// kind (title, file name, which refusal the grounds are of). The API makes them when the refusal is given and keeps
// them as a file of the refusal's round (server/src/statements/refusal-letters.ts).
import { orDash } from '../russian.ts';
import { type CommitteeFonts, renderLetter } from './committee-document.ts';
import { LETTER_INDENT, type LetterBlock } from './letter.ts';
import { type StatementLetterFacts, statementLetterHead, statementLetterTexts } from './statement-letter.ts';

/** Which refusal a letter records: of the documents at intake, or of the approval after review. */
export type RefusalLetterKind = 'intake' | 'decision';

/** What differs between the two letters. */
export interface RefusalLetterType {
  title: string;
  /** The PDF's subject, for a viewer's document properties. */
  subject: string;
  fileName: (visibleId: number) => string;
  /** The sentence that leads to the grounds. */
  lead: string;
}

export const REFUSAL_LETTERS: Record<RefusalLetterKind, RefusalLetterType> = {
  intake: {
    title: 'Уведомление об отказе в приёме документов',
    subject: 'Отказ в приёме документов',
    fileName: (visibleId) => `Отказ_в_приёме_${visibleId}.pdf`,
    lead: 'В приёме документов, представленных с заявлением, отказано по следующим основаниям:',
  },
  decision: {
    title: 'Решение об отказе в согласовании архитектурно-градостроительного облика',
    subject: 'Отказ в согласовании',
    fileName: (visibleId) => `Отказ_${visibleId}.pdf`,
    lead: 'По результатам рассмотрения заявления в согласовании архитектурно-градостроительного облика объекта отказано по следующим основаниям:',
  },
};

/** The words both letters print. */
export const refusalLetterTexts = {
  ...statementLetterTexts,
  legalBasis: 'Правовое основание',
  explanation: 'Разъяснение причин отказа',
  conclusions: 'Заключения согласующих подразделений и органов',
  examiner: 'Эксперт комитета',
} as const;

/** What a refusal letter prints: the statement as it stood at the refusal, its grounds and who refused. */
export interface RefusalLetterData extends StatementLetterFacts {
  /** When the refusal was given: the letter's date. */
  refusedAt: Date;
  /** Each ground as worded when the refusal was given. */
  grounds: ReadonlyArray<{ name: string; legalBasis: string }>;
  /** The examiner's explanation (the comment of the refusal's round). */
  explanation: string | null;
  examiner: string | null;
  /** The conclusions of reviewing bodies received (#domain/conclusions.ts:conclusionLines); none when none was asked. */
  conclusions?: readonly string[];
}

/** The letter's paragraphs, in reading order. */
export function refusalLetterBlocks(kind: RefusalLetterKind, data: RefusalLetterData): LetterBlock[] {
  const t = refusalLetterTexts;
  const blocks: LetterBlock[] = [
    ...statementLetterHead(REFUSAL_LETTERS[kind].title, data.refusedAt, data),
    { text: REFUSAL_LETTERS[kind].lead, space: 1 },
  ];
  data.grounds.forEach((ground, i) => {
    blocks.push({ text: `${i + 1}. ${ground.name}`, bold: true, space: 0.5 });
    blocks.push({ text: `${t.legalBasis}: ${ground.legalBasis}`, indent: LETTER_INDENT });
  });
  blocks.push({ text: `${t.explanation}: ${orDash(data.explanation)}`, space: 1 });
  if (data.conclusions && data.conclusions.length > 0) {
    blocks.push({ text: `${t.conclusions}:`, bold: true, space: 1 });
    for (const line of data.conclusions) blocks.push({ text: line, indent: LETTER_INDENT });
  }
  blocks.push({ text: `${t.examiner}: ${orDash(data.examiner)}`, space: 1 });
  return blocks;
}

/** Renders a refusal letter of its kind and answers the PDF's bytes (the same bytes for the same data). */
export function renderRefusalLetter(
  kind: RefusalLetterKind,
  data: RefusalLetterData,
  fonts: CommitteeFonts,
): Promise<ArrayBuffer> {
  const type = REFUSAL_LETTERS[kind];
  return renderLetter(
    refusalLetterBlocks(kind, data),
    { title: `${type.title} № ${data.visibleId}`, subject: type.subject, madeAt: data.refusedAt },
    fonts,
  );
}
