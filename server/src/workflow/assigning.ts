import type { AssignStatementInput, StatementStatus } from '#domain/contract.ts';
import type { ServiceContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { apiError, fieldError } from '../errors.ts';
import { handOverDraftRemarks } from '../remarks/remarks.service.ts';
import { optionalText } from '../text.ts';
import { requireHead } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import { listExaminers } from '../users/users.service.ts';
import { author, changeStatus, MOVED, NOT_FOUND, startsFrom, TRANSITIONS } from './transitions.ts';
import { dropHeldRound } from './unissued.ts';
import {
  clearHeldDecision,
  findStatementRow,
  type HeldDecision,
  insertHistory,
  listHeldDecisionsBy,
  releaseExaminerStatements,
} from './workflow.repository.ts';

// Who holds a statement (docs/product.md «Assigning», «Administration»): the head assigns or hands it over, and a
// deactivated examiner's statements in work go back to the head's queue. Nothing else changes a statement's examiner
// but taking it into work (intake.ts) and an upheld appeal (reopening.ts).

const ASSIGN_TEXTS = {
  noExaminer: 'Такого эксперта нет',
  sameExaminer: 'Заявление уже у этого эксперта',
  decided: 'Заявление уже рассмотрено: назначить эксперта нельзя',
  taken: 'Заявление уже взято в работу. Обновите страницу.',
  changed: 'Заявление уже передано другому эксперту. Обновите страницу.',
} as const;

/**
 * The committee's head assigns a statement to an examiner: from `sent` it goes to `under_review` with them exactly
 * as if they had taken it (the intake check's outcome in the history); in `under_review` or `has_comments` it is
 * handed to them, the status stays and the previous examiner's drafts go with it. Conditional on the status and the
 * examiner it had: of two heads at once, or a head and an examiner taking it, exactly one wins and the other gets 409
 * with nothing stored.
 */
export async function assignStatement(
  ctx: ServiceContext,
  actor: UserRow,
  statementId: number,
  input: AssignStatementInput,
): Promise<void> {
  requireHead(actor);
  const row = await findStatementRow(ctx.db, statementId);
  if (!row) throw apiError('not_found', NOT_FOUND);
  if (input.currentExaminerId !== undefined && input.currentExaminerId !== row.examiner_id) {
    throw apiError('invalid_transition', ASSIGN_TEXTS.changed);
  }
  const examiner = (await listExaminers(ctx.db)).find((user) => user.id === input.examinerId);
  if (!examiner) throw fieldError('examinerId', ASSIGN_TEXTS.noExaminer);
  const comment = optionalText(input.comment);
  const assignment = { examinerId: examiner.id, examinerName: examiner.fio, comment };
  const event = {
    kind: 'assigned',
    examinerId: examiner.id,
    examinerName: examiner.fio,
    headName: actor.fio,
    comment,
  } as const;
  const explainFailure = async (db: Db): Promise<never> => {
    const now = await findStatementRow(db, statementId);
    if (!now) throw apiError('not_found', NOT_FOUND);
    if (row.status === 'sent' && now.examiner_id !== null) throw apiError('invalid_transition', ASSIGN_TEXTS.taken);
    if (now.status === row.status) throw apiError('invalid_transition', ASSIGN_TEXTS.changed);
    throw apiError('invalid_transition', MOVED);
  };
  if (startsFrom(TRANSITIONS.assign, row.status)) {
    const to = TRANSITIONS.assign.to[0];
    await changeStatus(ctx, actor, {
      move: { id: statementId, from: row.status, to, assignExaminerId: examiner.id, assignment },
      event: { ...event, previousExaminerId: null },
      explainFailure,
    });
    return;
  }
  if (!startsFrom(TRANSITIONS.reassign, row.status)) throw apiError('invalid_transition', ASSIGN_TEXTS.decided);
  if (row.examiner_id === examiner.id) throw fieldError('examinerId', ASSIGN_TEXTS.sameExaminer);
  // Null: a statement in work whose examiner was deactivated, waiting in the head's queue; it is handed to the new
  // examiner as any other.
  const previous = row.examiner_id;
  await changeStatus(ctx, actor, {
    move: {
      id: statementId,
      from: row.status,
      to: row.status,
      examinerId: previous,
      handOverTo: examiner.id,
      assignment,
    },
    event: { ...event, previousExaminerId: previous },
    explainFailure,
    alongside: async (db) => {
      await handOverDraftRemarks(db, statementId, examiner.id);
      return undefined;
    },
  });
}

/** The statuses of a statement in an examiner's work: their turn, or the applicant's. */
const IN_WORK: readonly StatementStatus[] = ['under_review', 'has_comments'];

/**
 * Hands a deactivated examiner's statements in work (`under_review`, `has_comments`) to the head's queue, in the
 * caller's transaction (the deactivation's): their examiner is cleared, each gets a history entry naming them (the
 * status stays), and they are listed as unassigned for reassignment. A decision they made and had not signed is
 * dropped unissued (docs/product.md «Signatures»): nobody else may sign it, so it would wait for good; the entry names
 * it, and a refusal to accept held in `sent` goes back to the new statements. `by` is who deactivated them (null: the
 * console). The statements handed over, and the dropped rounds' files to remove once the transaction committed.
 */
export async function handOverToHead(
  db: Db,
  release: { examiner: { id: number; fio: string | null }; by: UserRow | null; at: string },
): Promise<{ handedOver: number[]; discardedFiles: string[] }> {
  const { examiner, by, at } = release;
  const discarded = new Map<number, { status: StatementStatus; decision: HeldDecision }>();
  const discardedFiles: string[] = [];
  for (const held of await listHeldDecisionsBy(db, examiner.id)) {
    if (held.held_status === null || !(await clearHeldDecision(db, held.id, held.held_status))) continue;
    discardedFiles.push(...(await dropHeldRound(db, held.id, held.held_status)));
    discarded.set(held.id, { status: held.status, decision: held.held_status });
  }
  const released = await releaseExaminerStatements(db, examiner.id, IN_WORK, at);
  const entries = new Map(released.map(({ id, status }) => [id, status]));
  for (const [id, { status }] of discarded) entries.set(id, status);
  for (const [id, status] of [...entries].sort(([a], [b]) => a - b)) {
    const decision = discarded.get(id)?.decision;
    await insertHistory(db, {
      statementId: id,
      from: status,
      to: status,
      actor: by && author(by),
      at,
      release: { examinerId: examiner.id, examinerName: examiner.fio },
      ...(decision ? { discardedDecision: decision } : {}),
    });
  }
  return { handedOver: released.map((row) => row.id), discardedFiles };
}
