// A person's request about their personal data ('Запрос субъекта персональных данных', docs/product.md «Personal
// data»): a head finds the person, registers the request with its term of 10 working days on the production calendar
// and answers it at once with everything the portal holds about them and what it is used for, as JSON and as PDF.
// The answer is kept as given: every download is the same.

import { COMMITTEE_NAME } from '#domain/committee.ts';
import { committeeTime } from '#domain/committee-time.ts';
import type {
  PersonalDataSubject,
  SubjectAnswer,
  SubjectAnswerItem,
  SubjectRequest,
  SubjectRequestInput,
} from '#domain/contract.ts';
import { renderLetter } from '#domain/pdf/committee-document.ts';
import type { LetterBlock } from '#domain/pdf/letter.ts';
import { LETTER_INDENT } from '#domain/pdf/letter.ts';
import { ACCESS_KIND_LABELS } from '#domain/personal-data.ts';
import { formatDay, orDash } from '#domain/russian.ts';
import { statusLabel } from '#domain/statuses.ts';
import type { ServiceContext } from '../context.ts';
import { nowIso } from '../db/database.ts';
import { localDate } from '../deadlines/calendar.ts';
import { loadCalendar } from '../deadlines/deadlines.service.ts';
import { apiError, fieldError } from '../errors.ts';
import { committeeFonts } from '../letters/letters.ts';
import { requireHead } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import { listAccess } from './access-log.repository.ts';
import {
  findSubjectRequest,
  insertSubjectRequest,
  listAccounts,
  listPowersNaming,
  listSignaturesNaming,
  listStagesBy,
  listSubjectRequestRows,
} from './subject-requests.repository.ts';

/** The term of an answer: 10 working days (№ 152-ФЗ art. 14 and 20). */
export const SUBJECT_REQUEST_TERM_DAYS = 10;

/** What the answer says, in Russian. */
export const SUBJECT_ANSWER_TEXTS = {
  title: 'Ответ на запрос субъекта персональных данных',
  person: 'Субъект персональных данных',
  requester: 'Запрос',
  received: 'Получен',
  due: 'Срок ответа',
  account: 'Учётная запись',
  companies: 'Организации',
  statements: 'Заявления, поданные субъектом',
  signatures: 'Электронные подписи, называющие субъекта',
  powersOfAttorney: 'Доверенности, называющие субъекта',
  consents: 'Согласия на обработку персональных данных',
  accessLog: 'Обращения сотрудников комитета к данным субъекта',
  purposes: 'Для чего обрабатываются данные',
  none: 'Нет сведений.',
  requesterRequired: 'Укажите, кто и как обратился с запросом',
  notFound: 'Человек не найден',
  fileName: (id: number) => `Ответ_на_запрос_субъекта_ПД_${id}.pdf`,
} as const;

const ROLES = {
  owner: 'Владелец учётной записи организации',
  employee: 'Сотрудник организации',
  examiner: 'Эксперт комитета',
  reviewer: 'Сотрудник согласующего органа',
};

/** What each kind of data is used for, on what ground and for how long (docs/product.md «Personal data»). */
const PURPOSES: SubjectAnswerItem[] = [
  {
    title: 'Учётная запись: ФИО, электронная почта, телефон, должность',
    facts: [
      { label: 'Цель', value: 'вход на портал, уведомления, связь по заявлениям' },
      { label: 'Основание', value: 'согласие (сотрудники организаций); трудовые обязанности (сотрудники комитета)' },
      { label: 'Срок', value: 'пока учётная запись действует, затем до уничтожения по сроку из настроек' },
    ],
  },
  {
    title: 'Сведения о заявителе в заявлениях и решениях',
    facts: [
      { label: 'Цель', value: 'предоставление муниципальной услуги согласования' },
      { label: 'Основание', value: '№ 210-ФЗ, ПП РФ № 857' },
      { label: 'Срок', value: 'сроки хранения документов комитета' },
    ],
  },
  {
    title: 'Подписи и доверенности (ФИО, СНИЛС, ИНН из сертификата)',
    facts: [
      { label: 'Цель', value: 'проверка полномочий подписавшего' },
      { label: 'Основание', value: '№ 63-ФЗ' },
      { label: 'Срок', value: 'вместе с документом, который подписан' },
    ],
  },
  {
    title: 'Адреса входа и журнал доступа',
    facts: [
      { label: 'Цель', value: 'защита информации, расследование инцидентов' },
      { label: 'Основание', value: 'приказ ФСТЭК России № 117' },
      { label: 'Срок', value: 'по сроку из настроек, затем уничтожаются с актом' },
    ],
  },
];

