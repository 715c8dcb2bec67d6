import { CERTIFICATE_TEXTS, isCertificateOf } from '#domain/certificates.ts';
import { awaitedConclusionsText, CONCLUSION_TEXTS } from '#domain/conclusions.ts';
import type {
  CompanyStageInput,
  ExaminerStageInput,
  RefusalGround,
  SignDecisionInput,
  StatementStatus,
} from '#domain/contract.ts';
import { REFUSAL_TEXTS } from '#domain/refusals.ts';
import {
  announceSignedSet,
  checkedStampCorners,
  keepStampCorners,
  startApprovedSet,
} from '../approved-sets/approved-sets.service.ts';
import { groundsByIds } from '../catalogs/catalogs.service.ts';
import type { ServiceContext } from '../context.ts';
import { askAgainOnNewVersion, hasDisagreement, silentBodies } from '../db/conclusion-requests.ts';
import { apiError, fieldError } from '../errors.ts';
import { pendingUploads } from '../prefiles/prefiles.service.ts';
import { answerRemarks, closeRemarksWithDecision, publishWithRework } from '../remarks/remarks.service.ts';
import { decisionSigned, holdsDecision, signDecision } from '../signatures/signed-decisions.ts';
import { checkRoundSignatures, documentsOf, recordRoundSignatures } from '../signatures/signed-uploads.ts';
import { optionalText } from '../text.ts';
import { requireCompanyUser, requireExaminer } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import { storeRefusalLetter } from './refusal-letters.ts';
import { refusalGroundsOf } from './rounds.ts';
import { findStatementFor } from './statement-access.ts';
import { changeStatus, MOVED, NOT_FOUND, TRANSITIONS } from './transitions.ts';
import { findStatementRow, insertStatementRefusalGrounds, listStageFiles, listStages } from './workflow.repository.ts';

// The review (docs/product.md «The regulation's procedures», «Signatures»): the assigned examiner's reply (rework,
// approval, rejection), the company's new version, and the release of a decision that waited for its signature.

const STAMP_CORNERS_APPROVAL_ONLY = 'Угол штампа выбирают только при согласовании';

/** The assigned examiner answers a statement under review: rework, approve or reject. */
export async function replyToStatement(
  ctx: ServiceContext,
  actor: UserRow,
  statementId: number,
  input: ExaminerStageInput,
): Promise<void> {
  requireExaminer(actor);
  const { from, to } = TRANSITIONS.reply;
  if (!(to as readonly StatementStatus[]).includes(input.status)) throw apiError('validation_error');
  const grounds = await replyGrounds(ctx, input);
  const note = await conclusionsNote(ctx, actor, statementId, input);
  if (input.stampCorners && input.stampCorners.length > 0 && input.status !== 'approved') {
    throw fieldError('stampCorners', STAMP_CORNERS_APPROVAL_ONLY);
  }
  const corners = await checkedStampCorners(ctx.db, statementId, input.stampCorners);
  if (input.status === 'approved') await requireCertificate(ctx, actor, statementId, input.prefileIds);
  const signatures = await checkRoundSignatures(ctx, actor, { committeeExaminer: actor }, input.prefileIds);
  const held = await holdsDecision(ctx, actor, input.status, input.prefileIds, signatures.length);
  await changeStatus(ctx, actor, {
    move: {
      id: statementId,
      from: from[0],
      to: input.status,
      examinerId: actor.id,
      ...(held ? { held: 'hold' } : {}),
      ...(note ? { note } : {}),
    },
    event: { kind: 'replied', status: input.status, grounds },
    explainFailure: async (db) => {
      const row = await findStatementRow(db, statementId);
      if (!row) throw apiError('not_found', NOT_FOUND);
      if (row.status !== from[0]) throw apiError('invalid_transition', MOVED);
      throw apiError('forbidden', 'Отвечать может только эксперт, взявший заявление в работу');
    },
    stage: { byCommittee: true, comment: input.comment ?? null, prefileIds: input.prefileIds },
    alongside: async (db, { n, stageId, at }) => {
      if (stageId !== null) await recordRoundSignatures(db, stageId, signatures);
      if (stageId !== null && corners !== null) await keepStampCorners(db, stageId, corners);
      if (grounds.length > 0) await insertStatementRefusalGrounds(db, statementId, grounds);
      if (input.status === 'rejected' && stageId !== null) {
        await storeRefusalLetter(db, ctx, { statementId, stageId, kind: 'decision', at });
      }
      if (input.status !== 'has_comments') {
        // A held decision closes the remarks when it is released: until then the company sees them as they were.
        if (!held) await closeRemarksWithDecision(db, statementId, actor, at);
        return undefined;
      }
      return { remarks: await publishWithRework(db, statementId, n, actor, at) };
    },
  });
  // The approved set is made once the approval is issued, after its commit: it never holds or undoes the approval.
  if (input.status === 'approved' && !held) void startApprovedSet(ctx, statementId);
}

