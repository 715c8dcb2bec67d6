import { atom, computed, onMount, type ReadableAtom } from 'nanostores';
import type { StatementListItem } from '#domain/contract.ts';
import { api, QUIET } from '../../../lib/api/client.ts';
import { chooseEnd, chooseStart, type DateRange, type RangeChoice, resolveRange } from '../../../lib/date-range.ts';
import { isInstanceUser } from '../../../lib/roles.ts';
import { indexRange, indexStatements, type StatusFilter, selectStatements } from '../../../lib/statement-list.ts';
import {
  creationOrder,
  DEFAULT_TABLE_SORT,
  exportCells,
  exportFileName,
  nextSort,
  sortStatements,
  statementsInWork,
  statementsOf,
  type TableSort,
  type TableSortKey,
  tableRow,
} from '../../../lib/statement-table.ts';
import { $statementChanges } from '../../../stores/statement-changes.ts';
import { countFromList } from '../../../stores/statement-counters.ts';
import { createStatementList, type StatementList } from '../../../stores/statement-list.ts';
import { showToast } from '../../../stores/toasts.ts';
import { COLUMNS, tableTexts } from '../components/table/texts.ts';

/** The statements behind a table: loading, failed (logged only, spec §8), or loaded. */
export type TableList = StatementList;

/** Where a table's statements come from: every statement in work, or the examiner's own. */
export type TableSource = 'all' | 'mine';

/** One table's statements, its filters (status, date range, search, order) and the rows they leave visible. */
export interface StatementTable {
  /** The loaded statements; loaded when first watched, again after the user changes a statement. */
  $list: ReadableAtom<TableList>;
  /** The status the route asks for ('all' for every one). */
  $status: ReadableAtom<StatusFilter>;
  /** The date range in force: the chosen days, else the earliest and latest loaded (spec §5). */
  $range: ReadableAtom<DateRange>;
  /** The search text as typed. */
  $search: ReadableAtom<string>;
  /** The column the rows are ordered by and its direction; by creation date, newest first, until changed (spec §9). */
  $sort: ReadableAtom<TableSort>;
  /** The statements the table shows, with valid creation dates only, filtered and in order. */
  $visible: ReadableAtom<StatementListItem[]>;
  /** Loads the statements again; concurrent calls share one request. */
  reload: () => Promise<void>;
  /** Shows only the statements of a status, or every one ('all'). */
  setStatus: (status: StatusFilter) => void;
  /** Sets the range's first day (null clears it); a start after the end moves the end up (spec §5). */
  setStart: (start: Date | null) => void;
  /** Sets the range's last day (null clears it); an end before the start moves the start down (spec §5). */
  setEnd: (end: Date | null) => void;
  /** Sets the search text. */
  setSearch: (query: string) => void;
  /** Orders by a column ('Дата подачи' or 'Срок'); the column already in force turns round. */
  sortBy: (key: TableSortKey) => void;
  /** True while the export prepares its file. */
  $exporting: ReadableAtom<boolean>;
  /** Saves the rows shown (after filters, search and order) as 'zayavleniya-YYYY-MM-DD.csv' for Excel. */
  exportCsv: () => Promise<void>;
}

function createTable(
  load: () => Promise<{ data?: unknown; response: Response }>,
  pick: (data: unknown) => StatementListItem[],
  onLoaded?: (items: StatementListItem[]) => void,
): StatementTable {
  // Loaded when first watched and an examiner is signed in; again after the user changes a statement here.
  const { $list, reload } = createStatementList({
    load,
    isFor: isInstanceUser,
    pick,
    onLoaded,
    reloadOn: $statementChanges,
  });

  // The index (search keys, days, order) is rebuilt only when the statements load, never per keystroke.
  const $index = computed($list, (list) => indexStatements(list.items));
  const $status = atom<StatusFilter>('all');
  const $choice = atom<RangeChoice>({});
  const $search = atom('');
  const $sort = atom<TableSort>(DEFAULT_TABLE_SORT);
  const $exporting = atom(false);
  const $defaultRange = computed($index, indexRange);
  const $range = computed([$choice, $defaultRange], resolveRange);
  const $visible = computed([$index, $status, $range, $search, $sort], (index, status, range, search, sort) =>
    sortStatements(selectStatements(index, { status, range, search, order: creationOrder(sort) }), sort),
  );

  async function exportCsv(): Promise<void> {
    if ($exporting.get()) return;
    $exporting.set(true);
    const now = Date.now();
    const rows = $visible.get().map((statement) => exportCells(tableRow(statement, now)));
    try {
      // papaparse is loaded only when someone exports: it stays out of the table's first load.
      const { saveCsv, toCsv } = await import('../../../lib/csv.ts');
      saveCsv(toCsv(COLUMNS, rows), exportFileName(new Date(now)));
    } catch (error) {
      console.error(error);
      showToast('error', tableTexts.exportFailed);
    } finally {
      $exporting.set(false);
    }
  }

  return {
    $list,
    $status,
    $range,
    $search,
    $sort,
    $visible,
    $exporting,
    reload,
    setStatus: (status) => $status.set(status),
    setStart: (start) => $choice.set(chooseStart($choice.get(), $defaultRange.get(), start)),
    setEnd: (end) => $choice.set(chooseEnd($choice.get(), $defaultRange.get(), end)),
    setSearch: (query) => $search.set(query),
    sortBy: (key) => $sort.set(nextSort($sort.get(), key)),
    exportCsv,
  };
}

/** Every statement in work (GET /api/instance/all/statements without the sent ones): /instance/all. */
export const inWorkTable = createTable(
  () => api.GET('/api/instance/all/statements', { headers: QUIET }),
  statementsInWork,
);

/** The statements assigned to the signed-in examiner (GET /api/instance/me/statements): /instance/filter/{filter}. */
export const myStatementsTable = createTable(
  () => api.GET('/api/instance/me/statements', { headers: QUIET }),
  statementsOf,
  // The examiner's whole own list is the sidebar's scope: its counts come with it.
  countFromList,
);

/** The table of a source. */
export const statementTables: Readonly<Record<TableSource, StatementTable>> = {
  all: inWorkTable,
  mine: myStatementsTable,
};

/** How often 'Время в статусе' moves on: its smallest unit is a minute. */
const CLOCK_TICK_MS = 60_000;

const $clock = atom(Date.now());

/** The time 'Время в статусе' is counted to; ticks every minute while a table watches it. */
export const $now: ReadableAtom<number> = $clock;

onMount($clock, () => {
  $clock.set(Date.now());
  const timer = setInterval(() => $clock.set(Date.now()), CLOCK_TICK_MS);
  return () => clearInterval(timer);
});
