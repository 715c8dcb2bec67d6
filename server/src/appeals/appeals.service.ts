import { APPEAL_SUBJECT_LABELS, APPEAL_SUBJECTS, APPEAL_TEXTS, appealTermDays } from '#domain/appeals.ts';
import type {
  Appeal,
  AppealDecisionInput,
  AppealFiled,
  AppealInput,
  AppealSubject,
  AppealsRegister,
  StageFile,
} from '#domain/contract.ts';
import { routes } from '#domain/routes.ts';
import { formatNumericDay } from '#domain/russian.ts';
import { type ServiceContext, withDb } from '../context.ts';
import { reopenCorrection } from '../corrections/corrections.service.ts';
import { type Db, nowIso } from '../db/database.ts';
import { type DeadlineClock, deadlineClock, intakeDeadlineOf, isOverdue } from '../deadlines/deadlines.service.ts';
import { apiError, fieldError } from '../errors.ts';
import {
  type Announcement,
  announcePetition,
  announceTo,
  sendAnnouncement,
} from '../notifications/notifications.service.ts';
import {
  countCompanyPetition,
  isPetitionOverdue,
  petitionFiles,
  petitionTerm,
  petitionText,
} from '../petitions/petition.ts';
import { attachToStage } from '../prefiles/prefiles.service.ts';
import { documentsOf } from '../signatures/signed-uploads.ts';
import { optionalText } from '../text.ts';
import { requireCompanyUser, requireHead, seesCompany } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import { listCompanyUsers, listExaminers } from '../users/users.service.ts';
import { reopenByAppeal } from '../workflow/reopening.ts';
import { storeAppealAnswer } from './appeal-letters.ts';
import {
  type AppealedStatement,
  type AppealRow,
  countOpenAppeals,
  decideFiledAppeal,
  findAppeal,
  findAppealedStatement,
  findDeclinedCorrection,
  findLastStageId,
  hasLateChange,
  hasOpenAppeal,
  insertAppeal,
  listAppealFiles,
  listAppeals,
  listOpenAppeals,
  listRegister,
} from './appeals.repository.ts';

// Pre-trial appeals (docs/product.md «Appeals», Федеральный закон № 210-ФЗ, глава 2.1): a user of the company appeals
// a refusal, a refusal to accept, a missed term or a declined correction; the committee's head upholds or dismisses it
// within 15 working days (5 for a refusal to accept or a declined correction), with the answer letter made once. An
// upheld appeal against a refusal moves the statement through workflow's reopening (workflow/reopening.ts); this area
// never imports the statements area, which reads the appeals for its detail.

const NOT_FOUND = 'Заявление не найдено';

/**
 * What the company may appeal now (docs/product.md «Appeals»): a rejection, a refusal to accept, a term overdue now or
 * missed by a change (the term engine's outcome in the history), a declined correction; anything of these also as
 * 'Иное'. Subjects with an open appeal are left out (a second one would be refused).
 */
async function appealGrounds(
  db: Db,
  statement: AppealedStatement,
  clock: DeadlineClock,
): Promise<{ subjects: AppealSubject[]; correctionId: number | null }> {
  const grounds = new Set<AppealSubject>();
  if (statement.status === 'rejected') grounds.add('decision_refusal');
  if (statement.status === 'not_accepted') grounds.add('acceptance_refusal');
  const intake = intakeDeadlineOf(clock, statement);
  if (isOverdue(clock, statement) || (intake !== null && intake.workingDaysLeft < 0)) grounds.add('missed_term');
  else if (await hasLateChange(db, statement.id)) grounds.add('missed_term');
  const declined = await findDeclinedCorrection(db, statement.id);
  if (declined) grounds.add('correction_refusal');
  if (grounds.size > 0) grounds.add('other');
  return { subjects: APPEAL_SUBJECTS.filter((subject) => grounds.has(subject)), correctionId: declined?.id ?? null };
}

