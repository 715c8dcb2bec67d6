import { CONCLUSION_TEXTS } from '#domain/conclusions.ts';
import type { Remark, RemarkAnswerInput, RemarkInput, RemarkResolutionInput } from '#domain/contract.ts';
import { viewKind } from '#domain/files.ts';
import {
  AWAITING_ANSWER_STATUSES,
  fitsOnPage,
  REMARK_TEXT_MAX,
  REMARKS_PER_STATEMENT_MAX,
  remarkRefusals as refusals,
  remarkTextTooLong,
} from '#domain/remarks.ts';
import type { ServiceContext } from '../context.ts';
import { requestForProposals } from '../db/conclusion-requests.ts';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { apiError, fieldError } from '../errors.ts';
import { keepPageCount } from '../files/stage-files.ts';
import { requireCompanyUser, requireExaminer, seesCompany } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import { type PageCount, pdfPageCount } from './page-count.ts';
import {
  adoptProposal,
  closeWithDecision,
  openRequiredCounts as countOpenRequired,
  countRemarks,
  deleteDraft,
  findRemark,
  findStatementFile,
  findStatementOf,
  handOverDrafts,
  insertDraft,
  listAnswerable,
  listRemarkEvents,
  listRemarks,
  publishDrafts,
  type RemarkFields,
  type RemarkRow,
  saveAnswer,
  saveResolution,
  storedPageCount,
  updateDraft,
} from './remarks.repository.ts';

const NOT_FOUND = 'Заявление не найдено';
const REMARK_NOT_FOUND = 'Замечание не найдено';
const NOT_ASSIGNED = 'Замечания пишет эксперт, взявший заявление в работу';
const PROPOSAL_SETTLED = 'Эксперт уже включил это предложение в замечания или отклонил его. Обновите страницу.';
const NOT_UNDER_REVIEW = 'Замечания меняются, пока заявление на рассмотрении. Обновите страницу.';

/** Who reads a remark: the committee (examiners and reviewing bodies' members) or a company. */
type Reader = 'committee' | 'company';

