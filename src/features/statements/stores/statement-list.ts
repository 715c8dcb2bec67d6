import { atom, onMount, type ReadableAtom } from 'nanostores';
import type { StatementListColumns, StatementListDelta, StatementListItem, User } from '#domain/contract.ts';
import { isListColumns, LIST_COLUMNS_TYPE } from '#domain/list-columns.ts';
import { QUIET } from '#lib/api/client.ts';
import { yieldToPage } from '#lib/browser.ts';
import {
  keepFirstScreen,
  keepList,
  readFirstScreen,
  readKeptList,
  startReadingKeptList,
  unpackListColumns,
} from '#stores/list-keep.ts';
import { latestRun, sharedRun } from '#stores/load.ts';
import { computed } from '#stores/prerendered.ts';
import { $session } from '#stores/session.ts';
import { $liveChange, touchesLists } from '../../live/changes.ts';
import { chooseEnd, chooseStart, type DateRange, type RangeChoice, resolveRange } from '../lib/date-range.ts';
import {
  applyListDelta,
  indexRange,
  indexStatements,
  type ListEntry,
  prepareSearch,
  type SortOrder,
  type StatusFilter,
  selectStatements,
  statementsOf,
} from '../lib/list-index.ts';

/** A statement list as a screen sees it: loading, failed (logged only), or its items. */
export interface StatementList {
  status: 'loading' | 'error' | 'ready';
  items: StatementListItem[];
  /**
   * While loading: `items` are only the first screen of the tab's copy (`showFirstScreen`), drawn before the whole
   * copy is unpacked; not the list's counts, nor its range of days.
   */
  firstScreen?: true;
}

/** Where a list comes from, who may load it, and what else follows a load. */
export interface ListSource {
  /**
   * Loads the list; answers as openapi-fetch does. Given `since` (the revision of the list held), the answer may be
   * only what changed (`StatementListDelta`) or the whole list again.
   */
  load: (since?: string) => Promise<{ data?: unknown; response: Response }>;
  /** True for the users whose list this is (others would get 403). */
  isFor: (user: User | null) => boolean;
  /** The items a screen shows of the whole list (default: all of them). */
  pick?: (items: StatementListItem[]) => StatementListItem[];
  /** Told the items of every successful load (`kept`: shown from this tab's copy, before the server answered). */
  onLoaded?: (items: StatementListItem[], kept: boolean) => void;
  /** Reloads, while watched, whenever this tab's user changes a statement (announceStatementChange). */
  reloadOnOwnChange?: boolean;
  /** Kept for the tab's life under this name (list-keep.ts): the next page shows it at once and asks what changed. */
  keep?: string;
}

/** A list store (`createStatementList`). */
export interface StatementListStore {
  $list: ReadableAtom<StatementList>;
  reload: () => Promise<void>;
  /** The name the list is kept under in the tab (`ListSource.keep`). */
  keep?: string;
  /**
   * Shows the first screen of a view, kept apart from the tab's copy (list-keep.ts `readFirstScreen`), while no whole
   * list is shown yet; the whole list replaces it.
   */
  showFirstScreen: (rows: StatementListItem[]) => void;
}

/** The query of a list call: `since` when a list is held (openapi-fetch's `params`), nothing otherwise. */
export function sinceParams<Q extends object>(since: string | undefined, query?: Q) {
  const merged = { ...query, ...(since === undefined ? {} : { since }) };
  return Object.keys(merged).length === 0 ? {} : { params: { query: merged } };
}

/**
 * The headers of a list call: quiet (its failure is only logged), and asking for the list's columns, a fraction of
 * the array's bytes (docs/decisions.md «Compact list columns»); `statementsOf` reads either.
 */
export const LIST_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...QUIET,
  accept: `${LIST_COLUMNS_TYPE}, application/json;q=0.9`,
});

/** Rows from which a list is unpacked, indexed and shown in tasks of their own (list-keep.ts unpacks 500 at a time). */
const LONG_LIST = 500;