/**
 * A decision waits for every conclusion asked of reviewing bodies (docs/product.md «Conclusions»): while any is
 * unanswered it is refused (409 naming the silent bodies) unless a head gives the reason to decide anyway; an approval
 * over a 'Не согласовано' of the version decided on needs the examiner's reason (400 naming `disagreementReason`).
 * A rework stays possible. Answers the note the history keeps (JSON), or null. A reply that may not be given at all is
 * left to the move, which tells why.
 */
async function conclusionsNote(
  ctx: ServiceContext,
  actor: UserRow,
  statementId: number,
  input: ExaminerStageInput,
): Promise<string | null> {
  if (input.status === 'has_comments') return null;
  const silent = await silentBodies(ctx.db, statementId);
  const notes: { kind: 'override' | 'disagreement'; text: string }[] = [];
  if (silent.length > 0) {
    const reason = optionalText(input.overrideReason);
    if (!actor.is_head || reason === null) throw apiError('invalid_transition', awaitedConclusionsText(silent));
    notes.push({ kind: 'override', text: reason });
  }
  if (input.status === 'approved' && (await hasDisagreement(ctx.db, statementId))) {
    const reason = optionalText(input.disagreementReason);
    if (reason === null) throw fieldError('disagreementReason', CONCLUSION_TEXTS.disagreementRequired);
    notes.push({ kind: 'disagreement', text: reason });
  }
  const [first, second] = notes;
  if (!first) return null;
  return JSON.stringify(
    second
      ? { kind: first.kind, text: `${first.text}\n${CONCLUSION_TEXTS.disagreementHistory}: ${second.text}` }
      : first,
  );
}

/**
 * An approval carries the certificate made for its statement, 'Свидетельство_{visibleId}.pdf', among its files
 * (docs/product.md «Certificate and public check»). A reply that may not be given at all is left to the move, which
 * tells why.
 */
async function requireCertificate(
  ctx: ServiceContext,
  actor: UserRow,
  statementId: number,
  prefileIds: readonly number[],
): Promise<void> {
  const row = await findStatementRow(ctx.db, statementId);
  if (!row || row.status !== TRANSITIONS.reply.from[0] || row.examiner_id !== actor.id) return;
  const uploads = await pendingUploads(ctx.db, actor.id, prefileIds);
  // An upload gone meanwhile is answered as attaching it would be.
  if (uploads.length !== new Set(prefileIds).size) throw apiError('invalid_prefiles');
  if (!uploads.some((upload) => isCertificateOf(upload.name, row.visible_id))) {
    throw apiError('validation_error', CERTIFICATE_TEXTS.required);
  }
}

/**
 * The grounds a reply gives, as the catalogue words them now: a rejection names at least one ground of refusal to
 * approve; any other answer names none (docs/product.md «The regulation's procedures»).
 */