/** The subjects the company may file now, without those it has an open appeal on. */
async function openableSubjects(db: Db, statement: AppealedStatement, clock: DeadlineClock): Promise<AppealSubject[]> {
  const { subjects } = await appealGrounds(db, statement, clock);
  const open = new Set((await listAppeals(db, statement.id)).filter((a) => a.status === 'filed').map((a) => a.subject));
  return subjects.filter((subject) => !open.has(subject));
}

/** A user of the company files an appeal; answers its id, status and due date. */
export async function fileAppeal(
  ctx: ServiceContext,
  actor: UserRow,
  statementId: number,
  input: AppealInput,
): Promise<AppealFiled> {
  requireCompanyUser(actor);
  const statement = await findAppealedStatement(ctx.db, statementId);
  if (!statement || !seesCompany(actor, statement.company_id)) throw apiError('not_found', NOT_FOUND);
  const text = petitionText(input.text, 'text', APPEAL_TEXTS.textRequired);
  if (await hasOpenAppeal(ctx.db, statementId, input.subject)) {
    throw apiError('invalid_transition', APPEAL_TEXTS.alreadyOpen);
  }
  const clock = await deadlineClock(ctx);
  const { subjects, correctionId } = await appealGrounds(ctx.db, statement, clock);
  if (!subjects.includes(input.subject)) throw fieldError('subject', APPEAL_TEXTS.subjectNotAllowed);
  const at = nowIso(ctx.now());
  const { dueDate } = petitionTerm(clock, at, appealTermDays(input.subject));
  const filed = await ctx.db
    .transaction()
    .execute(async (trx) => {
      await countCompanyPetition(withDb(ctx, trx), statement.company_id);
      const id = await insertAppeal(trx, {
        statementId,
        subject: input.subject,
        text,
        filedBy: { id: actor.id, fio: actor.fio },
        at,
        correctionId: input.subject === 'correction_refusal' ? correctionId : null,
      });
      const stageId = await findLastStageId(trx, statementId);
      if (stageId === null) throw apiError('not_found', NOT_FOUND);
      await attachToStage(trx, actor.id, input.prefileIds, stageId, at, { appeal_id: id });
      const heads = (await listExaminers(trx)).filter((user) => user.is_head);
      const label = APPEAL_SUBJECT_LABELS[input.subject];
      const message = `Жалоба по заявлению № ${statement.visible_id} «${statement.object_name}»: ${label}`;
      const lines = [
        `${message}.`,
        `Ответить до ${formatNumericDay(dueDate)}.`,
        `Подал: ${actor.fio ?? '—'}, ${statement.company_name}`,
        '',
        text,
      ];
      const route = routes.examinerStatementInfo(statementId);
      return { id, announcement: await announcePetition(ctx, trx, heads, route, message, lines, at) };
    })
    .catch(async (error: unknown) => {
      // Two users filing the same subject at once: the open-appeal index lets one in; the other is the same 409.
      if (await hasOpenAppeal(ctx.db, statementId, input.subject)) {
        throw apiError('invalid_transition', APPEAL_TEXTS.alreadyOpen);
      }
      throw error;
    });
  sendAnnouncement(ctx, filed.announcement);
  return { id: filed.id, status: 'filed', dueDate };
}

/**
 * The committee's head upholds or dismisses a filed appeal (docs/product.md «Appeals»): an upheld appeal against a
 * refusal returns the statement to `under_review` with a new term and an examiner (through `reopen`, the statements
 * workflow's reopening), against a declined correction reopens it; otherwise the decision is recorded and the
 * statement stays. The answer letter is made in the decision's transaction. Of two heads at once exactly one wins.
 */
