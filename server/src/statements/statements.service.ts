import type { CreateStatementInput, Statement, StatementCounters, StatementListItem } from '#domain/contract.ts';
import { cadastralNumberProblem } from '#domain/requisites.ts';
import { countByStatus, withTotal } from '#domain/statuses.ts';
import { openAppealsCount, statementAppeals } from '../appeals/appeals.service.ts';
import { approvedSetOf } from '../approved-sets/approved-sets.service.ts';
import { hasCatalogItem } from '../catalogs/catalogs.service.ts';
import { statementConclusions } from '../conclusions/conclusions.service.ts';
import { type ServiceContext, withDb } from '../context.ts';
import { correctionsOf } from '../corrections/corrections.service.ts';
import { nowIso } from '../db/database.ts';
import {
  type DeadlineClock,
  deadlineClock,
  deadlineOf,
  intakeDeadlineOf,
  isOverdue,
  termDaysFor,
} from '../deadlines/deadlines.service.ts';
import { TERM_RUNS_IN } from '../deadlines/term.ts';
import { apiError, fieldError } from '../errors.ts';
import { recordStatementEvent, sendAnnouncement } from '../notifications/notifications.service.ts';
import { forgetUploads } from '../prefiles/prefiles.service.ts';
import { openRequiredCounts, remarksOf } from '../remarks/remarks.service.ts';
import { checkRoundSignatures } from '../signatures/signed-uploads.ts';
import { optionalText } from '../text.ts';
import { requireCompanyUser, requireConfirmedCompany, requireExaminer, seesCompany } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import { openSubmission } from '../workflow/intake.ts';
import { historyOf, type Reader, refusalGroundsOf, roundsOf } from '../workflow/rounds.ts';
import { findStatementFor, requireApplicantOrOwner } from '../workflow/statement-access.ts';
import {
  allocateVisibleId,
  countIntakeQueue,
  countStatementsByStatus,
  deleteSentStatement,
  findStatement,
  insertStatement,
  listStatements,
  listStatementsByIds,
  listTerms,
  type StatementListRow,
  type StatementRow,
  type StatementScope,
  saveSubmissionSnapshot,
} from './statements.repository.ts';

// The statements themselves (docs/product.md «Entities»): a company submits one and may delete it while nobody took
// it; both sides read its detail, lists and counts. Everything that moves a statement after its submission is
// workflow's (server/src/workflow/).

/** Submits a statement (status `sent`) with its first stage and documents; returns its id. */
export async function submitStatement(
  ctx: ServiceContext,
  actor: UserRow,
  input: CreateStatementInput,
): Promise<{ id: number; visibleId: number }> {
  const companyId = requireConfirmedCompany(actor);
  const objectName = optionalText(input.objectName);
  if (objectName === null) throw apiError('validation_error', 'Укажите наименование объекта');
  if (input.prefileIds.length === 0) throw apiError('validation_error', 'Добавьте хотя бы один файл');
  const categoryObjectId = input.categoryObjectId ?? null;
  const workTypeId = input.catalogWorkTypeId ?? null;
  if (categoryObjectId !== null && !(await hasCatalogItem(ctx, 'catalog_object_types', categoryObjectId))) {
    throw apiError('validation_error', 'Такой категории объекта нет в справочнике');
  }
  if (workTypeId !== null && !(await hasCatalogItem(ctx, 'catalog_work_types', workTypeId))) {
    throw apiError('validation_error', 'Такого типа работ нет в справочнике');
  }
  const cadastralNumber = optionalText(input.cadastralNumber);
  const cadastralProblem = cadastralNumber === null ? null : cadastralNumberProblem(cadastralNumber);
  if (cadastralProblem !== null) throw fieldError('cadastralNumber', cadastralProblem);
  const signatures = await checkRoundSignatures(ctx, actor, { companyId }, input.prefileIds);
  const at = nowIso(ctx.now());
  const created = await ctx.db.transaction().execute(async (trx) => {
    const visibleId = await allocateVisibleId(trx);
    const termDays = await termDaysFor(trx, categoryObjectId);
    const id = await insertStatement(trx, {
      visibleId,
      companyId,
      cipher: optionalText(input.cipher),
      objectName,
      address: optionalText(input.address),
      cadastralNumber,
      categoryObjectId,
      workTypeId,
      at,
      termDays,
    });
    await saveSubmissionSnapshot(trx, id, at);
    const submission = { statementId: id, comment: input.comment ?? null, prefileIds: input.prefileIds, at };
    await openSubmission(trx, actor, submission, signatures);
    const statement = { id, visibleId, companyId, objectName };
    const announcement = await recordStatementEvent(withDb(ctx, trx), { kind: 'submitted' }, statement, at);
    return { id, visibleId, announcement };
  });
  sendAnnouncement(ctx, created.announcement);
  return { id: created.id, visibleId: created.visibleId };
}