async function replyGrounds(ctx: ServiceContext, input: ExaminerStageInput): Promise<RefusalGround[]> {
  const ids = input.refusalGroundIds ?? [];
  if (input.status !== 'rejected') {
    if (ids.length > 0) throw fieldError('refusalGroundIds', REFUSAL_TEXTS.onlyWithRejection);
    return [];
  }
  if (ids.length === 0) throw fieldError('refusalGroundIds', REFUSAL_TEXTS.groundRequired);
  const grounds = await groundsByIds(ctx, 'decision', ids);
  if (!grounds) throw fieldError('refusalGroundIds', REFUSAL_TEXTS.unknownGround);
  return grounds;
}

/** A user of the company answers the comments with a new version (at least one file); back to `under_review`. */
export async function submitNewVersion(
  ctx: ServiceContext,
  actor: UserRow,
  statementId: number,
  input: CompanyStageInput,
): Promise<void> {
  requireCompanyUser(actor);
  if (input.prefileIds.length === 0) throw apiError('validation_error', 'Загрузите хотя бы один файл');
  const row = await findStatementFor(ctx.db, actor, statementId);
  const signatures = await checkRoundSignatures(ctx, actor, { companyId: row.company_id }, input.prefileIds);
  const { from, to } = TRANSITIONS.newVersion;
  await changeStatus(ctx, actor, {
    move: { id: statementId, from: from[0], to: to[0] },
    event: { kind: 'new_version', examinerId: row.examiner_id ?? 0 },
    explainFailure: async () => {
      throw apiError('invalid_transition', MOVED);
    },
    stage: { byCommittee: false, comment: input.comment ?? null, prefileIds: input.prefileIds },
    alongside: async (db, { n, stageId, at }) => {
      if (stageId !== null) await recordRoundSignatures(db, stageId, signatures);
      await answerRemarks(db, statementId, input.answers ?? [], n, actor, at);
      // The bodies that did not agree are asked again about the new version («Conclusions»).
      await askAgainOnNewVersion(db, statementId, n, at);
      return undefined;
    },
  });
}

/**
 * 'Подписать решение': the deciding official signs a decision document (signed-decisions.ts), and a decision that
 * awaited its signature is released once every document of its round is validly signed (docs/product.md
 * «Signatures»): the status moves to it then, with its history, the register's snapshot, the notification and the
 * mail, exactly once.
 */
export async function signDecisionDocument(
  ctx: ServiceContext,
  actor: UserRow,
  statementId: number,
  fileId: number,
  input: SignDecisionInput,
): Promise<void> {
  const signed = await signDecision(ctx, actor, statementId, fileId, input);
  // The inventory's signature issues the approved set (approved-sets.service.ts), never a held decision.
  if (signed === 'inventory') return announceSignedSet(ctx, statementId);
  const row = await findStatementRow(ctx.db, statementId);
  const to = row?.held_status;
  const decision = (await listStages(ctx.db, statementId)).at(-1);
  if (!row || !to || !decision) return;
  if (!decisionSigned(documentsOf(await listStageFiles(ctx.db, [decision.id])))) return;
  const grounds = to === 'approved' ? [] : await refusalGroundsOf(ctx.db, statementId);
  const released = Symbol('released');
  await changeStatus(ctx, actor, {
    move: {
      id: statementId,
      from: row.status,
      to,
      held: 'release',
      ...(row.held_note ? { note: row.held_note } : {}),
      ...(to === 'not_accepted' ? { assignExaminerId: actor.id } : {}),
    },
    event: to === 'not_accepted' ? { kind: 'not_accepted', grounds } : { kind: 'replied', status: to, grounds },
    explainFailure: async () => {
      // Its other document's signature released it meanwhile.
      throw released;
    },
    alongside: async (db, { at }) => {
      if (to !== 'not_accepted') await closeRemarksWithDecision(db, statementId, actor, at);
      return undefined;
    },
  }).then(
    () => {
      if (to === 'approved') void startApprovedSet(ctx, statementId);
    },
    (error: unknown) => {
      if (error !== released) throw error;
    },
  );
}