export async function decideAppeal(
  ctx: ServiceContext,
  actor: UserRow,
  appealId: number,
  input: AppealDecisionInput,
): Promise<Appeal> {
  requireHead(actor);
  const text = petitionText(input.text, 'text', APPEAL_TEXTS.answerRequired);
  const found = await findAppeal(ctx.db, appealId);
  if (!found) throw apiError('not_found', APPEAL_TEXTS.notFound);
  const decided = () => apiError('invalid_transition', APPEAL_TEXTS.alreadyDecided);
  if (found.status !== 'filed') throw decided();
  const status = input.upheld ? 'upheld' : 'dismissed';
  let mail: Announcement | null = null;
  const record = async (db: Db, at: string) => {
    mail = await recordDecision(ctx, db, actor, found, { status, text, at });
  };
  const cancelsRefusal =
    input.upheld && (found.subject === 'decision_refusal' || found.subject === 'acceptance_refusal');
  if (cancelsRefusal) {
    const examinerId = input.examinerId ?? found.examiner_id;
    const examiner = (await listExaminers(ctx.db)).find((user) => user.id === examinerId);
    if (!examiner) throw fieldError('examinerId', APPEAL_TEXTS.noSuchExaminer);
    const from = found.subject === 'decision_refusal' ? 'rejected' : 'not_accepted';
    await reopenByAppeal(ctx, actor, {
      statementId: found.statement_id,
      from,
      examiner: { id: examiner.id, fio: examiner.fio },
      appealId,
      alongside: record,
      explainFailure: async (db) => {
        const now = await findAppeal(db, appealId);
        if (!now) throw apiError('not_found', APPEAL_TEXTS.notFound);
        if (now.status !== 'filed') throw decided();
        throw apiError('invalid_transition', 'Статус заявления уже изменился. Обновите страницу.');
      },
    });
  } else {
    await ctx.db.transaction().execute(async (trx) => {
      const at = nowIso(ctx.now());
      await record(trx, at);
      if (input.upheld && found.subject === 'correction_refusal' && found.correction_id !== null) {
        await reopenCorrection(trx, found.correction_id, at);
      }
    });
  }
  if (mail) sendAnnouncement(ctx, mail);
  const appeal = (await appealsOf(ctx, found.statement_id)).find((one) => one.id === appealId);
  if (!appeal) throw apiError('not_found', APPEAL_TEXTS.notFound);
  return appeal;
}

/**
 * Claims the filed appeal for this decision (conditionally: 409 when another head decided it meanwhile), makes and
 * keeps its answer letter, and tells the company's users; returns the mail to send once the transaction commits.
 */
async function recordDecision(
  ctx: ServiceContext,
  db: Db,
  actor: UserRow,
  appeal: NonNullable<Awaited<ReturnType<typeof findAppeal>>>,
  decision: { status: 'upheld' | 'dismissed'; text: string; at: string },
): Promise<Announcement> {
  const letter = await storeAppealAnswer(ctx, db, appeal.id, decision.at, (key) =>
    decideFiledAppeal(db, appeal.id, {
      status: decision.status,
      text: decision.text,
      decidedBy: { id: actor.id, fio: actor.fio },
      at: decision.at,
      letterKey: key,
    }),
  );
  if (!letter) throw apiError('invalid_transition', APPEAL_TEXTS.alreadyDecided);
  const statement = letter.statement;
  const what = `№ ${statement.visible_id} «${statement.object_name}»`;
  const verdict = decision.status === 'upheld' ? 'удовлетворена' : 'отклонена';
  const message = `Жалоба по заявлению ${what} ${verdict}`;
  const lines = [
    `${message}: ${APPEAL_SUBJECT_LABELS[appeal.subject]}.`,
    '',
    decision.text,
    '',
    `${APPEAL_TEXTS.letterTitle} приложен к заявлению.`,
  ];
  const people = await listCompanyUsers(db, statement.company_id);
  return announceTo(ctx, db, people, routes.statementInfo(statement.id), message, lines, decision.at);
}

