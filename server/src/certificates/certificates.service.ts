import { randomBytes } from 'node:crypto';
import { CERTIFICATE_TEXTS, certificateFileName, checkUrl, isCertificateOf } from '#domain/certificates.ts';
import type {
  CertificateAttachInput,
  CertificateCheckToken,
  PublicCertificate,
  StatementStatus,
} from '#domain/contract.ts';
import { publicApprovedSet } from '../approved-sets/approved-sets.service.ts';
import type { ServiceContext } from '../context.ts';
import { approvalReplacement, correctedCertificate } from '../corrections/corrections.service.ts';
import { findApprovalStage, stageHasDocument } from '../db/approval-round.ts';
import { nowIso } from '../db/database.ts';
import { apiError, fieldError } from '../errors.ts';
import { attachToStage, pendingUploads } from '../prefiles/prefiles.service.ts';
import { type SignedApproval, signedApproval } from '../signatures/signed-decisions.ts';
import { requireExaminer } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import { decisionFacts, findStatementFor } from '../workflow/statement-access.ts';
import {
  findStatementByCheckToken,
  listDocuments,
  listStageOutline,
  setCheckTokenOnce,
} from './certificates.repository.ts';

/** 24 random bytes (192 bits) as base64url: 32 characters of [A-Za-z0-9_-]. Never derived from the statement. */
export function newCheckToken(): string {
  return randomBytes(24).toString('base64url');
}

/** What a check token looks like; anything else is answered like an unknown token without touching the database. */
const CHECK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** The statuses in which the assigned examiner may (re)generate the certificate: before and after approving. */
const CERTIFICATE_STATUSES: readonly StatementStatus[] = ['under_review', 'approved'];

export { checkUrl };

/**
 * Issues the statement's check token, or answers the one it has (two calls at once get the same token): the
 * assigned examiner only, while the statement is under review or approved.
 */
export async function issueCheckToken(
  ctx: ServiceContext,
  actor: UserRow,
  statementId: number,
): Promise<CertificateCheckToken> {
  requireExaminer(actor);
  const row = await findStatementFor(ctx.db, actor, statementId);
  if (!CERTIFICATE_STATUSES.includes(row.status)) {
    throw apiError(
      'invalid_transition',
      'Свидетельство выдаётся только по заявлению на рассмотрении или согласованному',
    );
  }
  if (row.examiner_id !== actor.id) {
    throw apiError('forbidden', 'Свидетельство выдаёт эксперт, взявший заявление в работу');
  }
  const token = await setCheckTokenOnce(ctx.db, statementId, newCheckToken());
  if (!token) throw apiError('not_found', 'Заявление не найдено');
  return { token, checkUrl: checkUrl(ctx.config.publicOrigin, token) };
}

/**
 * 'Приложить свидетельство': the approving examiner attaches the certificate, 'Свидетельство_{visibleId}.pdf', to an
 * approval given before it was required. It becomes a file of the approving round, and so the approval's certificate
 * (the statement's history tells when: workflow/rounds.ts).
 */
export async function attachCertificate(
  ctx: ServiceContext,
  actor: UserRow,
  statementId: number,
  input: CertificateAttachInput,
): Promise<void> {
  requireExaminer(actor);
  const row = await findStatementFor(ctx.db, actor, statementId);
  if (row.status !== 'approved') throw apiError('invalid_transition', CERTIFICATE_TEXTS.notMissing);
  if (row.examiner_id !== actor.id) throw apiError('forbidden', CERTIFICATE_TEXTS.notYours);
  const expected = certificateFileName(row.visible_id);
  // Nothing to attach to an approval that carries its certificate: told before anything about the file.
  const missing = async (db: typeof ctx.db) => {
    const stageId = await findApprovalStage(db, statementId);
    if (stageId === null || (await stageHasDocument(db, stageId, expected))) {
      throw apiError('invalid_transition', CERTIFICATE_TEXTS.notMissing);
    }
    return stageId;
  };
  await missing(ctx.db);
  const [upload] = await pendingUploads(ctx.db, actor.id, [input.prefileId]);
  if (!upload) throw apiError('invalid_prefiles');
  const named = isCertificateOf(upload.name, row.visible_id);
  if (!named || Number(upload.size) < 5 || !(await isPdf(ctx, upload.storage_key))) {
    throw fieldError('prefileId', CERTIFICATE_TEXTS.wrongName(expected));
  }
  const at = nowIso(ctx.now());
  await ctx.db.transaction().execute(async (trx) => {
    await attachToStage(trx, actor.id, [input.prefileId], await missing(trx), at);
  });
}

/** True when the stored bytes begin as a PDF does ('%PDF-'): a renamed picture is no certificate. */
async function isPdf(ctx: ServiceContext, key: string): Promise<boolean> {
  const head: Buffer[] = [];
  for await (const chunk of await ctx.files.get(key, { start: 0, end: 4 })) head.push(Buffer.from(chunk));
  return Buffer.concat(head).subarray(0, 5).toString('latin1') === '%PDF-';
}

/** 'Иванов Иван Иванович' -> 'Иванов И. И.' (and 'Иванов И. И.' stays as it is); null when there is no name. */
export function surnameWithInitials(fio: string | null): string | null {
  const parts = (fio ?? '').trim().split(/\s+/).filter(Boolean);
  const [surname, ...rest] = parts;
  if (!surname) return null;
  const initials = rest
    .map((part) => part.replace(/\./g, ''))
    .filter(Boolean)
    .map((part) => `${part.charAt(0).toUpperCase()}.`);
  return [surname, ...initials].join(' ');
}

