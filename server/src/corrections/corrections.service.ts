import { randomBytes } from 'node:crypto';
import { CERTIFICATE_TEXTS, certificateFileName } from '#domain/certificates.ts';
import type {
  Correction,
  CorrectionDecisionInput,
  CorrectionInput,
  PublicCertificate,
  StageFile,
} from '#domain/contract.ts';
import { CORRECTION_TERM_DAYS, CORRECTION_TEXTS } from '#domain/corrections.ts';
import { cadastralNumberProblem } from '#domain/requisites.ts';
import { routes } from '#domain/routes.ts';
import { certificateDay } from '#domain/signatures.ts';
import { type ServiceContext, withDb } from '../context.ts';
import { findApprovalStage, stageHasDocument } from '../db/approval-round.ts';
import { nowIso } from '../db/database.ts';
import { registrySearchText } from '../db/decision-snapshot.ts';
import { type DeadlineClock, deadlineClock } from '../deadlines/deadlines.service.ts';
import { apiError, fieldError } from '../errors.ts';
import { announcePetition, announceTo, sendAnnouncement } from '../notifications/notifications.service.ts';
import {
  countCompanyPetition,
  isPetitionOverdue,
  petitionFiles,
  petitionTerm,
  petitionText,
} from '../petitions/petition.ts';
import { attachToStage } from '../prefiles/prefiles.service.ts';
import { checkRoundSignatures, documentsOf, recordRoundSignatures } from '../signatures/signed-uploads.ts';
import { optionalText } from '../text.ts';
import { requireCompanyUser, requireExaminer, seesCompany } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import { listCompanyUsers, listExaminers } from '../users/users.service.ts';
import {
  answerCorrection,
  type CorrectedSnapshot,
  type CorrectionRow,
  findApprovalSnapshot,
  findCorrectedStatement,
  findCorrection,
  findCorrectionByCheckToken,
  findOpenCorrection,
  insertCorrection,
  listCorrectionFiles,
  listCorrections,
  listRequestedCorrections,
  reopenDeclinedCorrection,
} from './corrections.repository.ts';

// The correction of errors in an issued certificate (docs/product.md «The regulation's procedures»): the company asks,
// the statement's examiner corrects (a new certificate with a snapshot and a check token of its own, which replaces
// the previous one) or declines with a reason, within 5 working days. The statement's status never changes.

const NOT_FOUND = 'Заявление не найдено';

/** The check address of a certificate (as certificates.service prints it): PUBLIC_ORIGIN, or a path without one. */
function checkUrlOf(ctx: ServiceContext, token: string): string {
  return `${ctx.config.publicOrigin ?? ''}${routes.certificateCheck(token)}`;
}

/** A user of the company asks to correct an error in the certificate of an approved statement. */
export async function requestCorrection(
  ctx: ServiceContext,
  actor: UserRow,
  statementId: number,
  input: CorrectionInput,
): Promise<void> {
  requireCompanyUser(actor);
  const statement = await findCorrectedStatement(ctx.db, statementId);
  if (!statement || !seesCompany(actor, statement.company_id)) throw apiError('not_found', NOT_FOUND);
  if (statement.status !== 'approved') throw apiError('invalid_transition', CORRECTION_TEXTS.notApproved);
  // An approval given before the certificate was required may lack it: there is nothing to correct until it is attached.
  const approval = await findApprovalStage(ctx.db, statementId);
  if (approval === null || !(await stageHasDocument(ctx.db, approval, certificateFileName(statement.visible_id)))) {
    throw apiError('invalid_transition', CERTIFICATE_TEXTS.missing);
  }
  const text = petitionText(input.text, 'text', CORRECTION_TEXTS.textRequired);
  const at = nowIso(ctx.now());
  // One request waits at a time: a second is 409 naming the first (a flood would mail the examiner once each). The
  // check runs in the request's transaction with the statement's row locked (PostgreSQL), so of two at once one wins.
  const announcement = await ctx.db.transaction().execute(async (trx) => {
    const open = await findOpenCorrection(trx, statementId);
    if (open) {
      throw apiError('invalid_transition', CORRECTION_TEXTS.alreadyOpen(certificateDay(open.requested_at)));
    }
    await countCompanyPetition(withDb(ctx, trx), statement.company_id);
    await insertCorrection(trx, {
      statementId,
      text,
      requestedBy: { id: actor.id, fio: actor.fio },
      at,
      checkToken: randomBytes(24).toString('base64url'),
    });
    // The statement's examiner; every examiner when none is assigned (an approval always has one).
    const examiners = (await listExaminers(trx)).filter(
      (user) => statement.examiner_id === null || user.id === statement.examiner_id,
    );
    const route = routes.examinerStatementInfo(statementId);
    const message = `По заявлению № ${statement.visible_id} «${statement.object_name}» запрошено исправление опечатки в свидетельстве`;
    return announcePetition(ctx, trx, examiners, route, message, [`${message}.`, '', text], at);
  });
  sendAnnouncement(ctx, announcement);
}