/** What a detail adds to the statement's row: each part read by the capability it belongs to. */
interface DetailParts {
  stages: Statement['stages'];
  history: Statement['history'];
  remarks: Statement['remarks'];
  refusalGrounds: Statement['refusalGrounds'];
  corrections: Statement['corrections'];
  appeals: Pick<Statement, 'appeals' | 'appealSubjects'>;
  conclusions: Statement['conclusions'];
  approvedSet: Statement['approvedSet'];
}

/** The API shape of a statement (docs/product.md «Entities») with its deadline at the clock's time. */
function toApiStatement(row: StatementRow, clock: DeadlineClock, parts: DetailParts): Statement {
  const examiner =
    row.examiner_id === null
      ? null
      : {
          fio: row.examiner_fio,
          governmentAgency: row.instance_name ?? '',
          phone: row.examiner_phone,
          email: row.examiner_email,
        };
  return {
    ...toApiListItem(row, clock),
    categoryObjectId: row.category_object_id,
    categoryObject: row.category_value,
    catalogWorkTypeId: row.work_type_id,
    examiner,
    stages: parts.stages,
    companyInn: row.company_inn,
    companyOgrn: row.company_ogrn,
    companyKpp: row.company_kpp,
    companyDirector: row.company_head,
    companyDirectorPhone: row.company_head_phone,
    companyAtSubmission:
      row.submitted_at === null || row.submitted_company_name === null
        ? null
        : {
            submittedAt: row.submitted_at,
            companyName: row.submitted_company_name,
            companyInn: row.submitted_company_inn,
            companyOgrn: row.submitted_company_ogrn,
            companyKpp: row.submitted_company_kpp,
            companyDirector: row.submitted_company_head,
            companyDirectorPhone: row.submitted_company_head_phone,
          },
    history: parts.history,
    remarks: parts.remarks,
    refusalGrounds: parts.refusalGrounds,
    corrections: parts.corrections,
    appeals: parts.appeals.appeals,
    appealSubjects: parts.appeals.appealSubjects,
    conclusions: parts.conclusions,
    approvedSet: parts.approvedSet,
  };
}

/** The list shape of a statement (`StatementListItem`): what lists show and search, with its deadline. */
function toApiListItem(row: StatementListRow, clock: DeadlineClock): StatementListItem {
  return {
    id: row.id,
    visibleId: row.visible_id,
    status: row.status,
    dateCreate: row.date_create,
    lastUpdate: row.last_update,
    cipher: row.cipher,
    title: row.object_name,
    name: row.address,
    address: row.address,
    cadastralNumber: row.cadastral_number,
    categoryName: row.category_name,
    catalogWorkType: row.work_type_name,
    examinerId: row.examiner_id,
    companyName: row.company_name,
    externalNumber: row.external_number,
    governmentAgencyName: row.examiner_id === null ? null : (row.instance_name ?? ''),
    reviewDeadline: deadlineOf(clock, row),
    intakeDeadline: intakeDeadlineOf(clock, row),
  };
}

/**
 * A statement with its rounds and their files, its history, remarks, refusal grounds, corrections and appeals as the
 * reader may see them (`draftsOf`: the examiner whose drafts and the head's assignment comments are shown, null for
 * the company).
 */
async function withStages(ctx: ServiceContext, row: StatementRow, draftsOf: number | null): Promise<Statement> {
  const { db } = ctx;
  const reader: Reader = draftsOf === null ? 'company' : 'committee';
  const clock = await deadlineClock(ctx);
  return toApiStatement(row, clock, {
    stages: await roundsOf(db, row, reader),
    history: await historyOf(db, row, reader),
    remarks: await remarksOf(db, row.id, draftsOf),
    refusalGrounds: row.held_status !== null && reader === 'company' ? [] : await refusalGroundsOf(db, row.id),
    corrections: await correctionsOf(ctx, row.id, draftsOf, clock),
    appeals: await statementAppeals(ctx, row.id, reader === 'company', clock),
    // The company sees the remarks the examiner published, never the conclusions (docs/product.md «Conclusions»).
    conclusions: reader === 'company' ? [] : await statementConclusions(ctx, row.id, clock),
    approvedSet: await approvedSetOf(ctx, row, reader),
  });
}

