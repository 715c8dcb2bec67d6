// Organisations register themselves (docs/product.md «Registration»): the e-mail is confirmed by a mailed code under
// the login code's rules, then the organisation's requisites and the person come with the consent to the processing
// of personal data; the company is `pending` (it may prepare, not file) and its registrant is its owner, logged in.
import type { PendingRegistration, RegistrationDecisionInput, RegistrationInput } from '#domain/contract.ts';
import { REGISTRATION_FIELD_TEXTS, registrationProblems } from '#domain/registration.ts';
import { accountRoutes, routes } from '#domain/routes.ts';
import { inAdminTransaction, recordChange } from '../administration/admin-log.ts';
import { spendCode, startAttempt } from '../auth/email-codes.ts';
import { revokeUserSessions } from '../auth/session.service.ts';
import {
  companyWithInn,
  decideRegistrationOf,
  insertRegisteredCompany,
  isInnConflict,
  pendingRegistrations,
  registeredCompany,
  removeDeclinedRegistration,
} from '../companies/companies.service.ts';
import type { ServiceContext } from '../context.ts';
import { violatesUnique } from '../db/unique-violation.ts';
import { ApiError, apiError, fieldError } from '../errors.ts';
import { notify } from '../notifications/notifications.service.ts';
import { currentConsentVersion, PERSONAL_DATA_TEXTS, requireOperator } from '../personal-data/documents.ts';
import { optionalText } from '../text.ts';
import { requireHead } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import { normalizeEmail } from '../users/user.ts';
import {
  emailTaken,
  findUserByEmail,
  insertUser,
  listCompanyUsers,
  listHeads,
  markUserRemoved,
  withNewLogin,
} from '../users/users.service.ts';

/** What registration answers and mails, in Russian. */
export const REGISTRATION_TEXTS = {
  started:
    'Письмо отправлено. Если адрес ещё не зарегистрирован на портале, в нём код подтверждения; если зарегистрирован — ' +
    'ссылка для входа.',
  innTaken: (inn: string) =>
    `Организация с ИНН ${inn} уже зарегистрирована на портале: попросите её владельца добавить вас в сотрудники`,
  /** The ИНН is held by a registration nobody has confirmed yet: its registrant is nobody to send people to. */
  innPending: (inn: string) =>
    `Организация с ИНН ${inn} уже ожидает подтверждения регистрации. Если регистрацию начали не вы, обратитесь в комитет`,
  headsMessage: (legalEntity: string, inn: string) =>
    `Организация ${legalEntity} (ИНН ${inn}) зарегистрировалась и ждёт подтверждения`,
  reasonRequired: 'Укажите причину отказа',
  notFound: 'Такой регистрации нет',
  decided: 'Регистрацию уже рассмотрел другой руководитель. Обновите страницу.',
  confirmedSubject: 'Регистрация организации на портале согласования АГР подтверждена',
  declinedSubject: 'В регистрации организации на портале согласования АГР отказано',
  codeSubject: 'Код подтверждения регистрации на портале согласования АГР',
  accountSubject: 'Регистрация на портале согласования АГР',
  attemptSubject: 'Попытка зарегистрировать вашу организацию на портале согласования АГР',
} as const;

const SIGNATURE = 'Комитет по архитектуре и градостроительству';

function codeMail(code: string): string {
  return [
    'Здравствуйте!',
    '',
    'Код подтверждения адреса для регистрации организации на портале дистанционного согласования',
    'архитектурно-градостроительного решения:',
    '',
    `    ${code}`,
    '',
    'Код действует 10 минут. Никому его не сообщайте.',
    'Если вы не регистрировались, просто не обращайте внимания на это письмо.',
    '',
    SIGNATURE,
  ].join('\n');
}

function accountMail(ctx: ServiceContext, email: string): string {
  return [
    'Здравствуйте!',
    '',
    `Кто-то начал регистрацию на портале согласования АГР с адресом ${email}, но у этого адреса уже есть`,
    'учётная запись. Регистрироваться ещё раз не нужно: войдите по ссылке',
    '',
    `    ${ctx.config.publicOrigin ?? ''}${routes.login}`,
    '',
    'Если это были не вы, просто не обращайте внимания на это письмо.',
    '',
    SIGNATURE,
  ].join('\n');
}