/**
 * The statement's examiner answers a requested correction: corrects the certificate (its snapshot is the previous
 * certificate's with the requisites given, its file the corrected certificate) or declines with a reason. Returns the
 * statement's id.
 */
export async function decideCorrection(
  ctx: ServiceContext,
  actor: UserRow,
  correctionId: number,
  input: CorrectionDecisionInput,
): Promise<number> {
  requireExaminer(actor);
  const found = await findCorrection(ctx.db, correctionId);
  if (!found) throw apiError('not_found', CORRECTION_TEXTS.notFound);
  if (found.examiner_id !== actor.id) throw apiError('forbidden', CORRECTION_TEXTS.notTheExaminer);
  if (found.status !== 'requested') throw apiError('invalid_transition', CORRECTION_TEXTS.alreadyAnswered);
  const note = optionalText(input.note);
  if (!input.accept) {
    if (note === null) throw fieldError('note', CORRECTION_TEXTS.noteRequired);
    if (input.prefileIds.length > 0) throw fieldError('prefileIds', CORRECTION_TEXTS.filesOnlyWhenCorrected);
  } else if (input.prefileIds.length === 0) {
    throw fieldError('prefileIds', CORRECTION_TEXTS.fileRequired);
  }
  const requisites = input.accept ? correctedRequisites(input.requisites ?? null) : null;
  // The corrected certificate may come with its signature, paired and checked as a reply's certificate is.
  const signatures = await checkRoundSignatures(ctx, actor, { committeeExaminer: actor }, input.prefileIds);
  const at = nowIso(ctx.now());
  const statementId = found.statement_id;
  const announcement = await ctx.db.transaction().execute(async (trx) => {
    let snapshot: CorrectedSnapshot | null = null;
    let stageId: number | null = null;
    if (input.accept) {
      const previous = await currentCertificate(trx, statementId);
      stageId = await findApprovalStage(trx, statementId);
      if (!previous || stageId === null) throw apiError('invalid_transition', CORRECTION_TEXTS.notApproved);
      snapshot = {
        ...previous.facts,
        ...(requisites ?? {}),
        // The corrected certificate is signed by the examiner who corrects it.
        examiner_fio: actor.fio ?? previous.facts.examiner_fio,
      };
    }
    const answered = await answerCorrection(trx, correctionId, {
      status: input.accept ? 'corrected' : 'declined',
      answer: note,
      answeredBy: actor.id,
      at,
      snapshot,
      searchText:
        snapshot &&
        registrySearchText({
          visibleId: found.visible_id,
          address: snapshot.address,
          cadastralNumber: snapshot.cadastral_number,
          companyName: snapshot.company_name,
          companyInn: snapshot.company_inn,
        }),
    });
    if (!answered) throw apiError('invalid_transition', CORRECTION_TEXTS.alreadyAnswered);
    if (stageId !== null) {
      await attachToStage(trx, actor.id, input.prefileIds, stageId, at, { correction_id: correctionId });
      await recordRoundSignatures(trx, stageId, signatures);
    }
    const what = `№ ${found.visible_id} «${found.statement_object_name}»`;
    const message = input.accept
      ? `Свидетельство по заявлению ${what} исправлено`
      : `В исправлении свидетельства по заявлению ${what} отказано`;
    const lines = input.accept
      ? [`${message}: исправленное свидетельство приложено к заявлению.`, ...(note ? ['', note] : [])]
      : [`${message}.`, '', `Причина: ${note}`];
    const notified = input.accept ? message : `${message}. Причина: ${note}`;
    const people = await listCompanyUsers(trx, found.company_id);
    const route = routes.statementInfo(statementId);
    const mail = await announceTo(ctx, trx, people, route, notified, lines, at);
    return { ...mail, subject: message };
  });
  sendAnnouncement(ctx, announcement);
  return statementId;
}

