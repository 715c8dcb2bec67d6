// A registration confirmed at once by the head's qualified signature (docs/product.md «Registration»): the portal makes
// 'Заявление о регистрации организации на портале' once and keeps it; the head signs those bytes and uploads the
// detached signature. A valid signature of a certificate with the organisation's ИНН ЮЛ and ОГРН (an entrepreneur's:
// the ИНН), or of a person a power of attorney of it names, makes the company `active`; anything else is a 400 with the
// verdict's text, and the company keeps waiting.
import type { DocumentSignature, RegistrationConfirmation, RegistrationConfirmationInput } from '#domain/contract.ts';
import { isSignatureName } from '#domain/files.ts';
import { registrationStatementTexts, renderRegistrationStatement } from '#domain/pdf/registration-statement.ts';
import { signatureFailure } from '#domain/signatures.ts';
import { inAdminTransaction, recordChange } from '../administration/admin-log.ts';
import {
  confirmRegistrationBySignature,
  keepRegistrationStatement,
  ownRegistration,
} from '../companies/companies.service.ts';
import type { ServiceContext } from '../context.ts';
import { ApiError, apiError } from '../errors.ts';
import { committeeFonts, keepLetter } from '../letters/letters.ts';
import { claimUploads, pendingUploads } from '../prefiles/prefiles.service.ts';
import { withRepresentation } from '../signatures/representation.ts';
import { releaseUnreadable } from '../signatures/signed-uploads.ts';
import { checkSignature, readSmall } from '../signatures/stored-signature.ts';
import { requireOwner } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';

/** What the confirmation answers, in Russian. */
export const CONFIRMATION_TEXTS = {
  notRegistered: 'Организация не регистрировалась на портале: подтверждать нечего',
  confirmed: 'Регистрация организации уже подтверждена',
  declined: 'В регистрации организации отказано. Зарегистрируйте её заново',
  files: 'Приложите один файл подписи заявления о регистрации (.sig, .p7s)',
  foreign:
    'Заявление подписано не руководителем этой организации: ИНН и ОГРН в сертификате не совпадают с указанными при регистрации',
  refused: (failure: string) => `Подпись заявления не принята: ${failure}`,
} as const;

type Registration = NonNullable<Awaited<ReturnType<typeof ownRegistration>>>;

/** The caller's registration that still waits: 404 for a company that never registered, 409 for a decided one. */
async function waitingRegistration(ctx: ServiceContext, actor: UserRow): Promise<Registration> {
  requireOwner(actor);
  const company = await ownRegistration(ctx, actor);
  if (!company) throw apiError('not_found', CONFIRMATION_TEXTS.notRegistered);
  if (company.state === 'active') throw apiError('invalid_transition', CONFIRMATION_TEXTS.confirmed);
  if (company.declined_at !== null) throw apiError('invalid_transition', CONFIRMATION_TEXTS.declined);
  return company;
}

/**
 * The registration statement's stored key: made on the first call from the registration as it stands and the owner
 * asking (the registrant), then the same bytes on every call. Of two first calls at once one keeps its file; the
 * other's bytes go and it answers the kept one.
 */
async function statementKey(ctx: ServiceContext, actor: UserRow, company: Registration): Promise<string> {
  if (company.statement_key) return company.statement_key;
  const pdf = await renderRegistrationStatement(
    {
      legalEntity: company.legal_entity,
      inn: company.inn ?? '',
      kpp: company.kpp,
      ogrn: company.ogrn ?? '',
      legalAddress: company.legal_address ?? '',
      fio: actor.fio ?? '',
      position: actor.position ?? '',
      phone: actor.phone ?? '',
      email: actor.email ?? '',
      registeredAt: new Date(company.registered_at ?? ctx.now()),
    },
    await committeeFonts(),
  );
  let kept: string | null = null;
  await keepLetter(ctx, pdf, async (stored) => {
    if (!(await keepRegistrationStatement(ctx.db, company.id, stored))) throw new StatementKeptElsewhere();
    kept = stored.key;
  }).catch((error: unknown) => {
    if (!(error instanceof StatementKeptElsewhere)) throw error;
  });
  if (kept) return kept;
  // Kept by another request meanwhile; gone only if the registration itself went (decided, or removed).
  const again = (await ownRegistration(ctx, actor))?.statement_key;
  if (!again) throw apiError('invalid_transition', CONFIRMATION_TEXTS.confirmed);
  return again;
}

