import { atom, onMount, type ReadableAtom } from 'nanostores';
import type { StatementListItem } from '#domain/contract.ts';
import { isExaminer } from '#lib/roles.ts';
import { api } from '#stores/api.ts';
import { recordExport } from '#stores/personal-data-exports.ts';
import { showToast } from '#stores/toasts.ts';
import { EXPORT_COLUMNS, tableTexts } from '../components/table/texts.ts';
import { countFromList } from '../counters.ts';
import { statementsOf } from '../lib/list-index.ts';
import {
  creationOrder,
  DEFAULT_TABLE_SORT,
  exportCells,
  exportFileName,
  nextSort,
  sortStatements,
  statementsInWork,
  type TableSort,
  type TableSortKey,
} from '../lib/statement-table.ts';
import {
  createListFilters,
  createStatementList,
  LIST_HEADERS,
  type ListFilters,
  type StatementList,
  sinceParams,
} from './statement-list.ts';

/** The statements behind a table: loading, failed (logged only), or loaded. */
export type TableList = StatementList;

/** Where a table's statements come from: every statement in work, or the examiner's own. */
export type TableSource = 'all' | 'mine';

/** One table's statements, its filters (status, date range, search, order) and the rows they leave visible. */
export interface StatementTable extends ListFilters<TableSort> {
  /** The loaded statements; loaded when first watched, again after the user changes a statement. */
  $list: ReadableAtom<TableList>;
  /** Loads the statements again; concurrent calls share one request. */
  reload: () => Promise<void>;
  /** Orders by a column ('Дата подачи' or 'Срок'); the column already in force turns round. */
  sortBy: (key: TableSortKey) => void;
  /** True while the export prepares its file. */
  $exporting: ReadableAtom<boolean>;
  /** Saves the rows shown (after filters, search and order) as 'zayavleniya-YYYY-MM-DD.csv' for Excel. */
  exportCsv: () => Promise<void>;
}

function createTable(
  keep: string,
  load: (since?: string) => Promise<{ data?: unknown; response: Response }>,
  pick: (data: unknown) => StatementListItem[],
  onLoaded?: (items: StatementListItem[]) => void,
): StatementTable {
  // Loaded when first watched and an examiner is signed in; again after the user changes a statement here.
  const list = createStatementList({
    load,
    isFor: isExaminer,
    pick,
    onLoaded,
    reloadOnOwnChange: true,
    keep,
  });

  const { $list, reload } = list;
  const filters = createListFilters(list, {
    initial: DEFAULT_TABLE_SORT,
    order: creationOrder,
    arrange: sortStatements,
  });
  const { $visible } = filters;
  const $exporting = atom(false);

  async function exportCsv(): Promise<void> {
    if ($exporting.get()) return;
    $exporting.set(true);
    const now = Date.now();
    const rows = $visible.get().map((statement) => exportCells(statement, now));
    try {
      // The access log records the export first; unrecorded, no file is saved.
      if (!(await recordExport('statements', rows.length))) throw new Error('the export was not recorded');
      // papaparse is loaded only when someone exports: it stays out of the table's first load.
      const { saveCsv, toCsv } = await import('#lib/csv.ts');
      saveCsv(toCsv(EXPORT_COLUMNS, rows), exportFileName(new Date(now)));
    } catch (error) {
      console.error(error);
      showToast('error', tableTexts.exportFailed);
    } finally {
      $exporting.set(false);
    }
  }

  return {
    ...filters,
    $list,
    $exporting,
    reload,
    sortBy: (key) => filters.setSort(nextSort(filters.$sort.get(), key)),
    exportCsv,
  };
}

/** Every statement in work (GET /api/instance/all/statements without the sent ones): /instance/all. */
export const inWorkTable = createTable(
  'instance-all',
  (since) => api.GET('/api/instance/all/statements', { ...sinceParams(since), headers: LIST_HEADERS }),
  statementsInWork,
);

/** The statements assigned to the signed-in examiner (GET /api/instance/me/statements): /instance/filter/{filter}. */
export const myStatementsTable = createTable(
  'instance-mine',
  (since) => api.GET('/api/instance/me/statements', { ...sinceParams(since), headers: LIST_HEADERS }),
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
