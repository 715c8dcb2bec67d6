import { atom, onMount, type ReadableAtom } from 'nanostores';
import type { Remark, Statement, User } from '#domain/contract.ts';
import { idFromPath } from '#domain/routes.ts';
import { type StatusView, statusLabel } from '#domain/statuses.ts';
import { currentPath } from '#lib/browser.ts';
import { type SubmissionRound, submissionRounds } from '#lib/statement.ts';
import { latestRun, sharedRun } from '#stores/load.ts';
import { computed } from '#stores/prerendered.ts';
import { $session } from '#stores/session.ts';
import { showToast } from '#stores/toasts.ts';
import { writingNow } from '#stores/writes.ts';
import { $liveChange } from '../../live/changes.ts';
import type { RemarkList } from '../../remarks/remarks.ts';

/** Said when the status of the statement on screen changed under the reader. */
const STATUS_CHANGED = 'Статус заявления изменился:';

/**
 * The statement a detail shows: loading, not found (no such statement for this reader, or no id in the address),
 * failed to load (a retry may help), or loaded. The page stays at its address in every state.
 */
export interface StatementDetail {
  status: 'loading' | 'notFound' | 'error' | 'ready';
  statement: Statement | null;
}

/** What differs between the company's detail and the examiner's: the call, the reader, and where a failure leads. */
export interface DetailSource {
  /** Loads the statement of `id`; answers as openapi-fetch does. */
  load: (id: number) => Promise<{ data?: Statement; response: Response }>;
  /** True for the users this detail is for (others would get 403). */
  isFor: (user: User | null) => boolean;
  /** The toast of a failed reload while a statement is already shown (it stays on screen). */
  failedText: string;
  /** Whose words the statuses are in (a change under the reader is announced in them). */
  view: StatusView;
  /** Loads the statement's remarks as this side may see them (docs/product.md «Remarks»). */
  loadRemarks: (id: number) => Promise<{ data?: Remark[]; response: Response }>;
}

/** One statement detail's stores and actions. */
export interface StatementDetailStore {
  /** The id the page was opened with (read from the location), or null when the path holds none. */
  $id: ReadableAtom<number | null>;
  /** The statement, loaded once the session is the right user's. */
  $detail: ReadableAtom<StatementDetail>;
  /** The statement's submission rounds, each with the committee's replies under it. */
  $rounds: ReadableAtom<SubmissionRound[]>;
  /** Loads (or reloads, keeping the shown statement meanwhile) the statement; concurrent calls share one request. */
  reload: () => Promise<void>;
  /** 'Повторить' after a failed load: shows the loading state again and loads. */
  retry: () => Promise<void>;
  /** Shows a statement an action answered with, without waiting for the reload. */
  show: (statement: Statement) => void;
  /** The statement's remarks, as the statement brings them (and again after a remark is changed). */
  $remarks: ReadableAtom<RemarkList>;
  /** Loads the remarks again (after a remark was written, edited or resolved). */
  reloadRemarks: () => Promise<void>;
}

/** The store of a statement detail page: the statement of the address, loaded when watched by the right user. */
export function createStatementDetail(source: DetailSource): StatementDetailStore {
  const $id = atom<number | null>(null);
  const $detail = atom<StatementDetail>({ status: 'loading', statement: null });
  const $rounds = computed($detail, (detail) => (detail.statement ? submissionRounds(detail.statement.stages) : []));
  const $remarks = atom<RemarkList>({ status: 'loading', items: [] });
  async function fetchStatement(id: number | null): Promise<void> {
    if (id === null) {
      $detail.set({ status: 'notFound', statement: null });
      return;
    }
    let missing = false;
    try {
      const { data, response } = await source.load(id);
      if (response.ok && data) {
        $detail.set({ status: 'ready', statement: data });
        // The remarks come with the statement (one call); their own endpoint serves a change of a remark.
        $remarks.set({ status: 'ready', items: data.remarks ?? [] });
        return;
      }
      // 404 is the API's answer for a statement that does not exist or is not this reader's; 400, a malformed id.
      missing = response.status === 404 || response.status === 400;
    } catch {
      // a network failure: reported below like a 5xx
    }
    if (missing) {
      $detail.set({ status: 'notFound', statement: null });
    } else if ($detail.get().statement) {
      // A reload that failed leaves the statement already on screen in place.
      showToast('error', source.failedText);
    } else {
      $detail.set({ status: 'error', statement: null });
    }
  }

  const reload = sharedRun(() => fetchStatement($id.get()));
  const reloadLatest = latestRun(() => fetchStatement($id.get()));

  async function fetchRemarks(): Promise<void> {
    const id = $id.get();
    if (id === null) return;
    try {
      const { data, response } = await source.loadRemarks(id);
      if (response.ok && data) {
        $remarks.set({ status: 'ready', items: data });
        return;
      }
    } catch {
      // reported below like any other failure
    }
    $remarks.set({ status: 'error', items: $remarks.get().items });
  }
  const reloadRemarks = sharedRun(fetchRemarks);

  onMount($detail, () => {
    $id.set(idFromPath(currentPath()));
    // Remarks move with the statement (a rework publishes them, a version answers them): every reload of the
    // statement, after any action, brings them again.
    const stopSession = $session.subscribe((session) => {
      if (session.status === 'authenticated' && source.isFor(session.user) && $detail.get().status === 'loading') {
        void reload();
      }
    });
    // Someone else changed this statement (the examiner answered, the applicant sent a version, a colleague took
    // it): read it again, and say so when its status moved (docs/product.md «Live updates»).
    const stopLive = $liveChange.listen((change) => {
      const id = $id.get();
      const shown = $detail.get();
      if (!change || id === null || shown.status !== 'ready') return;
      if (!change.reset && !change.statements.has(id)) return;
      const before = shown.statement?.status;
      // This tab's own action (a reply, a version, taking it) reports itself.
      const own = writingNow();
      void reloadLatest().then(() => {
        const after = $detail.get().statement?.status;
        if (before && after && after !== before && !own && !writingNow()) {
          showToast('info', `${STATUS_CHANGED} ${statusLabel(after, source.view)}`);
        }
      });
    });
    return () => {
      stopSession();
      stopLive();
    };
  });

  return {
    $id,
    $detail,
    $rounds,
    reload,
    retry: () => {
      $detail.set({ status: 'loading', statement: null });
      return reload();
    },
    show: (statement) => {
      $detail.set({ status: 'ready', statement });
      $remarks.set({ status: 'ready', items: statement.remarks ?? [] });
    },
    $remarks,
    reloadRemarks,
  };
}
