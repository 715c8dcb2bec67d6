// 'Заявление о регистрации организации на портале' (docs/product.md «Registration»): what an organisation registered,
// who registered it and when, for its head to sign with a qualified signature. The API makes it once per registration
// and keeps it (server/src/registration/confirmation.ts): the signature the head uploads is over exactly those bytes.
import { COMMITTEE_NAME } from '../committee.ts';
import { orDash } from '../russian.ts';
import { type CommitteeFonts, renderLetter } from './committee-document.ts';
import type { LetterBlock } from './letter.ts';
import { certificateDate, innKpp } from './page.ts';

/** The words the statement prints. */
export const registrationStatementTexts = {
  title: 'Заявление о регистрации организации на портале',
  request:
    'Прошу зарегистрировать на портале дистанционного согласования архитектурно-градостроительного решения ' +
    'организацию (индивидуального предпринимателя):',
  legalEntity: 'Наименование',
  innKpp: 'ИНН / КПП',
  ogrn: 'ОГРН',
  ogrnip: 'ОГРНИП',
  legalAddress: 'Юридический адрес',
  registrant: 'Зарегистрировал(а) и является владельцем учётной записи организации',
  fio: 'ФИО',
  position: 'Должность',
  phone: 'Телефон',
  email: 'Электронная почта',
  date: 'Дата регистрации',
  attest:
    'Сведения указаны верно. Заявление подписывается квалифицированной электронной подписью руководителя ' +
    'организации (индивидуального предпринимателя) или его представителя по машиночитаемой доверенности.',
  fileName: (inn: string) => `Заявление_о_регистрации_${inn}.pdf`,
} as const;

/** The registration as the statement prints it. */
export interface RegistrationStatementData {
  legalEntity: string;
  inn: string;
  kpp: string | null;
  ogrn: string;
  legalAddress: string;
  fio: string;
  position: string;
  phone: string;
  email: string;
  /** When it registered: the statement's date, and what fixes its bytes. */
  registeredAt: Date;
}

/** The statement's paragraphs, in reading order. An entrepreneur (a 12-digit ИНН) has an ОГРНИП. */
export function registrationStatementBlocks(data: RegistrationStatementData): LetterBlock[] {
  const t = registrationStatementTexts;
  return [
    { text: COMMITTEE_NAME, center: true },
    { text: t.title, bold: true, center: true, space: 1 },
    { text: t.request, space: 1 },
    { text: `${t.legalEntity}: ${data.legalEntity}`, space: 1 },
    { text: `${t.innKpp}: ${innKpp(data.inn, data.kpp)}` },
    { text: `${data.inn.length === 12 ? t.ogrnip : t.ogrn}: ${data.ogrn}` },
    { text: `${t.legalAddress}: ${orDash(data.legalAddress)}` },
    { text: `${t.registrant}:`, bold: true, space: 1 },
    { text: `${t.fio}: ${data.fio}` },
    { text: `${t.position}: ${orDash(data.position)}` },
    { text: `${t.phone}: ${orDash(data.phone)}` },
    { text: `${t.email}: ${data.email}` },
    { text: `${t.date}: ${certificateDate(data.registeredAt)}`, space: 1 },
    { text: t.attest, space: 1 },
  ];
}

/** Renders the statement and answers the PDF's bytes (the same bytes for the same registration). */
export function renderRegistrationStatement(
  data: RegistrationStatementData,
  fonts: CommitteeFonts,
): Promise<ArrayBuffer> {
  return renderLetter(
    registrationStatementBlocks(data),
    {
      title: `${registrationStatementTexts.title}: ${data.legalEntity}`,
      subject: registrationStatementTexts.title,
      madeAt: data.registeredAt,
    },
    fonts,
  );
}