function attemptMail(ctx: ServiceContext, inn: string, who: string): string {
  return [
    'Здравствуйте!',
    '',
    `На портале согласования АГР попытались зарегистрировать организацию с ИНН ${inn}, которая уже`,
    `зарегистрирована и владельцем которой вы указаны. Регистрацию начал(а): ${who}.`,
    '',
    'Портал отказал и предложил обратиться к вам. Если это ваш сотрудник, добавьте его в разделе «Сотрудники»:',
    `${ctx.config.publicOrigin ?? ''}${routes.employeeCreate}`,
    '',
    SIGNATURE,
  ].join('\n');
}

function headsMail(
  ctx: ServiceContext,
  organisation: { legalEntity: string; inn: string; kpp: string | null; ogrn: string; fio: string; position: string },
): string {
  return [
    'Здравствуйте!',
    '',
    `На портале зарегистрировалась организация ${organisation.legalEntity}:`,
    `ИНН ${organisation.inn}${organisation.kpp ? `, КПП ${organisation.kpp}` : ''}, ОГРН ${organisation.ogrn}.`,
    `Зарегистрировал(а): ${organisation.fio}, ${organisation.position}.`,
    '',
    'Подтвердите регистрацию или откажите в ней в администрировании, раздел «Регистрация организаций»:',
    `${ctx.config.publicOrigin ?? ''}${routes.examinerAdmin('registrations')}`,
    '',
    SIGNATURE,
  ].join('\n');
}

function decisionMail(ctx: ServiceContext, legalEntity: string, declined: string | null): string {
  const lines =
    declined === null
      ? [
          `Комитет подтвердил регистрацию организации ${legalEntity} на портале согласования АГР.`,
          'Теперь от её имени можно подавать заявления:',
          `${ctx.config.publicOrigin ?? ''}${routes.login}`,
        ]
      : [
          `Комитет отказал в регистрации организации ${legalEntity} на портале согласования АГР.`,
          `Причина: ${declined}`,
          '',
          'Учётная запись закрыта. Исправив причину, организацию можно зарегистрировать заново:',
          `${ctx.config.publicOrigin ?? ''}${accountRoutes.register}`,
        ];
  return ['Здравствуйте!', '', ...lines, '', SIGNATURE].join('\n');
}

/** Registration needs the operator's address for the consent to name; 503 otherwise. */
function requireOpen(ctx: ServiceContext): void {
  requireOperator(ctx.config);
}

/**
 * Starts a registration: the same answer for every address (the caller answers 202 whatever this mails). A new
 * address gets a code of a `registration` attempt, whose token the browser keeps; one that has an account gets a mail
 * saying so, and an attempt no code was mailed for, so the next step looks the same for it too.
 */
export function startRegistration(
  ctx: ServiceContext,
  rawEmail: string,
  source: string,
  presented?: string,
): Promise<string> {
  requireOpen(ctx);
  return startAttempt(ctx, { purpose: 'registration', email: rawEmail, source, presented }, ({ email, user, code }) =>
    user
      ? { to: email, subject: REGISTRATION_TEXTS.accountSubject, text: accountMail(ctx, email) }
      : { to: email, subject: REGISTRATION_TEXTS.codeSubject, text: codeMail(code) },
  );
}

/** The organisation as registered: the first problem in the form's order is a 400 naming its field. */
function checkedOrganisation(input: RegistrationInput) {
  const fields = {
    legalEntity: input.legalEntity,
    inn: input.inn,
    kpp: input.kpp ?? '',
    ogrn: input.ogrn,
    legalAddress: input.legalAddress,
    fio: input.fio,
    position: input.position,
    phone: input.phone,
  };
  const [problem] = registrationProblems(fields);
  if (problem) throw fieldError(...problem);
  const text = (field: keyof typeof fields) => fields[field].trim();
  return {
    legalEntity: text('legalEntity'),
    inn: text('inn'),
    kpp: optionalText(fields.kpp),
    ogrn: text('ogrn'),
    legalAddress: text('legalAddress'),
    fio: text('fio'),
    position: text('position'),
    phone: text('phone'),
  };
}

