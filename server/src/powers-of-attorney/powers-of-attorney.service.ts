// A company's machine-readable powers of attorney (docs/product.md «Powers of attorney»): added with the head's
// signature after every check, listed for the company's users, revoked in the portal by the owner, and checked in the
// ФНС's registry by an examiner, who records what it says.

import { committeeTime } from '#domain/committee-time.ts';
import type { DocumentSignature, PowerOfAttorney, PowerOfAttorneyInput, RegistryCheckInput } from '#domain/contract.ts';
import { finalExtension, isSignatureName } from '#domain/files.ts';
import { formatNumericDay } from '#domain/russian.ts';
import { SIGNATURE_FAILURE_TEXTS } from '#domain/signatures.ts';
import { inAdminTransaction, recordChange } from '../administration/admin-log.ts';
import { companyRequisites } from '../companies/companies.service.ts';
import type { ServiceContext } from '../context.ts';
import { nowIso } from '../db/database.ts';
import { ApiError, apiError } from '../errors.ts';
import { claimUploads, pendingUploads } from '../prefiles/prefiles.service.ts';
import { comparableName } from '../signatures/signed-uploads.ts';
import { checkSignature, readSmall } from '../signatures/stored-signature.ts';
import { optionalText, requiredText } from '../text.ts';
import { requireCompanyUser, requireExaminer, requireOwner } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import { notePowerOfAttorneyChange } from '../workflow/representation-changes.ts';
import {
  MAX_POWER_OF_ATTORNEY_BYTES,
  type Person,
  POWER_OF_ATTORNEY_FORMAT_TEXTS,
  type PowerOfAttorneyFile,
  PowerOfAttorneyFormatError,
  readPowerOfAttorney,
} from './emchd.ts';
import {
  findPowerOfAttorney,
  insertPowerOfAttorney,
  listCompanyPowersOfAttorney,
  type PowerOfAttorneyRow,
  powerOfAttorneyExists,
  recordRegistryCheckRow,
  revokePowerOfAttorneyRow,
} from './powers-of-attorney.repository.ts';

/** What adding, revoking and checking a power of attorney answer in Russian. */
export const POWER_OF_ATTORNEY_TEXTS = {
  files: 'Приложите файл доверенности (.xml) и файл её подписи (.sig или .p7s)',
  otherPrincipal: 'Доверенность выдана другой организацией',
  notByHead: 'Доверенность подписана не руководителем организации',
  badSignature: (why: string) => `Подпись доверенности недействительна: ${why}`,
  expired: (day: string) => `Срок действия доверенности истёк ${formatNumericDay(day)}`,
  notYet: (day: string) => `Доверенность действует только с ${formatNumericDay(day)}`,
  notNatural: 'Представитель по доверенности должен быть физическим лицом',
  notYours: 'Сотрудник может добавить только доверенность, выданную ему самому',
  reasonRequired: 'Укажите причину отзыва',
  alreadyRevoked: 'Доверенность уже отозвана',
  notFound: 'Доверенность не найдена',
} as const;

const bad = (message: string) => apiError('validation_error', message);

/** A user as the records name them: ФИО, else e-mail. */
const nameOf = (actor: UserRow) => actor.fio ?? actor.email ?? `пользователь ${actor.id}`;

type Stored = { principal: PowerOfAttorney['principal']; person: Person };

function toApi(row: PowerOfAttorneyRow, today: string): PowerOfAttorney {
  const person = (value: string) => {
    const { fio, title, inn, snils } = JSON.parse(value) as Person;
    return { fio, title, inn, snils };
  };
  return {
    id: row.id,
    number: row.number,
    internalNumber: row.internal_number,
    issuedOn: row.issued_on,
    validTo: row.valid_to,
    principal: JSON.parse(row.principal) as Stored['principal'],
    issuedBy: person(row.issued_by),
    representative: person(row.representative),
    powers: JSON.parse(row.powers) as PowerOfAttorney['powers'],
    status: row.revoked_at !== null ? 'revoked' : row.valid_to < today ? 'expired' : 'valid',
    revokedAt: row.revoked_at,
    revokedReason: row.revoked_reason,
    registryCheck:
      row.registry_checked_at && row.registry_result
        ? {
            checkedAt: row.registry_checked_at,
            checkedBy: row.registry_checked_by ?? '',
            result: row.registry_result,
            note: row.registry_note,
          }
        : null,
    signature: JSON.parse(row.signature_check) as DocumentSignature,
    addedBy: row.added_by_name,
    addedAt: row.added_at,
  };
}

const today = (ctx: ServiceContext) => committeeTime(ctx.now())?.day ?? nowIso(ctx.now()).slice(0, 10);