/** This failure is only logged (docs/product.md «Failures that are only logged»). */
const LOAD_FAILED = 'Could not load statements';

/** A delta answer (`?since=`): what changed, and the new revision. */
function isDelta(data: unknown): data is StatementListDelta {
  return (
    typeof data === 'object' &&
    data !== null &&
    !Array.isArray(data) &&
    Array.isArray((data as StatementListDelta).changed) &&
    Array.isArray((data as StatementListDelta).removed)
  );
}

/**
 * A list store that loads once it has a subscriber and the session belongs to the right user; later subscribers
 * share the loaded items until `reload` (concurrent reloads share one request). A list kept in this tab shows at
 * once, and every later read asks only for what changed (docs/product.md «Live updates»).
 */
export function createStatementList(source: ListSource): StatementListStore {
  const $list = atom<StatementList>({ status: 'loading', items: [] });
  const pick = source.pick ?? ((items: StatementListItem[]) => items);
  /** The whole list as the server has it, and its revision (null until a whole list came). */
  let held: { revision: string | null; items: StatementListItem[] } = { revision: null, items: [] };
  /** The rows `pick` chose of a whole list, kept for the same list again. */
  let picked: { from: StatementListItem[]; rows: StatementListItem[] } | null = null;
  /** The rows a screen shows of a whole list: picked once per list (the same list comes again when nothing changed). */
  function rowsOf(items: StatementListItem[]): StatementListItem[] {
    if (picked?.from !== items) picked = { from: items, rows: pick(items) };
    return picked.rows;
  }

  /**
   * Shows a whole list: from this tab's copy (`kept`), or from the server (kept again when it changed: `store`, in the
   * `columns` the server sent for these items when it sent columns).
   */
  function show(
    items: StatementListItem[],
    revision: string | null,
    how: { kept: boolean; store: boolean; columns?: StatementListColumns },
  ): void {
    const keep = how.store;
    held = { revision, items };
    const shown = rowsOf(items);
    $list.set({ status: 'ready', items: shown });
    source.onLoaded?.(shown, how.kept);
    const userId = $session.get().user?.id;
    if (keep && source.keep && revision && userId !== undefined)
      void keepList(source.keep, userId, { revision, items }, how.columns);
  }

  /**
   * Indexes a whole list in a task of its own, between the page's tasks (`indexOf`: the list shown next finds its
   * index made). False when the list is no longer wanted meanwhile (`wanted`), and nothing more is to be done with it.
   */
  async function indexApart(items: StatementListItem[], wanted: () => boolean = () => true): Promise<boolean> {
    await yieldToPage();
    if (!wanted()) return false;
    indexOf(rowsOf(items));
    await yieldToPage();
    return wanted();
  }

  /** Reads begun: a read's whole list is not shown once a later read has begun (it asked with an older `since`). */
  let fetches = 0;

  async function fetchList(): Promise<void> {
    const asked = ++fetches;
    $list.set({ ...$list.get(), status: 'loading' });
    try {
      const { data, response } = await source.load(held.revision ?? undefined);
      if (response.ok) {
        // An answer without the header (an older server) is still a whole list, kept without a revision.
        const revision = response.headers?.get?.('x-list-revision') ?? null;
        if (isDelta(data)) {
          const unchanged = data.changed.length === 0 && data.removed.length === 0;
          const items = unchanged ? held.items : applyListDelta(held.items, data);
          show(items, data.revision, { kept: false, store: !unchanged });
        } else {
          // A long whole list is unpacked, indexed and shown in tasks of their own (one long task else: 1,000 rows
          // are ~240 ms on a slow phone); a short one at once.
          const columns = isListColumns(data) ? data : undefined;
          const items = columns ? await unpackListColumns(columns) : statementsOf(data);
          if (items.length > LONG_LIST && !(await indexApart(items, () => asked === fetches))) return;
          show(items, revision, { kept: false, store: true, columns });
        }
        return;
      }
      console.error(LOAD_FAILED, response.status);
    } catch (error) {
      console.error(LOAD_FAILED, error);
    }
    $list.set({ status: 'error', items: [] });
  }

  /** The first read of the page: the list kept in this tab at once, then what changed since it. */
  async function firstLoad(): Promise<void> {
    const userId = $session.get().user?.id;
    if (source.keep && userId !== undefined && held.revision === null) {
      const kept = await readKeptList(source.keep, userId);
      // The first screen is on screen: the whole list is indexed, then shown, each in a task of its own after the
      // first screen is painted, rather than in one long task.
      if (kept && $list.get().firstScreen) await indexApart(kept.items);
      // The session may have ended meanwhile: nothing kept is shown after it.
      if (kept && $session.get().user?.id === userId) show(kept.items, kept.revision, { kept: true, store: false });
    }
    await fetchList();
  }

  const reload = sharedRun(fetchList);
  const load = sharedRun(firstLoad);
  const reloadLatest = latestRun(fetchList);

  onMount($list, () => {
    // The tab's copy is read while the session's refresh is on its way; shown only if it is the user's (firstLoad).
    // Unpacked and indexed in background tasks, after the page's own work (nothing is shown before firstLoad knows
    // the user).
    if (source.keep && held.revision === null && $list.get().status !== 'ready')
      startReadingKeptList(source.keep, (items) => void indexOf(rowsOf(items)));
    const stopSession = $session.subscribe((session) => {
      if (session.status === 'authenticated' && source.isFor(session.user) && $list.get().status !== 'ready') {
        void load();
      }
    });
    // A statement changed anywhere the reader may see (another user, another tab): read what changed, keeping the
    // rows on screen meanwhile (and with them the search, filters, sort and scroll, which live apart).
    const stopLive = $liveChange.listen((change) => {
      if (change?.own) {
        if (source.reloadOnOwnChange) void reload();
        return;
      }
      if (!change || !touchesLists(change) || $list.get().status !== 'ready') return;
      // Missed changes that are no longer kept: read the whole list again.
      if (change.reset) held = { revision: null, items: held.items };
      void reloadLatest();
    });
    return () => {
      stopSession();
      stopLive();
    };
  });

  function showFirstScreen(rows: StatementListItem[]): void {
    const list = $list.get();
    if (held.revision !== null || list.status !== 'loading' || list.items.length > 0) return;
    $list.set({ status: 'loading', items: rows, firstScreen: true });
  }

  return { $list, reload, keep: source.keep, showFirstScreen };
}

