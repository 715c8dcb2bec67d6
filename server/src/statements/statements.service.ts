import type { components } from '../../../src/lib/api/schema.d.ts';
import { catalogItemExists } from '../catalogs/catalogs.repository.ts';
import type { ServiceContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import type { StatementStatus } from '../db/schema.ts';
import { apiError } from '../errors.ts';
import { attachPrefiles } from '../prefiles/prefiles.repository.ts';
import type { UserRow } from '../users/users.repository.ts';
import { optionalText } from '../users/users.service.ts';
import {
  allocateVisibleId,
  findStatementRow,
  insertHistory,
  insertStage,
  insertStatement,
  moveStatus,
  type StatusMove,
} from './statements.repository.ts';

type CreateStatementInput = components['schemas']['CreateStatementInput'];
type CompanyStageInput = components['schemas']['CompanyStageInput'];
type ExaminerStageInput = components['schemas']['ExaminerStageInput'];

/**
 * Every status change the portal allows (spec §4, ../shared/DESIGN.md "Statements"), in one place: who moves a statement
 * from which status to which. Anything else is a 409.
 */
export const TRANSITIONS = {
  takeIntoWork: { from: 'sent', to: ['under_review'], by: 'any examiner' },
  reply: { from: 'under_review', to: ['has_comments', 'approved', 'rejected'], by: 'the assigned examiner' },
  newVersion: { from: 'has_comments', to: ['under_review'], by: 'a user of the company' },
} as const satisfies Record<string, { from: StatementStatus; to: readonly StatementStatus[]; by: string }>;

const MOVED = 'Статус заявления уже изменился. Обновите страницу.';

function requireCompanyUser(actor: UserRow): number {
  if (actor.company_id === null) throw apiError('forbidden', 'Действие доступно только пользователям компании');
  return actor.company_id;
}

function requireExaminer(actor: UserRow): void {
  if (actor.role !== 'examiner') throw apiError('forbidden', 'Действие доступно только экспертам комитета');
}

function author(actor: UserRow) {
  return { id: actor.id, fio: actor.fio, phone: actor.phone, position: actor.position, email: actor.email };
}

/** Runs a status change with its stage, files and history in one transaction; the statement moves or nothing does. */
async function changeStatus(
  ctx: ServiceContext,
  actor: UserRow,
  move: Omit<StatusMove, 'at'>,
  explainFailure: (db: Db) => Promise<never>,
  stage?: { isGovernmentAgency: boolean; comment: string | null; prefileIds: readonly number[] },
): Promise<void> {
  const at = nowIso(ctx.now());
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await moveStatus(trx, { ...move, at }))) await explainFailure(trx);
    await insertHistory(trx, { statementId: move.id, from: move.from, to: move.to, actor: author(actor), at });
    if (!stage) return;
    const stageId = await insertStage(trx, {
      statementId: move.id,
      author: author(actor),
      isGovernmentAgency: stage.isGovernmentAgency,
      status: move.to,
      comment: optionalText(stage.comment),
      at,
    });
    if (!(await attachPrefiles(trx, actor.id, stage.prefileIds, stageId, at))) throw apiError('invalid_prefiles');
  });
}

/** Submits a statement (status `sent`) with its first stage and documents; returns its id. */
export async function submitStatement(
  ctx: ServiceContext,
  actor: UserRow,
  input: CreateStatementInput,
): Promise<{ id: number; visibleId: number }> {
  const companyId = requireCompanyUser(actor);
  const objectName = optionalText(input.objectName);
  if (objectName === null) throw apiError('validation_error', 'Укажите наименование объекта');
  if (input.prefileIds.length === 0) throw apiError('validation_error', 'Добавьте хотя бы один файл');
  const categoryObjectId = input.categoryObjectId ?? null;
  const workTypeId = input.catalogWorkTypeId ?? null;
  if (categoryObjectId !== null && !(await catalogItemExists(ctx.db, 'catalog_object_types', categoryObjectId))) {
    throw apiError('validation_error', 'Такой категории объекта нет в справочнике');
  }
  if (workTypeId !== null && !(await catalogItemExists(ctx.db, 'catalog_work_types', workTypeId))) {
    throw apiError('validation_error', 'Такого типа работ нет в справочнике');
  }
  const at = nowIso(ctx.now());
  return ctx.db.transaction().execute(async (trx) => {
    const visibleId = await allocateVisibleId(trx);
    const id = await insertStatement(trx, {
      visibleId,
      companyId,
      cipher: optionalText(input.cipher),
      objectName,
      address: optionalText(input.address),
      categoryObjectId,
      workTypeId,
      at,
    });
    await insertHistory(trx, { statementId: id, from: null, to: 'sent', actor: author(actor), at });
    const stageId = await insertStage(trx, {
      statementId: id,
      author: author(actor),
      isGovernmentAgency: false,
      status: 'sent',
      comment: optionalText(input.comment),
      at,
    });
    if (!(await attachPrefiles(trx, actor.id, input.prefileIds, stageId, at))) throw apiError('invalid_prefiles');
    return { id, visibleId };
  });
}

/** An examiner takes a `sent` statement into work and becomes its examiner; of two at once exactly one wins. */
export async function takeIntoWork(ctx: ServiceContext, actor: UserRow, statementId: number): Promise<void> {
  requireExaminer(actor);
  const { from, to } = TRANSITIONS.takeIntoWork;
  await changeStatus(ctx, actor, { id: statementId, from, to: to[0], assignExaminerId: actor.id }, async (db) => {
    const row = await findStatementRow(db, statementId);
    if (!row) throw apiError('not_found', 'Заявление не найдено');
    throw apiError('invalid_transition', 'Заявление уже взято в работу');
  });
}

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
  await changeStatus(
    ctx,
    actor,
    { id: statementId, from, to: input.status, examinerId: actor.id },
    async (db) => {
      const row = await findStatementRow(db, statementId);
      if (!row) throw apiError('not_found', 'Заявление не найдено');
      if (row.status !== from) throw apiError('invalid_transition', MOVED);
      throw apiError('forbidden', 'Отвечать может только эксперт, взявший заявление в работу');
    },
    { isGovernmentAgency: true, comment: input.comment ?? null, prefileIds: input.prefileIds },
  );
}

/** A user of the company answers the comments with a new version (at least one file); back to `under_review`. */
export async function submitNewVersion(
  ctx: ServiceContext,
  actor: UserRow,
  statementId: number,
  input: CompanyStageInput,
): Promise<void> {
  const companyId = requireCompanyUser(actor);
  if (input.prefileIds.length === 0) throw apiError('validation_error', 'Загрузите хотя бы один файл');
  const row = await findStatementRow(ctx.db, statementId);
  // Another company's statement is as missing as one that does not exist.
  if (!row || row.company_id !== companyId) throw apiError('not_found', 'Заявление не найдено');
  const { from, to } = TRANSITIONS.newVersion;
  await changeStatus(
    ctx,
    actor,
    { id: statementId, from, to: to[0] },
    async () => {
      throw apiError('invalid_transition', MOVED);
    },
    { isGovernmentAgency: false, comment: input.comment ?? null, prefileIds: input.prefileIds },
  );
}
