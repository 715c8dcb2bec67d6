// The answer to a pre-trial appeal, 'Ответ на жалобу' (docs/product.md «Appeals»): the committee's letter head of the
// statement (statement-letter.ts, shared with the refusal letters), the appeal it answers, the head's decision with
// what it changed and the reasoning, and who answered. The API makes it once, in the decision's transaction, and keeps
// it as a file of the appeal (server/src/appeals/appeal-letters.ts).
import { APPEAL_SUBJECT_LABELS, APPEAL_TEXTS } from '../appeals.ts';
import type { AppealSubject } from '../contract.ts';
import { orDash } from '../russian.ts';
import { type CommitteeFonts, renderLetter } from './committee-document.ts';
import type { LetterBlock } from './letter.ts';
import { certificateDate } from './page.ts';
import { type StatementLetterFacts, statementLetterHead } from './statement-letter.ts';

/** The words the answer prints. */
export const appealAnswerTexts = {
  appeal: (date: string, subject: string) => `Жалоба от ${date}: ${subject}`,
  filedBy: 'Подал жалобу',
  decision: 'Решение',
  upheld: 'жалоба удовлетворена',
  dismissed: 'в удовлетворении жалобы отказано',
  reasoning: 'Обоснование',
  head: 'Руководитель отдела',
  law: 'Жалоба рассмотрена в досудебном (внесудебном) порядке по главе 2.1 Федерального закона от 27.07.2010 № 210-ФЗ «Об организации предоставления государственных и муниципальных услуг». Решение по жалобе может быть обжаловано в судебном порядке.',
  /**
   * The answer's file: the statement's number, then which of its appeals it answers (1 for the first filed), so two
   * answers on one statement never download under one name.
   */
  fileName: (visibleId: number, appealOrdinal: number) => `Ответ_на_жалобу_${visibleId}-${appealOrdinal}.pdf`,
} as const;

/** What the answer says a decision changed, by what the appeal was against (upheld ones); nothing for a dismissal. */
export const APPEAL_OUTCOMES: Record<AppealSubject, string> = {
  decision_refusal: 'Решение об отказе в согласовании отменено, заявление возвращено на рассмотрение.',
  acceptance_refusal: 'Отказ в приёме документов отменён, заявление возвращено на рассмотрение.',
  correction_refusal: 'Отказ в исправлении опечатки отменён, запрос на исправление снова рассматривается.',
  missed_term: 'Нарушение срока признано; жалоба учтена, заявление остаётся в прежнем статусе.',
  other: 'Доводы жалобы признаны обоснованными; жалоба учтена, заявление остаётся в прежнем статусе.',
};

/** What an answer prints: the statement as it stood when answered, the appeal and the decision. */
export interface AppealAnswerData extends StatementLetterFacts {
  subject: AppealSubject;
  filedAt: Date;
  filedBy: string | null;
  upheld: boolean;
  /** The head's reasoning. */
  text: string;
  /** When the decision was made: the letter's date. */
  decidedAt: Date;
  /** The head who answered, as named then. */
  decidedBy: string | null;
}

/** The answer's paragraphs, in reading order. */
export function appealAnswerBlocks(data: AppealAnswerData): LetterBlock[] {
  const t = appealAnswerTexts;
  return [
    ...statementLetterHead(APPEAL_TEXTS.letterTitle, data.decidedAt, data),
    { text: t.appeal(certificateDate(data.filedAt), APPEAL_SUBJECT_LABELS[data.subject]), bold: true, space: 1 },
    { text: `${t.filedBy}: ${orDash(data.filedBy)}` },
    { text: `${t.decision}: ${data.upheld ? t.upheld : t.dismissed}.`, bold: true, space: 1 },
    ...(data.upheld ? [{ text: APPEAL_OUTCOMES[data.subject] }] : []),
    { text: `${t.reasoning}: ${data.text}`, space: 1 },
    { text: t.law, space: 1 },
    { text: `${t.head}: ${orDash(data.decidedBy)}`, space: 1 },
  ];
}

/** Renders the answer and answers the PDF's bytes (the same bytes for the same data). */
export function renderAppealAnswerLetter(data: AppealAnswerData, fonts: CommitteeFonts): Promise<ArrayBuffer> {
  return renderLetter(
    appealAnswerBlocks(data),
    {
      title: `${APPEAL_TEXTS.letterTitle} по заявлению № ${data.visibleId}`,
      subject: APPEAL_TEXTS.letterTitle,
      madeAt: data.decidedAt,
    },
    fonts,
  );
}