/** The requisites a corrected certificate carries, checked like the create form; null keeps the previous ones. */
function correctedRequisites(requisites: CorrectionDecisionInput['requisites']) {
  if (!requisites) return null;
  const objectName = optionalText(requisites.objectName);
  if (objectName === null) throw fieldError('objectName', 'Укажите наименование объекта');
  const cadastralNumber = optionalText(requisites.cadastralNumber);
  const problem = cadastralNumber === null ? null : cadastralNumberProblem(cadastralNumber);
  if (problem !== null) throw fieldError('cadastralNumber', problem);
  return { object_name: objectName, address: optionalText(requisites.address), cadastral_number: cadastralNumber };
}

/** A certificate of the statement: the approval's or a correction's, with its date and check token. */
interface IssuedCertificate {
  date: string;
  token: string | null;
  facts: CorrectedSnapshot;
  /** The correction that issued it; null for the approval's. */
  correctionId: number | null;
}

function snapshotOf(row: CorrectedSnapshot): CorrectedSnapshot {
  return {
    object_name: row.object_name,
    address: row.address,
    cadastral_number: row.cadastral_number,
    company_name: row.company_name,
    company_inn: row.company_inn,
    company_kpp: row.company_kpp,
    company_ogrn: row.company_ogrn,
    examiner_fio: row.examiner_fio,
    committee: row.committee,
  };
}

/** The statement's certificates in the order they were issued: the approval's, then each correction's. */
async function issuedCertificates(
  db: ServiceContext['db'],
  statementId: number,
  corrections?: readonly CorrectionRow[],
): Promise<IssuedCertificate[]> {
  const approval = await findApprovalSnapshot(db, statementId);
  if (!approval) return [];
  const statement = await findCorrectedStatement(db, statementId);
  const rows = corrections ?? (await listCorrections(db, statementId));
  const corrected = rows
    .filter((row) => row.status === 'corrected' && row.answered_at !== null && row.object_name !== null)
    .sort((a, b) => (a.answered_at ?? '').localeCompare(b.answered_at ?? '') || a.id - b.id);
  return [
    {
      date: approval.decided_at,
      token: statement?.check_token ?? null,
      facts: snapshotOf(approval),
      correctionId: null,
    },
    ...corrected.map((row) => ({
      date: row.answered_at ?? '',
      token: row.check_token,
      facts: snapshotOf({ ...row, object_name: row.object_name ?? '' }),
      correctionId: row.id,
    })),
  ];
}

/** The certificate in force: the last one issued; undefined before the approval. */
async function currentCertificate(db: ServiceContext['db'], statementId: number) {
  return (await issuedCertificates(db, statementId)).at(-1);
}

/**
 * A statement's corrections as the reader may see them: the check address of a requested one only for its examiner
 * (the corrected certificate prints it), of a corrected one for everyone.
 */