/** Another request kept the statement first: this one's bytes go (keepLetter removes them). */
class StatementKeptElsewhere extends Error {}

/** 'Заявление о регистрации организации на портале' of the caller's waiting registration: its name and bytes. */
export async function registrationStatement(
  ctx: ServiceContext,
  actor: UserRow,
): Promise<{ name: string; bytes: Uint8Array }> {
  const company = await waitingRegistration(ctx, actor);
  const key = await statementKey(ctx, actor, company);
  return { name: registrationStatementTexts.fileName(company.inn ?? ''), bytes: await readSmall(ctx, key) };
}

/**
 * Whether a verdict confirms the organisation: `valid` for its certificate (or a representative's under its МЧД); an
 * entrepreneur's certificate carries the ИНН of the person, not an ИНН ЮЛ, so its `foreign_organization` with the
 * company's 12-digit ИНН confirms too.
 */
function confirms(check: DocumentSignature, inn: string): boolean {
  if (check.status === 'valid') return true;
  return check.status === 'foreign_organization' && inn.length === 12 && check.signer.inn === inn;
}

/**
 * Confirms the caller's waiting registration by the detached signature among `prefileIds` (exactly one file, a
 * signature) over the stored statement. The company becomes `active` with the certificate's organisation name kept;
 * the signature is kept with its verdict and the administration log records it. Any other verdict is a 400 with its
 * text and nothing changes (a file that is no signature at all is released, as a round's is).
 */
export async function confirmRegistration(
  ctx: ServiceContext,
  actor: UserRow,
  input: RegistrationConfirmationInput,
): Promise<RegistrationConfirmation> {
  const company = await waitingRegistration(ctx, actor);
  const uploads = await pendingUploads(ctx.db, actor.id, input.prefileIds);
  if (uploads.length !== input.prefileIds.length) throw apiError('invalid_prefiles');
  const [signature] = uploads;
  if (uploads.length !== 1 || !signature || !isSignatureName(signature.name)) {
    throw apiError('validation_error', CONFIRMATION_TEXTS.files);
  }
  const statement = await statementKey(ctx, actor, company);
  const inn = company.inn ?? '';
  const verdict = await checkSignature(ctx, {
    documentKey: statement,
    signatureKey: signature.storage_key,
    signatureName: signature.name,
    signatureSize: Number(signature.size),
    organization: { innLe: inn.length === 10 ? inn : null, ogrn: company.ogrn },
  }).catch(releaseUnreadable(ctx, actor.id, signature.id));
  // The head's own certificate (an entrepreneur's too) first; a person's certificate confirms under a power of
  // attorney of the company already added on 'Моя компания'.
  const check = confirms(verdict, inn) ? verdict : await withRepresentation(ctx, company.id, verdict);
  if (!confirms(check, inn)) {
    const failure = check.status === 'foreign_organization' ? CONFIRMATION_TEXTS.foreign : signatureFailure(check);
    throw apiError('validation_error', CONFIRMATION_TEXTS.refused(failure));
  }
  const by = check.signer.fio ?? actor.fio ?? '';
  const certificateOrganization = check.signer.organization ?? null;
  const confirmedAt = await inAdminTransaction(ctx, async (trx, at) => {
    // The company's row first, as the removal of an expired registration takes it (then its people's uploads): the
    // same order on both sides, so PostgreSQL never finds the two waiting on each other.
    const confirmed = await confirmRegistrationBySignature(trx.db, company.id, {
      at,
      by,
      certificateOrganization,
      signatureKey: signature.storage_key,
      signatureCheck: JSON.stringify({ ...check, status: 'valid' }),
    });
    if (!confirmed) throw new ApiError('invalid_transition', { message: CONFIRMATION_TEXTS.confirmed });
    if (!(await claimUploads(trx.db, actor.id, [signature.id], at))) throw apiError('invalid_prefiles');
    await recordChange(trx.db, actor, at, 'registration_confirmed', `${company.legal_entity} (ИНН ${inn})`, {
      inn,
      by: 'signature',
      signer: by,
      certificateOrganization,
      ...(check.powerOfAttorney ? { powerOfAttorney: check.powerOfAttorney.number } : {}),
    });
    return at;
  });
  return { state: 'active', confirmedAt, signer: by, certificateOrganization };
}