/** One statement of the caller's company with its stages; another company's is as missing as a wrong id. */
export async function companyStatement(ctx: ServiceContext, actor: UserRow, id: number): Promise<Statement> {
  requireCompanyUser(actor);
  const row = await findStatement(ctx.db, id);
  if (!row || !seesCompany(actor, row.company_id)) throw apiError('not_found', 'Заявление не найдено');
  return withStages(ctx, row, null);
}

/**
 * Whose statements a list of this kind shows the caller: their company's, every one or the examiner's own. Refuses
 * a caller of the other side (403), so a scope is only ever built for someone allowed to see it.
 */
export function listScope(actor: UserRow, kind: 'company' | 'all' | 'mine'): StatementScope {
  if (kind === 'company') return { companyId: requireCompanyUser(actor) };
  requireExaminer(actor);
  return kind === 'all' ? {} : { examinerId: actor.id };
}

/** A list in the API's list shape, each item with its deadline at one clock. */
export async function listItems(
  ctx: ServiceContext,
  scope: StatementScope,
  ids?: readonly number[],
): Promise<StatementListItem[]> {
  const rows = ids ? await listStatementsByIds(ctx.db, scope, ids) : await listStatements(ctx.db, scope);
  const clock = await deadlineClock(ctx);
  const remarks = await openRequiredCounts(ctx.db);
  // The committee's lists mark a decision awaiting its signature, which a company's never show (docs/product.md
  // «Signatures»): a company's lists are scoped to it, the committee's never are.
  const committee = scope.companyId === undefined;
  return rows.map((row) => {
    const item = toApiListItem(row, clock);
    const open = remarks.get(row.id);
    const held = committee && row.held_status !== null;
    return open || held
      ? { ...item, ...(open ? { openRequiredRemarks: open } : {}), ...(held ? { awaitingSignature: true } : {}) }
      : item;
  });
}

/**
 * The sidebar's counts: the company's statements for its users, the assigned ones for an examiner, and for an examiner
 * the committee's intake queue ('Новые заявления'); for a head, the appeals waiting for an answer too.
 */
export async function statementCounters(ctx: ServiceContext, actor: UserRow): Promise<StatementCounters> {
  const scope: StatementScope =
    actor.role === 'examiner' ? { examinerId: actor.id } : { companyId: requireCompanyUser(actor) };
  const counts = countByStatus([]);
  for (const row of await countStatementsByStatus(ctx.db, scope)) counts[row.status] = Number(row.count);
  const clock = await deadlineClock(ctx);
  let overdue = 0;
  for (const row of await listTerms(ctx.db, scope, TERM_RUNS_IN)) {
    if (isOverdue(clock, row)) overdue += 1;
  }
  const counters =
    actor.role === 'examiner'
      ? { ...withTotal(counts), overdue, news: await countIntakeQueue(ctx.db) }
      : { ...withTotal(counts), overdue };
  return actor.role === 'examiner' && actor.is_head
    ? { ...counters, openAppeals: await openAppealsCount(ctx) }
    : counters;
}

/** Any statement with its stages, for examiners. */
export async function examinerStatement(ctx: ServiceContext, actor: UserRow, id: number): Promise<Statement> {
  requireExaminer(actor);
  const row = await findStatement(ctx.db, id);
  if (!row) throw apiError('not_found', 'Заявление не найдено');
  return withStages(ctx, row, actor.id);
}

/**
 * Deletes a statement while it is `sent` with no examiner, by the first stage's applicant or the owner (docs/product.md
 * «Statuses and transitions», «Permissions»), conditionally: 409 when it was taken into work meanwhile. Its files'
 * bytes go once the deletion committed.
 */
export async function deleteStatement(ctx: ServiceContext, actor: UserRow, id: number): Promise<void> {
  requireCompanyUser(actor);
  const keys = await ctx.db.transaction().execute(async (trx) => {
    await findStatementFor(trx, actor, id);
    await requireApplicantOrOwner(
      trx,
      actor,
      id,
      'Удалить заявление может только подавший его сотрудник или владелец компании',
    );
    const deleted = await deleteSentStatement(trx, id);
    if (deleted === null) throw apiError('not_deletable');
    await forgetUploads(trx, deleted);
    return deleted;
  });
  for (const key of keys) await ctx.files.remove(key).catch((error: unknown) => ctx.logError(error, 'file removal'));
}