/** The caller's company's powers of attorney, newest first (every user of the company). */
export async function listPowersOfAttorney(ctx: ServiceContext, actor: UserRow): Promise<PowerOfAttorney[]> {
  const companyId = requireCompanyUser(actor);
  const day = today(ctx);
  return (await listCompanyPowersOfAttorney(ctx.db, companyId)).map((row) => toApi(row, day));
}

/** Whether the signer of the МЧД is one of those who act for the principal without one, by СНИЛС or ИНН. */
function signedByHead(file: PowerOfAttorneyFile, signer: DocumentSignature['signer']): boolean {
  return file.heads.some(
    (head) => (head.snils !== null && head.snils === signer.snils) || (head.inn !== null && head.inn === signer.inn),
  );
}

/** The МЧД's file and its signature among the caller's uploads: exactly one `.xml` and one signature. */
async function uploadsOf(ctx: ServiceContext, actor: UserRow, prefileIds: readonly number[]) {
  const uploads = await pendingUploads(ctx.db, actor.id, prefileIds);
  if (uploads.length !== prefileIds.length) throw apiError('invalid_prefiles');
  const xml = uploads.filter((upload) => finalExtension(upload.name) === 'xml');
  const signatures = uploads.filter((upload) => isSignatureName(upload.name));
  if (xml.length !== 1 || signatures.length !== 1) throw bad(POWER_OF_ATTORNEY_TEXTS.files);
  return { xml: xml[0] as (typeof uploads)[number], signature: signatures[0] as (typeof uploads)[number] };
}

/**
 * Adds an МЧД of the caller's company from two uploads, its XML and its detached signature, after every check of
 * docs/product.md «Powers of attorney» (each failure a 400 with its Russian message, nothing stored): the file
 * (emchd.ts), the principal, the representative (a natural person; an employee adds only their own), the term, the
 * signature over the XML's bytes by a person acting without a power of attorney, with a certificate of the company.
 * The same МЧД twice is 409.
 */
export async function addPowerOfAttorney(
  ctx: ServiceContext,
  actor: UserRow,
  input: PowerOfAttorneyInput,
): Promise<PowerOfAttorney> {
  const companyId = requireCompanyUser(actor);
  const { xml, signature } = await uploadsOf(ctx, actor, input.prefileIds);
  if (Number(xml.size) > MAX_POWER_OF_ATTORNEY_BYTES) throw bad(POWER_OF_ATTORNEY_FORMAT_TEXTS.tooLarge);
  let file: PowerOfAttorneyFile;
  try {
    file = readPowerOfAttorney(await readSmall(ctx, xml.storage_key));
  } catch (error) {
    if (error instanceof PowerOfAttorneyFormatError) throw bad(error.message);
    throw error;
  }
  const company = await companyRequisites(ctx, companyId);
  const ours =
    (company.inn && company.inn === file.principal.innLe) || (company.ogrn && company.ogrn === file.principal.ogrn);
  if (!ours) throw bad(POWER_OF_ATTORNEY_TEXTS.otherPrincipal);
  const representative = file.representative;
  if (!representative) throw bad(POWER_OF_ATTORNEY_TEXTS.notNatural);
  if (actor.role !== 'owner' && comparableName(representative.fio) !== comparableName(actor.fio)) {
    throw apiError('forbidden', POWER_OF_ATTORNEY_TEXTS.notYours);
  }
  const day = today(ctx);
  if (file.validTo < day) throw bad(POWER_OF_ATTORNEY_TEXTS.expired(file.validTo));
  if (file.issuedOn > day) throw bad(POWER_OF_ATTORNEY_TEXTS.notYet(file.issuedOn));
  const number = file.number.toLowerCase();
  if (await powerOfAttorneyExists(ctx.db, number)) throw new ApiError('power_of_attorney_exists');
  const check = await checkSignature(ctx, {
    documentKey: xml.storage_key,
    signatureKey: signature.storage_key,
    signatureName: signature.name,
    signatureSize: Number(signature.size),
    organization: { innLe: company.inn ?? null, ogrn: company.ogrn ?? null },
  });
  if (check.status === 'foreign_organization' || (check.status === 'valid' && !signedByHead(file, check.signer))) {
    throw bad(POWER_OF_ATTORNEY_TEXTS.notByHead);
  }
  if (check.status !== 'valid') throw bad(POWER_OF_ATTORNEY_TEXTS.badSignature(SIGNATURE_FAILURE_TEXTS[check.status]));
  const issuer = file.heads.find(
    (head) => head.snils === check.signer.snils || (head.inn !== null && head.inn === check.signer.inn),
  ) as Person;
  const id = await inAdminTransaction(ctx, async (trx, at) => {
    if (!(await claimUploads(trx.db, actor.id, [xml.id, signature.id], at))) throw apiError('invalid_prefiles');
    if (await powerOfAttorneyExists(trx.db, number)) throw new ApiError('power_of_attorney_exists');
    const inserted = await insertPowerOfAttorney(trx.db, {
      company_id: companyId,
      number,
      internal_number: file.internalNumber,
      issued_on: file.issuedOn,
      valid_to: file.validTo,
      principal: JSON.stringify(file.principal),
      issued_by: JSON.stringify({ ...issuer, fio: issuer.fio || (check.signer.fio ?? '') }),
      representative: JSON.stringify(representative),
      representative_snils: representative.snils,
      representative_inn: representative.inn,
      powers: JSON.stringify(file.powers),
      signature_check: JSON.stringify(check),
      xml_key: xml.storage_key,
      signature_key: signature.storage_key,
      added_by: actor.id,
      added_by_name: nameOf(actor),
      added_at: at,
    });
    await recordChange(trx.db, actor, at, 'power_of_attorney_added', `Доверенность № ${number}`, {
      number,
      company: file.principal.organization,
      representative: representative.fio,
    });
    return inserted;
  }).catch((error: unknown) => {
    // Two adds of one МЧД at once: the unique number lets one in.
    if (!(error instanceof ApiError) && /unique|duplicate/i.test(String(error))) {
      throw new ApiError('power_of_attorney_exists');
    }
    throw error;
  });
  return toApi((await findPowerOfAttorney(ctx.db, id)) as PowerOfAttorneyRow, day);
}