type Account = Awaited<ReturnType<typeof listAccounts>>[number];

/** Digits only: a phone or a СНИЛС as typed. */
const digitsOf = (text: string | null) => (text ?? '').replace(/\D/g, '');
const lower = (text: string | null) => (text ?? '').toLocaleLowerCase('ru').replace(/ё/g, 'е').trim();

/** The СНИЛС a person's name carries in the powers of attorney and signatures that name them. */
async function snilsOf(ctx: ServiceContext, fio: string): Promise<string[]> {
  const surname = fio.split(/\s+/)[0] ?? fio;
  const found = new Set<string>();
  for (const power of await listPowersNaming(ctx.db, surname, [])) {
    if (lower(power.representative).includes(lower(fio)) && power.representative_snils)
      found.add(power.representative_snils);
  }
  for (const signature of await listSignaturesNaming(ctx.db, [surname])) {
    const signer = signerOf(signature.signature_check);
    if (signer?.snils && lower(signer.fio).startsWith(lower(fio).split(' ').slice(0, 2).join(' ')))
      found.add(signer.snils);
  }
  return [...found];
}

/** The signer a stored verdict names. */
function signerOf(check: string | null): { fio: string | null; snils: string | null; inn: string | null } | null {
  if (!check) return null;
  try {
    const parsed = JSON.parse(check) as {
      signer?: { fio?: string | null; snils?: string | null; inn?: string | null };
    };
    const signer = parsed.signer;
    return signer ? { fio: signer.fio ?? null, snils: signer.snils ?? null, inn: signer.inn ?? null } : null;
  } catch {
    return null;
  }
}

/** Whether a signer (their name as the certificate has it: surname and given names) is the person. */
function signerIs(
  signer: { fio: string | null; snils: string | null },
  fio: string,
  snils: readonly string[],
): boolean {
  if (signer.snils && snils.includes(signer.snils)) return true;
  const name = lower(signer.fio);
  return name !== '' && lower(fio).startsWith(name);
}

function toSubject(account: Account): PersonalDataSubject {
  return {
    personId: account.id,
    fio: account.fio,
    email: account.email,
    phone: account.phone,
    role: ROLES[account.role],
    company: account.legal_entity,
    companyUser: account.company_id !== null,
    consentWithdrawnAt: account.consent_withdrawn_at,
  };
}

/** The accounts a head's query names: by e-mail, phone, ФИО, or a СНИЛС in a power of attorney or a signature. */
export async function findSubjects(ctx: ServiceContext, actor: UserRow, query: string): Promise<PersonalDataSubject[]> {
  requireHead(actor);
  const text = lower(query);
  const digits = digitsOf(query);
  const accounts = await listAccounts(ctx.db);
  const names = new Set<string>();
  if (digits.length === 11) {
    for (const power of await listPowersNaming(ctx.db, null, [digits])) names.add(lower(power.representative));
    for (const signature of await listSignaturesNaming(ctx.db, [`"snils":"${digits}"`])) {
      const signer = signerOf(signature.signature_check);
      if (signer?.fio) names.add(lower(signer.fio));
    }
  }
  const found = accounts.filter((account) => {
    const fio = lower(account.fio);
    if (text.length >= 2 && (fio.includes(text) || lower(account.email).includes(text))) return true;
    if (digits.length >= 5 && digitsOf(account.phone).includes(digits)) return true;
    return fio !== '' && [...names].some((name) => name.includes(fio) || fio.startsWith(name));
  });
  return found.slice(0, 20).map(toSubject);
}

const moment = (at: string | null) => {
  if (!at) return '—';
  const time = committeeTime(at);
  return time ? `${formatDay(time.day)} ${time.time}` : at;
};

