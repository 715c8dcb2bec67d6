import { atom, onMount, type ReadableAtom } from 'nanostores';
import type { StatementListItem } from '#domain/contract.ts';
import { computed } from '#stores/prerendered.ts';
import { chooseEnd, chooseStart, type DateRange, type RangeChoice, resolveRange } from '../lib/date-range.ts';
import type { User } from '../lib/roles.ts';
import {
  indexRange,
  indexStatements,
  type SortOrder,
  type StatusFilter,
  selectStatements,
  statementsOf,
} from '../lib/statement-list.ts';
import { $liveChange, touchesLists } from './live.ts';
import { latestRun, sharedRun } from './load.ts';
import { $session } from './session.ts';

/** A statement list as a screen sees it: loading, failed (logged only), or its items. */
export interface StatementList {
  status: 'loading' | 'error' | 'ready';
  items: StatementListItem[];
}

/** Where a list comes from, who may load it, and what else follows a load. */
export interface ListSource {
  /** Loads the list; answers as openapi-fetch does. */
  load: () => Promise<{ data?: unknown; response: Response }>;
  /** True for the users whose list this is (others would get 403). */
  isFor: (user: User | null) => boolean;
  /** The items of a successful answer (default: the array as it came; anything else is an empty list). */
  pick?: (data: unknown) => StatementListItem[];
  /** Told the items of every successful load. */
  onLoaded?: (items: StatementListItem[]) => void;
  /** Reloads, while watched, whenever this store changes (the user changed a statement on this page). */
  reloadOn?: ReadableAtom<unknown>;
}

/** This failure is only logged (docs/product.md «Failures that are only logged»). */
const LOAD_FAILED = 'Could not load statements';

/**
 * A list store that loads once it has a subscriber and the session belongs to the right user; later subscribers
 * share the loaded items until `reload` (concurrent reloads share one request).
 */
export function createStatementList(source: ListSource): {
  $list: ReadableAtom<StatementList>;
  reload: () => Promise<void>;
} {
  const $list = atom<StatementList>({ status: 'loading', items: [] });
  const pick = source.pick ?? statementsOf;

  async function fetchList(): Promise<void> {
    $list.set({ status: 'loading', items: $list.get().items });
    try {
      const { data, response } = await source.load();
      if (response.ok) {
        const items = pick(data);
        $list.set({ status: 'ready', items });
        source.onLoaded?.(items);
        return;
      }
      console.error(LOAD_FAILED, response.status);
    } catch (error) {
      console.error(LOAD_FAILED, error);
    }
    $list.set({ status: 'error', items: [] });
  }

  const reload = sharedRun(fetchList);
  const reloadLatest = latestRun(fetchList);

  onMount($list, () => {
    const stopSession = $session.subscribe((session) => {
      if (session.status === 'authenticated' && source.isFor(session.user) && $list.get().status !== 'ready') {
        void reload();
      }
    });
    const stopChanges = source.reloadOn?.listen(() => void reload());
    // A statement changed anywhere the reader may see (another user, another tab): read the list again, keeping
    // the rows on screen meanwhile (and with them the search, filters, sort and scroll, which live apart).
    const stopLive = $liveChange.listen((change) => {
      if (change && touchesLists(change) && $list.get().status === 'ready') void reloadLatest();
    });
    return () => {
      stopSession();
      stopChanges?.();
      stopLive();
    };
  });

  return { $list, reload };
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
export function createListFilters<S>($list: ReadableAtom<StatementList>, sorting: ListSorting<S>): ListFilters<S> {
  const $index = computed($list, (list) => indexStatements(list.items));
  const $status = atom<StatusFilter>('all');
  const $choice = atom<RangeChoice>({});
  const $search = atom('');
  const $sort = atom<S>(sorting.initial);
  const $defaultRange = computed($index, indexRange);
  const $range = computed([$choice, $defaultRange], resolveRange);
  const $visible = computed([$index, $status, $range, $search, $sort], (index, status, range, search, sort) => {
    const items = selectStatements(index, { status, range, search, order: sorting.order(sort) });
    return sorting.arrange ? sorting.arrange(items, sort) : items;
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
