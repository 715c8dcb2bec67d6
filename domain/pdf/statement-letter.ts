// The head every committee letter about a statement prints, written once (docs/product.md «The regulation's
// procedures», «Appeals»): the committee, the letter's title, the statement it answers, its number and the letter's
// date, the object and the applicant as they stood when the letter was made. The refusal letters and the answer to an
// appeal pass their title and date; what follows the head is each letter's own.
import { COMMITTEE_NAME } from '../committee.ts';
import { orDash } from '../russian.ts';
import type { LetterBlock } from './letter.ts';
import { certificateDate, innKpp } from './page.ts';

/** The words of the head. */
export const statementLetterTexts = {
  statement: (visibleId: number, date: string) => `по заявлению № ${visibleId} от ${date}`,
  number: 'Регистрационный номер',
  date: 'Дата',
  objectName: 'Наименование объекта',
  address: 'Адрес объекта',
  cadastralNumber: 'Кадастровый номер земельного участка',
  applicant: 'Заявитель',
  innKpp: 'ИНН / КПП',
  ogrn: 'ОГРН',
} as const;

/** The statement and its applicant as a letter prints them. */
export interface StatementLetterFacts {
  visibleId: number;
  /** When the statement was submitted. */
  submittedAt: Date;
  objectName: string | null;
  address: string | null;
  cadastralNumber: string | null;
  companyName: string | null;
  companyInn: string | null;
  companyKpp: string | null;
  companyOgrn: string | null;
}

/** The head's paragraphs: the committee, `title`, the statement, and the facts with the letter's `date`. */
export function statementLetterHead(title: string, date: Date, facts: StatementLetterFacts): LetterBlock[] {
  const t = statementLetterTexts;
  return [
    { text: COMMITTEE_NAME, center: true },
    { text: title, bold: true, center: true, space: 1 },
    { text: t.statement(facts.visibleId, certificateDate(facts.submittedAt)), center: true },
    { text: `${t.number}: № ${facts.visibleId}`, space: 1 },
    { text: `${t.date}: ${certificateDate(date)}` },
    { text: `${t.objectName}: ${orDash(facts.objectName)}` },
    { text: `${t.address}: ${orDash(facts.address)}` },
    { text: `${t.cadastralNumber}: ${orDash(facts.cadastralNumber)}` },
    { text: `${t.applicant}: ${orDash(facts.companyName)}` },
    { text: `${t.innKpp}: ${innKpp(facts.companyInn, facts.companyKpp)}` },
    { text: `${t.ogrn}: ${orDash(facts.companyOgrn)}` },
  ];
}
