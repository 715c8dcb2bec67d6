import { atom, map, onMount, type ReadableAtom } from 'nanostores';
import { api, QUIET } from '../../../lib/api/client.ts';
import type { StatementListItem } from '../../../lib/api/types.ts';
import { isInstanceUser } from '../../../lib/roles.ts';
import { $session } from '../../../stores/session.ts';
import { announceStatementChange } from '../../../stores/statement-changes.ts';
import { type SubmitState, submit } from '../../../stores/submit.ts';
import { newsTexts } from '../texts.ts';

/** The new statements as the news screen sees them: loading, failed (logged only, spec §8), or the sent ones. */
export interface NewStatements {
  status: 'loading' | 'error' | 'ready';
  items: StatementListItem[];
}

/** Spec §8 names this failure in English and only logs it. */
const LOAD_FAILED = 'Could not load statements';

const $list = atom<NewStatements>({ status: 'loading', items: [] });

/** Statements in `sent` (spec §2 news), newest first as the server sends them; loaded when first watched. */
export const $newStatements: ReadableAtom<NewStatements> = $list;

/** The statements of GET /api/instance/all/statements that are new: status sent; a body that is not an array is none. */
export function newStatementsOf(data: unknown): StatementListItem[] {
  return Array.isArray(data) ? (data as StatementListItem[]).filter((statement) => statement.status === 'sent') : [];
}

let loading: Promise<void> | null = null;

async function fetchNews(): Promise<void> {
  $list.set({ status: 'loading', items: $list.get().items });
  try {
    const { data, response } = await api.GET('/api/instance/all/statements', { headers: QUIET });
    if (response.ok) {
      $list.set({ status: 'ready', items: newStatementsOf(data) });
      return;
    }
    console.error(LOAD_FAILED, response.status);
  } catch (error) {
    console.error(LOAD_FAILED, error);
  }
  $list.set({ status: 'error', items: [] });
}

/** Loads the new statements again; concurrent calls share one request. */
export function reloadNewStatements(): Promise<void> {
  loading ??= fetchNews().finally(() => {
    loading = null;
  });
  return loading;
}

onMount($list, () =>
  $session.subscribe((session) => {
    if (session.status === 'authenticated' && isInstanceUser(session.user) && $list.get().status !== 'ready') {
      void reloadNewStatements();
    }
  }),
);

/** Busy flag and failure text of taking a statement into work (the confirmation shows the busy state). */
export const $takeIntoWork = map<SubmitState>({ busy: false, error: null });

/**
 * Takes a sent statement into work (POST /api/instance/StartWorkOnStatement): 'Заявление взято в работу' or
 * 'Не удалось взять заявление в работу' (also when another examiner was first). Either way the list reloads, and
 * the sidebar counters with it, so the statement leaves the news.
 */
export async function takeIntoWork(id: number): Promise<boolean> {
  const result = await submit($takeIntoWork, () => api.POST('/api/instance/StartWorkOnStatement', { body: { id } }), {
    failureText: newsTexts.takeFailed,
    successText: newsTexts.taken,
  });
  if (result.ok) announceStatementChange();
  await reloadNewStatements();
  return result.ok;
}
