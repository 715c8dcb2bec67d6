import { map, type ReadableAtom } from 'nanostores';
import type { StatementListItem } from '#domain/contract.ts';
import { QUIET } from '#lib/api/client.ts';
import { isExaminer } from '#lib/roles.ts';
import { api } from '#stores/api.ts';
import { $user } from '#stores/session.ts';
import { type SubmitState, submit } from '#stores/submit.ts';
import { showToast } from '#stores/toasts.ts';
import { announceStatementChange } from '../../live/changes.ts';
import { createAcceptanceRefusal } from '../../workflow/acceptance-refusal.ts';
import { createAssigning } from '../../workflow/assigning.ts';
import { countNewsFromList } from '../counters.ts';
import { statementsOf } from '../lib/list-index.ts';
import { newsTexts } from '../texts/news.ts';
import { createStatementList, LIST_HEADERS, type StatementList, sinceParams } from './statement-list.ts';

/** The new statements as the news screen sees them: loading, failed (logged only), or the sent ones. */
export type NewStatements = StatementList;

/**
 * Most urgent first: the intake term that ends soonest, then the one submitted earliest (it waits longest), then by
 * id; one without a term (none runs) last.
 */
function byIntakeTerm(a: StatementListItem, b: StatementListItem): number {
  const dueA = a.intakeDeadline?.dueDate ?? '9999-12-31';
  const dueB = b.intakeDeadline?.dueDate ?? '9999-12-31';
  if (dueA !== dueB) return dueA < dueB ? -1 : 1;
  const since = Date.parse(a.dateCreate) - Date.parse(b.dateCreate);
  return since === 0 || Number.isNaN(since) ? a.id - b.id : since;
}

/**
 * The statements of GET /api/instance/all/statements that are new: status sent, with no refusal to accept awaiting its
 * signature (nobody may take that one), the most urgent intake term first; a body that is not an array is none. The
 * order is the page's own: a live delta merges into the list in the server's order, the intake queue reads by term.
 */
export function newStatementsOf(data: unknown): StatementListItem[] {
  return statementsOf(data)
    .filter((statement) => statement.status === 'sent' && !statement.awaitingSignature)
    .sort(byIntakeTerm);
}

/** The news as last shown (id → number), and the statements this examiner took: those leave the news quietly. */
let shown: Map<number, number> | null = null;
const takenHere = new Set<number>();

/**
 * A statement that left the news under the reader's eyes (docs/product.md «Live updates»): a colleague took it or
 * refused to accept it, or the applicant deleted or withdrew it. Said once, in the status region.
 */
async function explainGone(id: number, visibleId: number): Promise<void> {
  const { data, response } = await api.GET('/api/instance/statements/{id}', {
    params: { path: { id } },
    headers: QUIET,
  });
  if (response.status === 404) {
    showToast('info', newsTexts.deleted(visibleId));
    return;
  }
  // A colleague's refusal to accept waiting for its signature leaves the news while the status stays.
  const held = data?.status === 'sent' && data.stages.at(-1)?.awaitingSignature === true;
  if (!data || (data.status === 'sent' && !held)) return;
  if (data.status === 'withdrawn') showToast('info', newsTexts.withdrawn(visibleId));
  // Taken or refused by this examiner in another tab is no news.
  else if (data.examinerId === $user.get()?.id) return;
  else if (data.status === 'not_accepted' || held) showToast('info', newsTexts.refusedByColleague(visibleId));
  else showToast('info', newsTexts.takenByColleague(visibleId));
}

function noticeGone(items: StatementListItem[], kept: boolean): void {
  // This tab's copy is what was shown on an earlier page, not under the reader's eyes now.
  if (kept) return;
  const now = new Map(items.map((item) => [item.id, item.visibleId]));
  if (shown) {
    for (const [id, visibleId] of shown) if (!now.has(id) && !takenHere.has(id)) void explainGone(id, visibleId);
  }
  shown = now;
}

// Only the sent ones are asked for (`?status=sent`): the news does not load every statement to show the new few.
const news = createStatementList({
  load: (since) =>
    api.GET('/api/instance/all/statements', {
      ...sinceParams(since, { status: 'sent' as const }),
      headers: LIST_HEADERS,
    }),
  isFor: isExaminer,
  keep: 'instance-news',
  pick: newStatementsOf,
  onLoaded: (items, kept) => {
    noticeGone(items, kept);
    if (!kept) countNewsFromList(items.length);
  },
});

/** Statements in `sent`, the most urgent intake term first; loaded when first watched. */
export const $newStatements: ReadableAtom<NewStatements> = news.$list;

/** Loads the new statements again; concurrent calls share one request. */
export const reloadNewStatements = news.reload;

/** Busy flag and failure text of taking a statement into work (the confirmation shows the busy state). */
export const $takeIntoWork = map<SubmitState>({ busy: false, error: null });

/**
 * Takes a sent statement into work (POST /api/instance/StartWorkOnStatement): 'Заявление взято в работу' or
 * 'Не удалось взять заявление в работу' (also when another examiner was first). Either way the list reloads, and
 * the sidebar counters with it, so the statement leaves the news.
 */
export async function takeIntoWork(id: number): Promise<boolean> {
  takenHere.add(id);
  const result = await submit($takeIntoWork, () => api.POST('/api/instance/StartWorkOnStatement', { body: { id } }), {
    failureText: newsTexts.takeFailed,
    successText: newsTexts.taken,
  });
  if (result.ok) announceStatementChange();
  await reloadNewStatements();
  return result.ok;
}

/**
 * 'Отказать в приёме' on a row (docs/product.md «The regulation's procedures»): once refused the statement leaves the
 * news quietly (this examiner did it), and the sidebar counters reload with the list.
 */
export const acceptanceRefusal = createAcceptanceRefusal({
  sending: (target) => takenHere.add(target.id),
  refused: () => reloadNewStatements(),
  reload: () => reloadNewStatements(),
});

/**
 * The head's 'Назначить эксперту' on a row (docs/product.md «Assigning»): once assigned the statement leaves the news
 * quietly (the head did it), as a take does.
 */
export const assigning = createAssigning({
  sending: (target) => takenHere.add(target.id),
  assigned: () => reloadNewStatements(),
  reload: () => reloadNewStatements(),
});