const UNKNOWN = 'Свидетельство не найдено';

/**
 * The public check: the statement's real state, and only once it is approved the decision date and the files of
 * the company submission the approval answered. Unknown and malformed tokens are the same 404.
 */
export async function publicCertificate(ctx: ServiceContext, token: string): Promise<PublicCertificate> {
  if (!CHECK_TOKEN_PATTERN.test(token)) throw apiError('not_found', UNKNOWN);
  const row = await findStatementByCheckToken(ctx.db, token);
  if (!row) return correctedPublicCertificate(ctx, token);

  let decisionDate: string | null = null;
  let documents: PublicCertificate['documents'] = [];
  let certificateAttached = false;
  if (row.status === 'approved') {
    const approved = await approvedRound(ctx, row.id);
    decisionDate = approved.decisionDate;
    documents = approved.documents;
    // Approvals made before the certificate was required may lack it: the check does not call them valid.
    certificateAttached =
      approved.stageId !== null &&
      (await stageHasDocument(ctx.db, approved.stageId, certificateFileName(row.visible_id)));
  }

  // An approval shows what it was about when it was given; later edits of the company, the statement or the
  // examiner change nothing here (docs/product.md «Certificate and public check»).
  const shown = await decisionFacts(ctx.db, row);
  if (!shown) throw apiError('not_found', UNKNOWN);
  return {
    visibleId: row.visible_id,
    status: row.status,
    decisionDate,
    objectName: shown.object_name,
    address: shown.address,
    cadastralNumber: shown.cadastral_number,
    company: shown.company_name,
    companyInn: shown.company_inn,
    companyOgrn: shown.company_ogrn,
    committee: shown.committee,
    examiner: surnameWithInitials(shown.examiner_fio),
    documents,
    certificateAttached,
    ...(row.status === 'approved' ? await approvalReplacement(ctx, row.id) : { replaces: null, replacedBy: null }),
    signature: row.status === 'approved' ? ((await signedApproval(ctx, row.id))?.shown ?? null) : null,
    approvedSet: await publicApprovedSet(ctx, row),
  };
}

/**
 * The signed certificate for the public check's download: only an approval's, only when the check shows its
 * signature; the same 404 as an unknown token otherwise. The signature file is not public (its certificate carries the
 * official's СНИЛС and personal ИНН).
 */
export async function publicSignedFile(ctx: ServiceContext, token: string): Promise<SignedApproval['document']> {
  if (!CHECK_TOKEN_PATTERN.test(token)) throw apiError('not_found', UNKNOWN);
  const signed = await signedCertificateOf(ctx, token);
  if (!signed) throw apiError('not_found', UNKNOWN);
  return signed.document;
}

/** The signed certificate a check token is about: an approval's, or a corrected certificate's; null unless approved. */
async function signedCertificateOf(ctx: ServiceContext, token: string): Promise<SignedApproval | null> {
  const row = await findStatementByCheckToken(ctx.db, token);
  if (row) return row.status === 'approved' ? signedApproval(ctx, row.id) : null;
  const corrected = await correctedCertificate(ctx, token);
  if (corrected?.status !== 'approved') return null;
  return signedApproval(ctx, corrected.statementId, corrected.correctionId);
}

/** The approval's date and the files of the company submission it answered (none before an approval). */
async function approvedRound(ctx: ServiceContext, statementId: number) {
  const stages = await listStageOutline(ctx.db, statementId);
  const approvalIndex = stages.findLastIndex((stage) => stage.byCommittee && stage.status === 'approved');
  const approval = stages[approvalIndex];
  if (!approval) return { stageId: null, decisionDate: null, documents: [] };
  const answered = stages.slice(0, approvalIndex).findLast((stage) => !stage.byCommittee);
  const documents = answered
    ? (await listDocuments(ctx.db, answered.id)).map((file) => ({
        fileName: file.file_name,
        size: Number(file.size),
        sha256: file.sha256,
      }))
    : [];
  return { stageId: approval.id, decisionDate: approval.date_create, documents };
}

/**
 * The public check of a corrected certificate (its own token): what its snapshot carries, dated when it was issued,
 * with the certificate it replaces and the one that replaced it; the same 404 as an unknown token otherwise.
 */
async function correctedPublicCertificate(ctx: ServiceContext, token: string): Promise<PublicCertificate> {
  const corrected = await correctedCertificate(ctx, token);
  if (!corrected) throw apiError('not_found', UNKNOWN);
  const { facts } = corrected;
  const approved = corrected.status === 'approved' ? await approvedRound(ctx, corrected.statementId) : null;
  return {
    visibleId: corrected.visibleId,
    status: corrected.status,
    decisionDate: approved ? corrected.date : null,
    objectName: facts.object_name,
    address: facts.address,
    cadastralNumber: facts.cadastral_number,
    company: facts.company_name ?? '',
    companyInn: facts.company_inn,
    companyOgrn: facts.company_ogrn,
    committee: facts.committee,
    examiner: surnameWithInitials(facts.examiner_fio),
    documents: approved?.documents ?? [],
    // A corrected certificate is the file its correction carries.
    certificateAttached: approved !== null,
    replaces: corrected.replaces,
    replacedBy: corrected.replacedBy,
    signature: approved
      ? ((await signedApproval(ctx, corrected.statementId, corrected.correctionId))?.shown ?? null)
      : null,
    // A correction changes the certificate's requisites, never the drawings: the approval's set stays the current one.
    approvedSet: approved
      ? await publicApprovedSet(ctx, { id: corrected.statementId, status: corrected.status })
      : null,
  };
}