/** Everything the portal holds about one account, gathered now. */
async function gatherAnswer(ctx: ServiceContext, account: Account): Promise<SubjectAnswer> {
  const fio = account.fio ?? '';
  const snils = fio ? await snilsOf(ctx, fio) : [];
  const surname = fio.split(/\s+/)[0] ?? '';
  const [stages, powers, signatures, reads] = await Promise.all([
    listStagesBy(ctx.db, account.id),
    fio ? listPowersNaming(ctx.db, surname, snils) : Promise.resolve([]),
    fio || snils.length > 0
      ? listSignaturesNaming(ctx.db, [...(surname ? [surname] : []), ...snils])
      : Promise.resolve([]),
    listAccess(ctx.db, { personIds: [account.id] }, 0, 1000),
  ]);
  return {
    madeAt: nowIso(ctx.now()),
    person: fio || account.email || `#${account.id}`,
    account: [
      {
        title: ROLES[account.role],
        facts: [
          { label: 'ФИО', value: orDash(account.fio) },
          { label: 'Электронная почта', value: orDash(account.email) },
          { label: 'Телефон', value: orDash(account.phone) },
          { label: 'Должность', value: orDash(account.position) },
          { label: 'Создана', value: moment(account.created_at) },
          ...(account.removed_at ? [{ label: 'Удалена (деактивирована)', value: moment(account.removed_at) }] : []),
        ],
      },
    ],
    companies: account.legal_entity
      ? [
          {
            title: account.legal_entity,
            facts: [
              { label: 'ИНН', value: orDash(account.inn) },
              { label: 'Роль', value: ROLES[account.role] },
            ],
          },
        ]
      : [],
    statements: stages.map((stage) => ({
      title: `Заявление № ${stage.visible_id}: ${stage.object_name}`,
      facts: [
        { label: 'Статус', value: statusLabel(stage.status, 'examiner') },
        { label: `Подача ${stage.n}`, value: moment(stage.date_create) },
        { label: 'Заявитель', value: orDash(stage.applicant_name) },
        { label: 'Телефон', value: orDash(stage.applicant_phone) },
        { label: 'Электронная почта', value: orDash(stage.applicant_mail) },
        { label: 'Должность', value: orDash(stage.applicant_position) },
      ],
    })),
    signatures: signatures.flatMap((signature) => {
      const signer = signerOf(signature.signature_check);
      if (!signer || !signerIs(signer, fio, snils)) return [];
      return [
        {
          title: `Подпись к заявлению № ${signature.visible_id}: ${orDash(signature.document_name)}`,
          facts: [
            { label: 'Подписавший', value: orDash(signer.fio) },
            { label: 'СНИЛС', value: orDash(signer.snils) },
            { label: 'ИНН', value: orDash(signer.inn) },
            { label: 'Получена', value: moment(signature.created_at) },
          ],
        },
      ];
    }),
    powersOfAttorney: powers
      .filter(
        (power) =>
          (power.representative_snils !== null && snils.includes(power.representative_snils)) ||
          (fio !== '' && lower(power.representative).includes(lower(fio))),
      )
      .map((power) => ({
        title: `Доверенность № ${power.internal_number || power.number}`,
        facts: [
          { label: 'Доверитель', value: power.principal },
          { label: 'Представитель', value: power.representative },
          { label: 'СНИЛС', value: orDash(power.representative_snils) },
          { label: 'ИНН', value: orDash(power.representative_inn) },
          { label: 'Действует до', value: formatDay(power.valid_to) },
          ...(power.revoked_at ? [{ label: 'Отозвана', value: moment(power.revoked_at) }] : []),
        ],
      })),
    consents: account.consent_version
      ? [
          {
            title: `Согласие на обработку персональных данных, редакция ${account.consent_version}`,
            facts: [
              { label: 'Дано', value: moment(account.consent_at) },
              { label: 'С адреса', value: orDash(account.consent_address) },
              ...(account.consent_withdrawn_at
                ? [{ label: 'Отозвано', value: moment(account.consent_withdrawn_at) }]
                : []),
            ],
          },
        ]
      : [],
    accessLog: reads.map((read) => ({
      title: `${moment(read.at)}: ${ACCESS_KIND_LABELS[read.kind]}`,
      facts: [
        { label: 'Кто', value: orDash(read.user_name) },
        ...(read.visible_id === null ? [] : [{ label: 'Заявление', value: `№ ${read.visible_id}` }]),
        ...(read.detail ? [{ label: 'Подробности', value: read.detail }] : []),
      ],
    })),
    purposes: PURPOSES,
  };
}

