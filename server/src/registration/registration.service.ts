// Organisations register themselves (docs/product.md «Registration»): the e-mail is confirmed by a mailed code under
// the login code's rules, then the organisation's requisites and the person come with the consent to the processing
// of personal data; the company is `pending` (it may prepare, not file) and its registrant is its owner, logged in.
import type { RegistrationInput } from '#domain/contract.ts';
import { REGISTRATION_FIELD_TEXTS, registrationProblems } from '#domain/registration.ts';
import { routes } from '#domain/routes.ts';
import { issueCode, spendCode } from '../auth/email-codes.ts';
import { companyWithInn, insertRegisteredCompany } from '../companies/companies.service.ts';
import type { ServiceContext } from '../context.ts';
import { ApiError, fieldError } from '../errors.ts';
import { CONSENT_VERSION, currentConsent, PERSONAL_DATA_TEXTS } from '../personal-data/documents.ts';
import { optionalText } from '../text.ts';
import { normalizeEmail } from '../users/user.ts';
import { findUserByEmail, insertUser, withNewLogin } from '../users/users.service.ts';

/** What registration answers and mails, in Russian. */
export const REGISTRATION_TEXTS = {
  started:
    'Письмо отправлено. Если адрес ещё не зарегистрирован на портале, в нём код подтверждения; если зарегистрирован — ' +
    'ссылка для входа.',
  innTaken: (inn: string) =>
    `Организация с ИНН ${inn} уже зарегистрирована на портале: попросите её владельца добавить вас в сотрудники`,
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

/** Registration needs the operator's address for the consent to name; 503 otherwise. */
function requireOpen(ctx: ServiceContext): void {
  currentConsent(ctx.config);
}

/**
 * Starts a registration: the same answer for every address (the caller answers 202 whatever this mails). A new
 * address gets a code of a `registration` attempt, whose token the browser keeps; one that has an account gets a mail
 * saying so, and an attempt no code was mailed for, so the next step looks the same for it too.
 */
export async function startRegistration(
  ctx: ServiceContext,
  rawEmail: string,
  source: string,
  presented?: string,
): Promise<string> {
  requireOpen(ctx);
  const email = normalizeEmail(rawEmail);
  const user = await findUserByEmail(ctx.db, email);
  const { token, code } = await issueCode(ctx, {
    purpose: 'registration',
    email,
    source,
    ...(presented ? { presented } : {}),
    userId: user?.id ?? null,
  });
  // Last, with nothing awaited after it: the mailer only queues (server/src/mail/outbox.ts).
  const mail = user
    ? { to: email, subject: REGISTRATION_TEXTS.accountSubject, text: accountMail(ctx, email) }
    : { to: email, subject: REGISTRATION_TEXTS.codeSubject, text: codeMail(code) };
  ctx.mailer.send(mail).catch((error: unknown) => ctx.logError(error, 'registration mail failed'));
  return token;
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
function checkedConsent(version: string | null): string {
  const given = optionalText(version);
  if (given === null) throw fieldError('consentVersion', REGISTRATION_FIELD_TEXTS.consentRequired);
  if (given !== CONSENT_VERSION) throw fieldError('consentVersion', PERSONAL_DATA_TEXTS.consentOutdated);
  return given;
}

/** An ИНН taken: 409 naming whom to ask, and its owners are told that someone tried. */
function innTaken(ctx: ServiceContext, inn: string, ownerEmails: readonly string[], who: string): ApiError {
  for (const to of ownerEmails) {
    ctx.mailer
      .send({ to, subject: REGISTRATION_TEXTS.attemptSubject, text: attemptMail(ctx, inn, who) })
      .catch((error: unknown) => ctx.logError(error, 'registration attempt mail failed'));
  }
  return new ApiError('inn_taken', { message: REGISTRATION_TEXTS.innTaken(inn), extra: { field: 'inn' } });
}

/** Whether a database error is the unique index on the company's ИНН: another registration won. */
function isInnConflict(error: unknown): boolean {
  const text = String((error as { message?: unknown })?.message ?? error);
  return /companies_inn_unique|companies\.inn\b/.test(text);
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
  const consentVersion = checkedConsent(input.consentVersion);
  const who = `${organisation.fio}, ${email}`;
  await spendCode(ctx, {
    purpose: 'registration',
    email,
    code: input.code,
    presented: request.presented,
    // The attempt was for an address with no account, and it still has none.
    fits: async (userId) => userId === null && (await findUserByEmail(ctx.db, email)) === undefined,
  });
  // After the code: only a confirmed address learns whether an ИНН is registered, and can have its owners mailed.
  const existing = await companyWithInn(ctx.db, organisation.inn);
  if (existing) throw innTaken(ctx, organisation.inn, existing.ownerEmails, who);
  try {
    return await withNewLogin(ctx, email, async (trx, login) => {
      const companyId = await insertRegisteredCompany(trx, {
        ...organisation,
        head: { fio: organisation.fio, phone: organisation.phone },
        registeredAt: login.createdAt,
      });
      return insertUser(trx, {
        email: login.email,
        fio: organisation.fio,
        phone: organisation.phone,
        position: organisation.position,
        role: 'owner',
        companyId,
        createdAt: login.createdAt,
        consent: { version: consentVersion, at: login.createdAt, address: request.address },
      });
    });
  } catch (error) {
    if (!(error instanceof ApiError) && isInnConflict(error)) {
      const winner = await companyWithInn(ctx.db, organisation.inn);
      throw innTaken(ctx, organisation.inn, winner?.ownerEmails ?? [], who);
    }
    throw error;
  }
}