async function ownPowerOfAttorney(ctx: ServiceContext, companyId: number | null, id: number) {
  const row = await findPowerOfAttorney(ctx.db, id);
  if (!row || (companyId !== null && row.company_id !== companyId)) {
    throw apiError('not_found', POWER_OF_ATTORNEY_TEXTS.notFound);
  }
  return row;
}

/** The owner revokes an МЧД of the company in the portal: from now no signature relying on it is `valid`. */
export async function revokePowerOfAttorney(
  ctx: ServiceContext,
  actor: UserRow,
  id: number,
  input: { reason: string },
): Promise<PowerOfAttorney> {
  const companyId = requireCompanyUser(actor);
  requireOwner(actor);
  const reason = requiredText(input.reason, POWER_OF_ATTORNEY_TEXTS.reasonRequired);
  const row = await ownPowerOfAttorney(ctx, companyId, id);
  await inAdminTransaction(ctx, async (trx, at) => {
    const revoked = await revokePowerOfAttorneyRow(trx.db, id, { at, reason, by: nameOf(actor) });
    if (!revoked) throw apiError('invalid_transition', POWER_OF_ATTORNEY_TEXTS.alreadyRevoked);
    await notePowerOfAttorneyChange(trx.db, {
      companyId: row.company_id,
      powerOfAttorney: { id, number: row.number },
      event: 'revoked',
      note: reason,
      actor,
      at,
    });
    await recordChange(trx.db, actor, at, 'power_of_attorney_revoked', `Доверенность № ${row.number}`, {
      number: row.number,
      reason,
    });
  });
  return toApi((await findPowerOfAttorney(ctx.db, id)) as PowerOfAttorneyRow, today(ctx));
}

/** An МЧД as it stands now, for the committee side (whose signatures rely on it). */
export async function powerOfAttorneyForExaminer(
  ctx: ServiceContext,
  actor: UserRow,
  id: number,
): Promise<PowerOfAttorney> {
  requireExaminer(actor);
  return toApi(await ownPowerOfAttorney(ctx, null, id), today(ctx));
}

/**
 * An examiner records what the ФНС's registry says of an МЧД (checked on a connected workstation); a revocation
 * found there revokes it in the portal too, from this moment.
 */
export async function recordRegistryCheck(
  ctx: ServiceContext,
  actor: UserRow,
  id: number,
  input: RegistryCheckInput,
): Promise<PowerOfAttorney> {
  requireExaminer(actor);
  const row = await ownPowerOfAttorney(ctx, null, id);
  const note = optionalText(input.note);
  const by = nameOf(actor);
  await inAdminTransaction(ctx, async (trx, at) => {
    await recordRegistryCheckRow(trx.db, id, { at, by, result: input.revoked ? 'revoked' : 'not_revoked', note });
    if (input.revoked) {
      await revokePowerOfAttorneyRow(trx.db, id, { at, reason: note ?? 'Отозвана по данным реестра ФНС', by });
    }
    await notePowerOfAttorneyChange(trx.db, {
      companyId: row.company_id,
      powerOfAttorney: { id, number: row.number },
      event: input.revoked ? 'registry_revoked' : 'registry_not_revoked',
      note,
      actor,
      at,
    });
    await recordChange(trx.db, actor, at, 'power_of_attorney_registry_checked', `Доверенность № ${row.number}`, {
      number: row.number,
      revoked: input.revoked,
      note,
    });
  });
  return toApi((await findPowerOfAttorney(ctx.db, id)) as PowerOfAttorneyRow, today(ctx));
}