function toRequest(row: Awaited<ReturnType<typeof listSubjectRequestRows>>[number]): SubjectRequest {
  return {
    id: row.id,
    receivedAt: row.received_at,
    dueDate: row.due_date,
    requester: row.requester,
    personId: row.person_id,
    personName: row.person_name,
    registeredBy: row.registered_by_name,
    answeredAt: row.answered_at,
  };
}

/** Registers a person's request with its term and answers it at once (heads only). */
export async function answerSubjectRequest(
  ctx: ServiceContext,
  actor: UserRow,
  input: SubjectRequestInput,
): Promise<SubjectRequest> {
  requireHead(actor);
  const requester = input.requester.trim();
  if (!requester) throw fieldError('requester', SUBJECT_ANSWER_TEXTS.requesterRequired);
  const account = (await listAccounts(ctx.db)).find((row) => row.id === input.personId);
  if (!account) throw apiError('not_found', SUBJECT_ANSWER_TEXTS.notFound);
  const now = ctx.now();
  const receivedOn = input.receivedOn ?? localDate(now, ctx.config.timeZone);
  const calendar = await loadCalendar(ctx.db);
  const answer = await gatherAnswer(ctx, account);
  const row = {
    received_at: input.receivedOn ? `${input.receivedOn}T09:00:00.000Z` : nowIso(now),
    due_date: calendar.addWorkingDays(receivedOn, SUBJECT_REQUEST_TERM_DAYS),
    requester,
    person_id: account.id,
    person_name: account.fio,
    registered_by: actor.id,
    registered_by_name: actor.fio,
    answered_at: nowIso(now),
    answer: JSON.stringify(answer),
  };
  const id = await insertSubjectRequest(ctx.db, row);
  return toRequest({ id, ...row });
}

/** The register of requests (heads only). */
export async function subjectRequests(ctx: ServiceContext, actor: UserRow): Promise<SubjectRequest[]> {
  requireHead(actor);
  return (await listSubjectRequestRows(ctx.db)).map(toRequest);
}

/** A request's answer as given, and its register entry (heads only); 404 for none. */
export async function subjectAnswer(
  ctx: ServiceContext,
  actor: UserRow,
  id: number,
): Promise<{ request: SubjectRequest; answer: SubjectAnswer }> {
  requireHead(actor);
  const row = await findSubjectRequest(ctx.db, id);
  if (!row?.answer) throw apiError('not_found');
  return { request: toRequest(row), answer: JSON.parse(row.answer) as SubjectAnswer };
}

/** The answer as the committee's document: its sections, each item with its facts. */
function answerBlocks(request: SubjectRequest, answer: SubjectAnswer): LetterBlock[] {
  const t = SUBJECT_ANSWER_TEXTS;
  const sections: Array<[string, SubjectAnswerItem[]]> = [
    [t.account, answer.account],
    [t.companies, answer.companies],
    [t.statements, answer.statements],
    [t.signatures, answer.signatures],
    [t.powersOfAttorney, answer.powersOfAttorney],
    [t.consents, answer.consents],
    [t.accessLog, answer.accessLog],
    [t.purposes, answer.purposes],
  ];
  return [
    { text: COMMITTEE_NAME, center: true },
    { text: t.title, bold: true, center: true, space: 1 },
    { text: `${t.person}: ${answer.person}`, space: 1 },
    { text: `${t.requester}: ${request.requester}` },
    { text: `${t.received}: ${moment(request.receivedAt)}` },
    { text: `${t.due}: ${formatDay(request.dueDate)}` },
    ...sections.flatMap(([title, items]): LetterBlock[] => [
      { text: title, bold: true, space: 1 },
      ...(items.length === 0 ? [{ text: t.none }] : []),
      ...items.flatMap((item): LetterBlock[] => [
        { text: item.title, space: 0.5 },
        ...item.facts.map((fact) => ({ text: `${fact.label}: ${fact.value}`, indent: LETTER_INDENT })),
      ]),
    ]),
  ];
}

/** The answer's PDF: made from the answer as given, so every download is the same document. */
export async function subjectAnswerPdf(request: SubjectRequest, answer: SubjectAnswer): Promise<ArrayBuffer> {
  return renderLetter(
    answerBlocks(request, answer),
    {
      title: `${SUBJECT_ANSWER_TEXTS.title}: ${answer.person}`,
      subject: SUBJECT_ANSWER_TEXTS.title,
      madeAt: new Date(answer.madeAt),
    },
    await committeeFonts(),
  );
}