export async function correctionsOf(
  ctx: ServiceContext,
  statementId: number,
  /** The examiner reading, null for a user of the company. */
  examinerId: number | null,
  clock?: DeadlineClock,
): Promise<Correction[]> {
  const rows = await listCorrections(ctx.db, statementId);
  if (rows.length === 0) return [];
  const certificates = await issuedCertificates(ctx.db, statementId, rows);
  const files = await listCorrectionFiles(
    ctx.db,
    rows.map((row) => row.id),
  );
  const times = clock ?? (await deadlineClock(ctx));
  const statement = await findCorrectedStatement(ctx.db, statementId);
  const current = certificates.at(-1);
  return rows.map((row): Correction => {
    // Counted from the request on today's production calendar, never stored: a calendar import moves it (docs/decisions.md).
    const term = petitionTerm(times, row.requested_at, CORRECTION_TERM_DAYS);
    const index = certificates.findIndex((certificate) => certificate.correctionId === row.id);
    const replaced = index > 0 ? certificates[index - 1] : current;
    const showUrl =
      row.status === 'corrected' ||
      (row.status === 'requested' && examinerId !== null && statement?.examiner_id === examinerId);
    return {
      id: row.id,
      text: row.text,
      status: row.status,
      requestedAt: row.requested_at,
      requestedBy: row.requester_name,
      dueDate: term.dueDate,
      deadline: row.status === 'requested' ? term : null,
      answer: row.answer,
      answeredAt: row.answered_at,
      replacesDate: replaced?.date ?? row.requested_at,
      checkUrl: showUrl ? checkUrlOf(ctx, row.check_token) : null,
      requisites:
        row.status === 'corrected' && row.object_name !== null
          ? { objectName: row.object_name, address: row.address, cadastralNumber: row.cadastral_number }
          : null,
      // The corrected certificate with its signature, once the examiner signed it (docs/product.md «Signatures»).
      files: petitionFiles(files.filter((file) => file.correction_id === row.id)),
    };
  });
}

/** Requested corrections past their 5th working day (the metric `portal_corrections_overdue`). */
export async function countOverdueCorrections(ctx: ServiceContext): Promise<number> {
  const clock = await deadlineClock(ctx);
  const rows = await listRequestedCorrections(ctx.db);
  return rows.filter((row) => isPetitionOverdue(clock, row.requested_at, CORRECTION_TERM_DAYS)).length;
}

type CertificateLink = PublicCertificate['replacedBy'];

/** For the public check: which certificate replaced the statement's approval certificate, and none it replaces. */
export async function approvalReplacement(
  ctx: ServiceContext,
  statementId: number,
): Promise<{ replaces: CertificateLink; replacedBy: CertificateLink }> {
  const certificates = await issuedCertificates(ctx.db, statementId);
  return { replaces: null, replacedBy: linkTo(ctx, certificates[1]) };
}

function linkTo(ctx: ServiceContext, certificate: IssuedCertificate | undefined): CertificateLink {
  if (!certificate) return null;
  return { date: certificate.date, checkUrl: certificate.token === null ? null : checkUrlOf(ctx, certificate.token) };
}

/**
 * For the public check: the corrected certificate of this check token (its own snapshot and date, the certificate it
 * replaces and the one that replaced it), or undefined when the token is no corrected certificate's.
 */
export async function correctedCertificate(ctx: ServiceContext, token: string) {
  const row = await findCorrectionByCheckToken(ctx.db, token);
  if (row?.status !== 'corrected' || row.answered_at === null || row.object_name === null) return undefined;
  const certificates = await issuedCertificates(ctx.db, row.statement_id);
  const index = certificates.findIndex((certificate) => certificate.correctionId === row.id);
  return {
    correctionId: row.id,
    statementId: row.statement_id,
    visibleId: row.visible_id,
    status: row.statement_status,
    date: row.answered_at,
    facts: snapshotOf({ ...row, object_name: row.object_name }),
    replaces: linkTo(ctx, certificates[index - 1]),
    replacedBy: linkTo(ctx, certificates[index + 1]),
  };
}

/**
 * An upheld appeal against a declined correction (docs/product.md «Appeals») reopens it in the appeal's transaction:
 * `requested` again from `at`, with a new 5-working-day term, its decline's note cleared; the statement's examiner
 * answers it as any requested correction. A correction no longer declined is left as it is.
 */
export async function reopenCorrection(db: ServiceContext['db'], correctionId: number, at: string): Promise<void> {
  await reopenDeclinedCorrection(db, correctionId, at);
}