/** Rows kept of a view's first screen: more than a tall window shows of the table or the cards. */
const FIRST_SCREEN_ROWS = 40;

/** No day chosen and none known: every day. */
const OPEN_RANGE: DateRange = { start: null, end: null };

/** The index of each list of rows shown (`indexOf`). */
const indexes = new WeakMap<readonly StatementListItem[], ListEntry<StatementListItem>[]>();

/**
 * The index of a list of rows, made once per list: a status change alone (loading while the tab's copy is checked,
 * ready again when nothing changed) keeps the same rows, and the tab's copy is indexed while the session's refresh is
 * on its way (`createStatementList`), not after it.
 */
function indexOf(items: readonly StatementListItem[]): ListEntry<StatementListItem>[] {
  let index = indexes.get(items);
  if (!index) {
    index = indexStatements(items);
    prepareSearch(index);
    indexes.set(items, index);
  }
  return index;
}

/** How a list screen orders its rows: the sort it opens with, and how a sort maps to the creation-date order. */
export interface ListSorting<S> {
  initial: S;
  /** The creation-date order the filters apply (the company's toggle; the table's date column or its default). */
  order: (sort: S) => SortOrder;
  /** Orders the filtered statements further (the table's 'Срок' column); default: as filtered. */
  arrange?: (items: StatementListItem[], sort: S) => StatementListItem[];
}