/** The consent named must be the current one: none is 'Подтвердите согласие…', an older one asks to read it again. */
async function checkedConsent(ctx: ServiceContext, version: string | null): Promise<string> {
  const given = optionalText(version);
  if (given === null) throw fieldError('consentVersion', REGISTRATION_FIELD_TEXTS.consentRequired);
  if (given !== (await currentConsentVersion(ctx))) {
    throw fieldError('consentVersion', PERSONAL_DATA_TEXTS.consentOutdated);
  }
  return given;
}

/**
 * An ИНН taken: 409. A confirmed organisation's owners are named as whom to ask, and are told that someone tried (who,
 * so they can add them). A registration not yet confirmed may be anyone's: nobody is sent to its registrant, and the
 * registrant is told nothing of the other one.
 */
function innTaken(
  ctx: ServiceContext,
  inn: string,
  holder: { state: string; ownerEmails: readonly string[] } | undefined,
  who: string,
): ApiError {
  if (holder?.state === 'pending') {
    return new ApiError('inn_taken', { message: REGISTRATION_TEXTS.innPending(inn), extra: { field: 'inn' } });
  }
  for (const to of holder?.ownerEmails ?? []) {
    ctx.mailer
      .send({ to, subject: REGISTRATION_TEXTS.attemptSubject, text: attemptMail(ctx, inn, who) })
      .catch((error: unknown) => ctx.logError(error, 'registration attempt mail failed'));
  }
  return new ApiError('inn_taken', { message: REGISTRATION_TEXTS.innTaken(inn), extra: { field: 'inn' } });
}

/**
 * Registers the organisation and its owner: the form is checked first (nothing spent on a typo), then the code of the
 * browser's attempt (`presented`), then whether the ИНН is free, then, in one transaction, the `pending` company and
 * its owner with the consent given (version, moment, `address`). The new owner's id, for the session the caller opens.
 */
export async function register(
  ctx: ServiceContext,
  input: RegistrationInput,
  request: { presented: string | undefined; address: string },
): Promise<number> {
  requireOpen(ctx);
  const email = normalizeEmail(input.email);
  const organisation = checkedOrganisation(input);
  const consentVersion = await checkedConsent(ctx, input.consentVersion);
  const who = `${organisation.fio}, ${email}`;
  await spendCode(ctx, {
    purpose: 'registration',
    email,
    code: input.code,
    presented: request.presented,
    // The attempt was for an address with no account, and it still has none.
    fits: async (userId) => userId === null && (await findUserByEmail(ctx.db, email)) === undefined,
  });
  // After the code: only a confirmed address learns whether an ИНН is registered, and can have its owners mailed. A
  // declined registration of it is replaced: registering again is how a decline is appealed.
  const existing = await companyWithInn(ctx.db, organisation.inn);
  if (existing && existing.declined_at === null) throw innTaken(ctx, organisation.inn, existing, who);
  let registered: { userId: number; companyId: number };
  try {
    registered = await withNewLogin(ctx, email, async (trx, login) => {
      if (existing) await removeDeclinedRegistration(trx, existing.id);
      const companyId = await insertRegisteredCompany(trx, {
        ...organisation,
        head: { fio: organisation.fio, phone: organisation.phone },
        registeredAt: login.createdAt,
      });
      const userId = await insertUser(trx, {
        email: login.email,
        fio: organisation.fio,
        phone: organisation.phone,
        position: organisation.position,
        role: 'owner',
        companyId,
        createdAt: login.createdAt,
        consent: { version: consentVersion, at: login.createdAt, address: request.address },
      });
      // Every head is told in the registration's transaction; the mails leave after it.
      const heads = await listHeads(trx);
      await notify(trx, {
        userIds: heads.map((head) => head.id),
        message: REGISTRATION_TEXTS.headsMessage(organisation.legalEntity, organisation.inn),
        route: routes.examinerAdmin('registrations'),
        at: login.createdAt,
      });
      return { userId, companyId, heads };
    }).then(({ userId, companyId, heads }) => {
      for (const head of heads) {
        if (!head.email) continue;
        ctx.mailer
          .send({
            to: head.email,
            subject: REGISTRATION_TEXTS.headsMessage(organisation.legalEntity, organisation.inn),
            text: headsMail(ctx, organisation),
          })
          .catch((error: unknown) => ctx.logError(error, 'registration mail to heads failed'));
      }
      return { userId, companyId };
    });
  } catch (error) {
    if (!(error instanceof ApiError) && isInnConflict(error)) {
      throw innTaken(ctx, organisation.inn, await companyWithInn(ctx.db, organisation.inn), who);
    }
    // The same address registering twice at once: one wins, the other is told the address is taken.
    if (!(error instanceof ApiError) && violatesUnique(error, 'activeUserEmail')) throw emailTaken(email);
    throw error;
  }
  return registered.userId;
}