/** The API shape of a remark row (docs/product.md «Remarks»); which body proposed it is the committee's only. */
function toApiRemark(row: RemarkRow, history: Remark['history'], reader: Reader): Remark {
  const pinned = row.file_id !== null && row.page !== null && row.x !== null && row.y !== null;
  return {
    id: row.id,
    number: row.number,
    text: row.text,
    severity: row.severity,
    pin: pinned
      ? {
          fileId: row.file_id as number,
          page: row.page as number,
          x: Number(row.x),
          y: Number(row.y),
          width: row.width === null ? null : Number(row.width),
          height: row.height === null ? null : Number(row.height),
        }
      : null,
    fileName: pinned ? row.file_name : null,
    status: row.status,
    author: row.author_name,
    ...(reader === 'committee' && row.conclusion_id !== null
      ? { proposedBy: { conclusionId: row.conclusion_id, body: row.proposed_by_body ?? '' } }
      : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publishedAt: row.published_at,
    round: row.published_round,
    answer:
      row.answer_text === null || row.answer_at === null || row.answer_round === null
        ? null
        : { text: row.answer_text, round: row.answer_round, at: row.answer_at, author: row.answer_author },
    resolution:
      row.resolution_at === null
        ? null
        : {
            resolved: Boolean(row.resolved),
            at: row.resolution_at,
            note: row.resolution_note,
            author: row.resolution_author,
            byDecision: Boolean(row.resolved_by_decision),
          },
    history,
  };
}

/** Remarks with their events, in the API's shape. */
async function withHistory(db: Db, rows: readonly RemarkRow[], reader: Reader): Promise<Remark[]> {
  const events = await listRemarkEvents(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toApiRemark(row, events.get(row.id) ?? [], reader));
}

/** One remark as the committee reads it (every change of remarks is the committee's). */
async function oneRemark(db: Db, id: number): Promise<Remark> {
  const [remark] = await withHistory(db, [(await findRemark(db, id)) as RemarkRow], 'committee');
  return remark as Remark;
}

/**
 * A statement's remarks as one may see them: the published ones; for the committee (`draftsOf` an examiner) also
 * their drafts and the reviewing bodies' proposals. A company (`draftsOf` null) reads the published ones only.
 */
export async function remarksOf(db: Db, statementId: number, draftsOf: number | null): Promise<Remark[]> {
  if (draftsOf === null) return withHistory(db, await listRemarks(db, statementId, null), 'company');
  return withHistory(db, await listRemarks(db, statementId, draftsOf, 'all'), 'committee');
}

/** The statement of a remark change as `actor` may see it (users/guards.ts:seesCompany), locked with `lock`; else 404. */
async function statementFor(db: Db, actor: UserRow, statementId: number, lock: boolean) {
  const statement = await findStatementOf(db, statementId, lock);
  if (!statement || !seesCompany(actor, statement.company_id)) throw apiError('not_found', NOT_FOUND);
  return statement;
}

/** Every remark of a statement an examiner may see: the published ones and their own drafts. */
export async function examinerRemarks(ctx: ServiceContext, actor: UserRow, statementId: number): Promise<Remark[]> {
  requireExaminer(actor);
  await statementFor(ctx.db, actor, statementId, false);
  return withHistory(ctx.db, await listRemarks(ctx.db, statementId, actor.id, 'all'), 'committee');
}

/** The published remarks of a statement of the caller's company; another company's is as missing as a wrong id. */
export async function companyRemarks(ctx: ServiceContext, actor: UserRow, statementId: number): Promise<Remark[]> {
  requireCompanyUser(actor);
  await statementFor(ctx.db, actor, statementId, false);
  return withHistory(ctx.db, await listRemarks(ctx.db, statementId, null), 'company');
}

/**
 * Keeps the page count of a file whose pages are known without parsing it (the demo's own one-page PDF), as
 * `checkedFields` keeps a parse's answer: the first pin on it then forks no parser.
 */
export async function keepKnownPageCount(ctx: ServiceContext, fileId: number, pages: number): Promise<void> {
  await keepPageCount(ctx.db, fileId, storedPageCount(pages));
}

/**
 * The pages of a statement's PDF or image (one), counted once off the event loop (remarks/page-count.ts) and kept
 * with the file, a failure too; a file of neither kind is 'unreadable'.
 */
async function countedPages(
  ctx: ServiceContext,
  file: { id: number; storage_key: string; file_name: string; size: number | string; page_count: PageCount | null },
): Promise<PageCount> {
  if (file.page_count !== null) return file.page_count;
  const kind = viewKind(file.file_name);
  if (kind === 'none') return 'unreadable';
  const pages = kind === 'image' ? 1 : await pdfPageCount(ctx.files, file.storage_key, Number(file.size));
  await keepPageCount(ctx.db, file.id, storedPageCount(pages));
  return pages;
}

/** The pages of one file of the statement, counted once (countedPages); null for a file of none of its rounds. */
export async function statementFilePages(
  ctx: ServiceContext,
  statementId: number,
  fileId: number,
): Promise<PageCount | null> {
  const file = await findStatementFile(ctx.db, statementId, fileId);
  return file ? countedPages(ctx, file) : null;
}

/**
 * The text, severity and pin of a remark as they will be stored, or a 400 naming the field: the text not blank, the
 * pin on a PDF or an image of this statement, on a page it has, its rectangle on the page. A PDF's pages are read
 * once, off the event loop (remarks/page-count.ts), and kept with the file, a failure too.
 */
async function checkedFields(ctx: ServiceContext, statementId: number, input: RemarkInput): Promise<RemarkFields> {
  const text = input.text.trim();
  if (!text) throw fieldError('text', refusals.blankText);
  if (remarkTextTooLong(text)) throw fieldError('text', `Не больше ${REMARK_TEXT_MAX} символов`);
  const pin = input.pin;
  if (!pin) return { text, severity: input.severity, pin: null };
  const file = await findStatementFile(ctx.db, statementId, pin.fileId);
  if (!file) throw fieldError('pin.fileId', refusals.fileNotHere);
  if (file.page_count === null && viewKind(file.file_name) === 'none') {
    throw fieldError('pin.fileId', refusals.fileNotPinnable);
  }
  const pages = await countedPages(ctx, file);
  if (pages === 'too_complex') throw fieldError('pin.fileId', refusals.fileTooComplex);
  if (pages === 'unreadable') throw fieldError('pin.fileId', refusals.fileUnreadable);
  if (pin.page > pages) throw fieldError('pin.page', refusals.noSuchPage(pages));
  if (!fitsOnPage(pin.x, pin.width)) throw fieldError('pin.width', refusals.offPage);
  if (!fitsOnPage(pin.y, pin.height)) throw fieldError('pin.height', refusals.offPage);
  return {
    text,
    severity: input.severity,
    pin: {
      fileId: file.id,
      page: pin.page,
      x: pin.x,
      y: pin.y,
      width: pin.width ?? null,
      height: pin.height ?? null,
    },
  };
}

/**
 * Locks the statement for a change of its remarks by `actor`: it exists (404), is `under_review` (409) and is
 * theirs (403), in that order, as replies are refused.
 */
async function lockForExaminer(db: Db, actor: UserRow, statementId: number): Promise<void> {
  const statement = await statementFor(db, actor, statementId, true);
  if (statement.status !== 'under_review') throw apiError('invalid_transition', NOT_UNDER_REVIEW);
  if (statement.examiner_id !== actor.id) throw apiError('forbidden', NOT_ASSIGNED);
}

/** The assigned examiner adds a draft remark. */
export async function createRemark(
  ctx: ServiceContext,
  actor: UserRow,
  statementId: number,
  input: RemarkInput,
): Promise<Remark> {
  requireExaminer(actor);
  // Refusals that do not depend on the fields come first: no pin is read for a statement one may not change.
  await lockForExaminer(ctx.db, actor, statementId);
  const fields = await checkedFields(ctx, statementId, input);
  const at = nowIso(ctx.now());
  const id = await ctx.db.transaction().execute(async (trx) => {
    await lockForExaminer(trx, actor, statementId);
    // Counted under the statement's lock: parallel drafts cannot pass the cap together.
    if ((await countRemarks(trx, statementId)) >= REMARKS_PER_STATEMENT_MAX) throw apiError('too_many_remarks');
    return insertDraft(trx, { ...fields, statementId, author: actor, at });
  });
  return oneRemark(ctx.db, id);
}

/**
 * A remark the examiner may see: published ones, the bodies' proposals, and their own drafts (another's draft is as
 * missing as none).
 */
async function visibleRemark(db: Db, actor: UserRow, remarkId: number): Promise<RemarkRow> {
  const remark = await findRemark(db, remarkId);
  if (!remark || (remark.status === 'draft' && remark.author_id !== actor.id)) {
    throw apiError('not_found', REMARK_NOT_FOUND);
  }
  return remark;
}

/** The draft's author edits it while the statement is under their review. */
export async function updateRemark(
  ctx: ServiceContext,
  actor: UserRow,
  remarkId: number,
  input: RemarkInput,
): Promise<Remark> {
  requireExaminer(actor);
  const remark = await visibleRemark(ctx.db, actor, remarkId);
  await lockForExaminer(ctx.db, actor, remark.statement_id);
  if (remark.status !== 'draft') throw apiError('remark_not_draft');
  const fields = await checkedFields(ctx, remark.statement_id, input);
  await ctx.db.transaction().execute(async (trx) => {
    await lockForExaminer(trx, actor, remark.statement_id);
    if (!(await updateDraft(trx, remarkId, fields, nowIso(ctx.now())))) throw apiError('remark_not_draft');
  });
  return oneRemark(ctx.db, remarkId);
}

/** The draft's author deletes it, or the assigned examiner drops a body's proposal; a published remark stays. */
export async function deleteRemark(ctx: ServiceContext, actor: UserRow, remarkId: number): Promise<void> {
  requireExaminer(actor);
  const remark = await visibleRemark(ctx.db, actor, remarkId);
  const status = remark.status === 'proposed' ? 'proposed' : 'draft';
  await ctx.db.transaction().execute(async (trx) => {
    await lockForExaminer(trx, actor, remark.statement_id);
    if (!(await deleteDraft(trx, remarkId, status))) throw apiError('remark_not_draft');
  });
}

/**
 * The assigned examiner includes a reviewing body's proposal among their drafts (docs/product.md «Conclusions»): it
 * is theirs now, published with their next rework, and keeps which body proposed it.
 */
export async function adoptRemark(ctx: ServiceContext, actor: UserRow, remarkId: number): Promise<Remark> {
  requireExaminer(actor);
  const remark = await visibleRemark(ctx.db, actor, remarkId);
  await ctx.db.transaction().execute(async (trx) => {
    await lockForExaminer(trx, actor, remark.statement_id);
    if (!(await adoptProposal(trx, remarkId, actor, nowIso(ctx.now())))) {
      throw apiError('remark_not_draft', PROPOSAL_SETTLED);
    }
  });
  return oneRemark(ctx.db, remarkId);
}

// ——— Remarks a reviewing body's member proposes on a conclusion request (docs/product.md «Conclusions») ———

/**
 * The request a member acts on: 404 for company users and ids of no request, 403 for anyone but its body's members;
 * with `open`, 409 once it is answered or withdrawn.
 */
async function memberRequest(db: Db, actor: UserRow, conclusionId: number, open: boolean) {
  if (actor.company_id !== null) throw apiError('not_found', CONCLUSION_TEXTS.notFound);
  const request = await requestForProposals(db, conclusionId, actor.id);
  if (!request) throw apiError('not_found', CONCLUSION_TEXTS.notFound);
  if (!request.member) throw apiError('forbidden', CONCLUSION_TEXTS.answerForbidden);
  if (open && request.status !== 'requested') {
    throw apiError(
      'invalid_transition',
      request.status === 'withdrawn' ? CONCLUSION_TEXTS.withdrawn : CONCLUSION_TEXTS.alreadyAnswered,
    );
  }
  return request;
}

/** What a body's member sees on a request's documents: the published remarks, and their body's proposals on it. */
export async function conclusionRemarks(ctx: ServiceContext, actor: UserRow, conclusionId: number): Promise<Remark[]> {
  const request = await memberRequest(ctx.db, actor, conclusionId, false);
  const rows = await listRemarks(ctx.db, request.statementId, null, { conclusionId });
  return withHistory(ctx.db, rows, 'committee');
}

/** The statement of a proposal, locked: under review (409), as a proposal waits for the examiner. */
async function lockForProposal(db: Db, statementId: number): Promise<void> {
  const statement = await findStatementOf(db, statementId, true);
  if (!statement) throw apiError('not_found', NOT_FOUND);
  if (statement.status !== 'under_review') throw apiError('invalid_transition', NOT_UNDER_REVIEW);
}

/** A body's member pins a remark on the documents while the request waits: a proposal for the examiner. */
export async function proposeRemark(
  ctx: ServiceContext,
  actor: UserRow,
  conclusionId: number,
  input: RemarkInput,
): Promise<Remark> {
  const request = await memberRequest(ctx.db, actor, conclusionId, true);
  await lockForProposal(ctx.db, request.statementId);
  const fields = await checkedFields(ctx, request.statementId, input);
  const at = nowIso(ctx.now());
  const id = await ctx.db.transaction().execute(async (trx) => {
    await lockForProposal(trx, request.statementId);
    await memberRequest(trx, actor, conclusionId, true);
    if ((await countRemarks(trx, request.statementId)) >= REMARKS_PER_STATEMENT_MAX) {
      throw apiError('too_many_remarks');
    }
    return insertDraft(trx, {
      ...fields,
      statementId: request.statementId,
      author: actor,
      at,
      proposedOn: conclusionId,
    });
  });
  return oneRemark(ctx.db, id);
}

/** A body's member takes back their body's proposal on the request while it is one and the request waits. */
export async function deleteProposedRemark(
  ctx: ServiceContext,
  actor: UserRow,
  conclusionId: number,
  remarkId: number,
): Promise<void> {
  await memberRequest(ctx.db, actor, conclusionId, true);
  const remark = await findRemark(ctx.db, remarkId);
  if (!remark || remark.conclusion_id !== conclusionId) throw apiError('not_found', REMARK_NOT_FOUND);
  if (!(await deleteDraft(ctx.db, remarkId, 'proposed'))) throw apiError('remark_not_draft', PROPOSAL_SETTLED);
}

/** The assigned examiner takes an answered remark off ('Снять') or keeps it open with a note ('Не снято'). */
export async function resolveRemark(
  ctx: ServiceContext,
  actor: UserRow,
  remarkId: number,
  input: RemarkResolutionInput,
): Promise<Remark> {
  requireExaminer(actor);
  const remark = await visibleRemark(ctx.db, actor, remarkId);
  const note = input.note?.trim() || null;
  if (!input.resolved && note === null) throw fieldError('note', refusals.blankNote);
  await ctx.db.transaction().execute(async (trx) => {
    await lockForExaminer(trx, actor, remark.statement_id);
    const current = await findRemark(trx, remarkId);
    if (current?.status === 'resolved') throw apiError('remark_closed');
    if (current?.status !== 'answered') throw apiError('remark_not_answered');
    const saved = await saveResolution(trx, remarkId, {
      resolved: input.resolved,
      note,
      at: nowIso(ctx.now()),
      author: actor,
    });
    if (!saved) throw apiError('remark_closed');
  });
  return oneRemark(ctx.db, remarkId);
}

/** Published required remarks still open, per statement that has any (the lists show them). */
export function openRequiredCounts(db: Db): Promise<Map<number, number>> {
  return countOpenRequired(db);
}

// ——— Remarks moving with the statement (called inside its status change's transaction) ———

/** The rework reply publishes the drafts, numbered; returns how many it carries. */
export function publishWithRework(db: Db, statementId: number, round: number, actor: UserRow, at: string) {
  return publishDrafts(db, statementId, round, actor, at);
}

/**
 * A reassignment hands the statement's unpublished drafts to the new examiner (docs/product.md «Assigning»): the
 * previous examiner sees them no more, the new one edits and publishes them; each keeps the name of who wrote it.
 */
export function handOverDraftRemarks(db: Db, statementId: number, toExaminerId: number) {
  return handOverDrafts(db, statementId, toExaminerId);
}

/** A decision closes the advisory remarks still open (required ones stay as they are, for the record). */
export function closeRemarksWithDecision(db: Db, statementId: number, actor: UserRow, at: string) {
  return closeWithDecision(db, statementId, actor, at);
}

/** A withdrawal closes every remark still open, required ones too: nothing waits for an answer any more. */
export function closeRemarksWithWithdrawal(db: Db, statementId: number, actor: UserRow, at: string) {
  return closeWithDecision(db, statementId, actor, at, ['required', 'advisory']);
}

/**
 * Stores the applicant's answers with their new version (round `round`): each goes to a published, unsettled remark
 * of this statement, once; every required remark waiting for an answer gets one. Any refusal is a 400 naming
 * `answers`, and the transaction (the version with it) is rolled back.
 */
export async function answerRemarks(
  db: Db,
  statementId: number,
  answers: readonly RemarkAnswerInput[],
  round: number,
  actor: UserRow,
  at: string,
): Promise<number> {
  const answerable = new Map((await listAnswerable(db, statementId)).map((remark) => [remark.id, remark]));
  const given = new Map<number, string>();
  for (const answer of answers) {
    const remark = answerable.get(answer.remarkId);
    if (!remark) throw fieldError('answers', refusals.answerUnknown);
    if (given.has(answer.remarkId)) throw fieldError('answers', refusals.answerTwice(remark.number ?? 0));
    const text = answer.text.trim();
    if (!text) throw fieldError('answers', refusals.answerMissing(remark.number ?? 0));
    given.set(answer.remarkId, text);
  }
  for (const remark of answerable.values()) {
    const waiting = (AWAITING_ANSWER_STATUSES as readonly string[]).includes(remark.status);
    if (remark.severity === 'required' && waiting && !given.has(remark.id)) {
      throw fieldError('answers', refusals.answerMissing(remark.number ?? 0));
    }
  }
  for (const [id, text] of given) await saveAnswer(db, id, { text, round, at, author: actor });
  return given.size;
}
