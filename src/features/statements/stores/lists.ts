import { atom, computed, type ReadableAtom } from 'nanostores';
import { api, QUIET } from '../../../lib/api/client.ts';
import { chooseEnd, chooseStart, type DateRange, type RangeChoice, resolveRange } from '../../../lib/date-range.ts';
import { isCompanyUser } from '../../../lib/roles.ts';
import {
  DEFAULT_SORT_ORDER,
  indexRange,
  indexStatements,
  type SortOrder,
  type StatusFilter,
  selectStatements,
} from '../../../lib/statement-list.ts';
import { countFromList, reloadStatementCounters } from '../../../stores/statement-counters.ts';
import { createStatementList, type StatementList } from '../../../stores/statement-list.ts';

export type { StatementList };

const company = createStatementList({
  load: () => api.GET('/api/statements', { headers: QUIET }),
  isFor: isCompanyUser,
  // The company's whole list is the company sidebar's scope: its counts come with it.
  onLoaded: countFromList,
});

/** The company's statements (GET /api/statements), loaded when first watched. */
export const $companyStatements = company.$list;
/** Reloads the company's statements and the sidebar's counts with them (the list's reload button, a retry). */
export const reloadCompanyStatements = (): Promise<unknown> =>
  Promise.all([company.reload(), reloadStatementCounters()]);

/**
 * The filters of one list screen over a list store: status (from the route), date range, search and sort, and the
 * visible statements computed from them. The index (search keys, days, order) is rebuilt only when the list loads.
 */
function createListView($list: ReadableAtom<StatementList>) {
  const $index = computed($list, (list) => indexStatements(list.items));
  const $status = atom<StatusFilter>('all');
  const $choice = atom<RangeChoice>({});
  const $search = atom('');
  const $order = atom<SortOrder>(DEFAULT_SORT_ORDER);
  const $defaultRange = computed($index, indexRange);
  const $range = computed([$choice, $defaultRange], resolveRange);
  const $visible = computed([$index, $status, $range, $search, $order], (index, status, range, search, order) =>
    selectStatements(index, { status, range, search, order }),
  );
  return {
    $status: $status as ReadableAtom<StatusFilter>,
    $range: $range as ReadableAtom<DateRange>,
    $search: $search as ReadableAtom<string>,
    $order: $order as ReadableAtom<SortOrder>,
    $visible,
    setStatus: (status: StatusFilter) => $status.set(status),
    setStart: (start: Date | null) => $choice.set(chooseStart($choice.get(), $defaultRange.get(), start)),
    setEnd: (end: Date | null) => $choice.set(chooseEnd($choice.get(), $defaultRange.get(), end)),
    setSearch: (query: string) => $search.set(query),
    toggleOrder: () => $order.set($order.get() === 'newest' ? 'oldest' : 'newest'),
  };
}

const companyView = createListView(company.$list);

/** The company list's status filter, set from the route (a status on a filter page, 'all' on the list's home). */
export const $companyStatusFilter = companyView.$status;
/** The company list's date range in force: the chosen days, else the earliest and latest loaded (spec §5). */
export const $companyDateRange = companyView.$range;
/** The company list's search text as typed. */
export const $companySearch = companyView.$search;
/** The company list's order by creation date; newest first until toggled. */
export const $companySortOrder = companyView.$order;
/** The company statements the list shows: filtered by status, range and search, in the chosen order. */
export const $visibleCompanyStatements = companyView.$visible;
/** Shows only the statements of a status, or every one ('all'). */
export const setCompanyStatusFilter = companyView.setStatus;
/** Sets the range's first day (null clears it); a start after the end moves the end up. */
export const setCompanyRangeStart = companyView.setStart;
/** Sets the range's last day (null clears it); an end before the start moves the start down. */
export const setCompanyRangeEnd = companyView.setEnd;
/** Sets the search text. */
export const setCompanySearch = companyView.setSearch;
/** Switches between newest first and oldest first. */
export const toggleCompanySortOrder = companyView.toggleOrder;