/** A statement's appeals as both sides see them, oldest first. */
export async function appealsOf(ctx: ServiceContext, statementId: number, clock?: DeadlineClock): Promise<Appeal[]> {
  const rows = await listAppeals(ctx.db, statementId);
  if (rows.length === 0) return [];
  const files = await listAppealFiles(
    ctx.db,
    rows.map((row) => row.id),
  );
  const times = clock ?? (await deadlineClock(ctx));
  return rows.map((row): Appeal => {
    const own = petitionFiles(files.filter((file) => file.appeal_id === row.id));
    const letter = own.find((file) => file.url === row.letter_key);
    return {
      id: row.id,
      subject: row.subject,
      text: row.text,
      files: own.filter((file) => file !== letter),
      filedAt: row.filed_at,
      filedBy: row.filer_name,
      dueDate: appealDueDate(times, row),
      overdue: isAppealOverdue(times, row),
      status: row.status,
      decision:
        row.status === 'filed' || row.decided_at === null || !letter
          ? null
          : {
              upheld: row.status === 'upheld',
              text: row.decision_text ?? '',
              decidedAt: row.decided_at,
              decidedBy: row.decider_name,
              deciderId: row.decided_by,
              letter,
            },
    };
  });
}

/**
 * An appeal's due date, counted from its filing on today's production calendar (never stored: a calendar import moves
 * it as it moves every term, docs/decisions.md).
 */
function appealDueDate(clock: DeadlineClock, row: Pick<AppealRow, 'subject' | 'filed_at'>): string {
  return petitionTerm(clock, row.filed_at, appealTermDays(row.subject)).dueDate;
}

/** An open appeal past its term, by the one term engine (its due date as counted from its filing). */
function isAppealOverdue(clock: DeadlineClock, row: Pick<AppealRow, 'status' | 'subject' | 'filed_at'>): boolean {
  return row.status === 'filed' && isPetitionOverdue(clock, row.filed_at, appealTermDays(row.subject));
}

/**
 * What a statement's detail carries of its appeals: every appeal, and the subjects the reader's company may file now
 * (none for examiners).
 */
export async function statementAppeals(
  ctx: ServiceContext,
  statementId: number,
  forCompany: boolean,
  clock?: DeadlineClock,
): Promise<{ appeals: Appeal[]; appealSubjects: AppealSubject[] }> {
  const times = clock ?? (await deadlineClock(ctx));
  const appeals = await appealsOf(ctx, statementId, times);
  if (!forCompany) return { appeals, appealSubjects: [] };
  const statement = await findAppealedStatement(ctx.db, statementId);
  return { appeals, appealSubjects: statement ? await openableSubjects(ctx.db, statement, times) : [] };
}

/** The head's register: open appeals first by due date, then decided ones, newest decision first; with the counts. */
export async function appealsRegister(ctx: ServiceContext, actor: UserRow): Promise<AppealsRegister> {
  requireHead(actor);
  const clock = await deadlineClock(ctx);
  const rows = await listRegister(ctx.db);
  const items = rows.map((row) => ({
    id: row.id,
    statementId: row.statement_id,
    visibleId: row.visible_id,
    objectName: row.object_name,
    companyName: row.company_name,
    subject: row.subject,
    filedAt: row.filed_at,
    dueDate: appealDueDate(clock, row),
    overdue: isAppealOverdue(clock, row),
    status: row.status,
    decidedAt: row.decided_at,
  }));
  items.sort((a, b) => {
    const open = Number(b.status === 'filed') - Number(a.status === 'filed');
    if (open !== 0) return open;
    if (a.status === 'filed') return a.dueDate.localeCompare(b.dueDate) || a.filedAt.localeCompare(b.filedAt);
    return (b.decidedAt ?? '').localeCompare(a.decidedAt ?? '') || b.id - a.id;
  });
  const open = items.filter((item) => item.status === 'filed');
  return {
    items: items.map(({ decidedAt: _, ...item }) => item),
    open: open.length,
    overdue: open.filter((item) => item.overdue).length,
  };
}

/** How many appeals wait for a head's answer: the sidebar's 'Жалобы' count, without the register. */
export function openAppealsCount(ctx: ServiceContext): Promise<number> {
  return countOpenAppeals(ctx.db);
}

/** Open appeals past their term (the metric `portal_appeals_overdue`). */
export async function countOverdueAppeals(ctx: ServiceContext): Promise<number> {
  const clock = await deadlineClock(ctx);
  const rows = await listOpenAppeals(ctx.db);
  return rows.filter((row) => isAppealOverdue(clock, { ...row, status: 'filed' })).length;
}