/** The filters of one list screen and the statements they leave visible. */
export interface ListFilters<S> {
  /** The status the route asks for ('all' for every one). */
  $status: ReadableAtom<StatusFilter>;
  /** The date range in force: the chosen days, else the earliest and latest loaded. */
  $range: ReadableAtom<DateRange>;
  /** The search text as typed. */
  $search: ReadableAtom<string>;
  /** The order in force. */
  $sort: ReadableAtom<S>;
  /** The statements the screen shows, with valid creation dates only, filtered and in order. */
  $visible: ReadableAtom<StatementListItem[]>;
  /** Shows only the statements of a status, or every one ('all'). */
  setStatus: (status: StatusFilter) => void;
  /** Sets the range's first day (null clears it); a start after the end moves the end up. */
  setStart: (start: Date | null) => void;
  /** Sets the range's last day (null clears it); an end before the start moves the start down. */
  setEnd: (end: Date | null) => void;
  /** Sets the search text. */
  setSearch: (query: string) => void;
  /** Sets the order. */
  setSort: (sort: S) => void;
}

/**
 * Status, date range, search and order over a list store, for the company's list and the examiner's tables alike.
 * The index (search keys, days, order) is rebuilt only when the list loads, never per keystroke.
 */
export function createListFilters<S>(list: StatementListStore, sorting: ListSorting<S>): ListFilters<S> {
  const { $list } = list;
  const $index = computed($list, (shown) => indexOf(shown.items));
  const $status = atom<StatusFilter>('all');
  const $choice = atom<RangeChoice>({});
  const $search = atom('');
  const $sort = atom<S>(sorting.initial);
  // A first screen's days are not the list's: the range stays open until the whole list is shown.
  const $firstScreen = computed($list, (shown) => shown.firstScreen === true);
  const $defaultRange = computed([$firstScreen, $index], (first, index) => (first ? OPEN_RANGE : indexRange(index)));
  const $range = computed([$choice, $defaultRange], resolveRange);
  const $visible = computed([$index, $status, $range, $search, $sort], (index, status, range, search, sort) => {
    const items = selectStatements(index, { status, range, search, order: sorting.order(sort) });
    return sorting.arrange ? sorting.arrange(items, sort) : items;
  });

  /** The view a page opens with (its route's status, the first order, no search, every day), else null. */
  const openingView = (): string | null =>
    $search.get() === '' &&
    $choice.get().start === undefined &&
    $choice.get().end === undefined &&
    JSON.stringify($sort.get()) === JSON.stringify(sorting.initial)
      ? $status.get()
      : null;

  // The first screen of the view a page opens with is kept apart from the tab's copy of the list, and shown as soon as
  // the session knows the user, before the whole copy is unpacked (docs/product.md «Live updates»).
  onMount($visible, () => {
    const keep = list.keep;
    if (!keep) return;
    const stopSession = $session.subscribe((session) => {
      const view = openingView();
      const shown = $list.get();
      if (session.status !== 'authenticated' || !session.user || view === null || shown.items.length > 0) return;
      const rows = readFirstScreen(keep, view, session.user.id);
      if (rows) list.showFirstScreen(rows);
    });
    const stopRows = $visible.listen((rows) => {
      const view = openingView();
      const userId = $session.get().user?.id;
      if ($list.get().status === 'ready' && view !== null && userId !== undefined)
        keepFirstScreen(keep, view, userId, rows.slice(0, FIRST_SCREEN_ROWS));
    });
    return () => {
      stopSession();
      stopRows();
    };
  });

  return {
    $status,
    $range,
    $search,
    $sort,
    $visible,
    setStatus: (status) => $status.set(status),
    setStart: (start) => $choice.set(chooseStart($choice.get(), $defaultRange.get(), start)),
    setEnd: (end) => $choice.set(chooseEnd($choice.get(), $defaultRange.get(), end)),
    setSearch: (query) => $search.set(query),
    setSort: (sort) => $sort.set(sort),
  };
}