/** The registrations waiting for a head (the route's scope is the heads'). */
export async function listPendingRegistrations(ctx: ServiceContext): Promise<PendingRegistration[]> {
  return (await pendingRegistrations(ctx.db)).map((row) => ({
    companyId: row.id,
    legalEntity: row.legal_entity,
    inn: row.inn ?? '',
    kpp: row.kpp,
    ogrn: row.ogrn ?? '',
    legalAddress: row.legal_address ?? '',
    registeredAt: row.registered_at ?? '',
    registrant: { fio: row.fio, position: row.position, phone: row.phone, email: row.email },
  }));
}

/**
 * A head confirms a registration (the company becomes `active`) or declines it with a reason (its people can no
 * longer log in; the request stays, and its ИНН may be registered again). Of two heads at once one decides, the other
 * gets 409. The registrant is mailed either way, after the decision commits; the administration log keeps it.
 */
export async function decideRegistration(
  ctx: ServiceContext,
  actor: UserRow,
  companyId: number,
  input: RegistrationDecisionInput,
): Promise<void> {
  requireHead(actor);
  const reason = optionalText(input.reason);
  if (!input.approve && reason === null) throw fieldError('reason', REGISTRATION_TEXTS.reasonRequired);
  const company = await registeredCompany(ctx.db, companyId);
  if (!company) throw apiError('not_found', REGISTRATION_TEXTS.notFound);
  const by = actor.fio ?? actor.email ?? '';
  // Its people are read in the decision's transaction: one an owner adds meanwhile is logged out with the others.
  const people = await inAdminTransaction(ctx, async (trx, at) => {
    const decided = await decideRegistrationOf(
      trx.db,
      companyId,
      input.approve ? { at, by, approve: true } : { at, by, approve: false, reason: reason ?? '' },
    );
    if (!decided) throw apiError('invalid_transition', REGISTRATION_TEXTS.decided);
    const people = await listCompanyUsers(trx.db, companyId);
    if (!input.approve) {
      for (const person of people) {
        await markUserRemoved(trx.db, person.id, at);
        await revokeUserSessions(trx.db, person.id, at);
      }
    }
    const subject = `${company.legal_entity} (ИНН ${company.inn ?? ''})`;
    await recordChange(trx.db, actor, at, input.approve ? 'registration_confirmed' : 'registration_declined', subject, {
      inn: company.inn,
      ...(input.approve ? {} : { reason }),
    });
    return people;
  });
  for (const person of people.filter((user) => user.role === 'owner' && user.email)) {
    ctx.mailer
      .send({
        to: person.email as string,
        subject: input.approve ? REGISTRATION_TEXTS.confirmedSubject : REGISTRATION_TEXTS.declinedSubject,
        text: decisionMail(ctx, company.legal_entity, input.approve ? null : (reason ?? '')),
      })
      .catch((error: unknown) => ctx.logError(error, 'registration decision mail failed'));
  }
}
