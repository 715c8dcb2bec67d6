import { isCompanyUser } from '#lib/roles.ts';
import { api } from '#stores/api.ts';
import { countFromList, reloadStatementCounters } from '../counters.ts';
import { DEFAULT_SORT_ORDER, type SortOrder } from '../lib/list-index.ts';
import {
  createListFilters,
  createStatementList,
  LIST_HEADERS,
  type StatementList,
  sinceParams,
} from './statement-list.ts';

export type { StatementList };

const company = createStatementList({
  load: (since) => api.GET('/api/statements', { ...sinceParams(since), headers: LIST_HEADERS }),
  isFor: isCompanyUser,
  keep: 'company',
  // The company's whole list is the company sidebar's scope: its counts come with it.
  onLoaded: countFromList,
});

/** The company's statements (GET /api/statements), loaded when first watched. */
export const $companyStatements = company.$list;
/** Reloads the company's statements and the sidebar's counts with them (the list's reload button, a retry). */
export const reloadCompanyStatements = (): Promise<unknown> =>
  Promise.all([company.reload(), reloadStatementCounters()]);

const companyView = createListFilters(company, {
  initial: DEFAULT_SORT_ORDER as SortOrder,
  order: (order) => order,
});

/** The company list's status filter, set from the route (a status on a filter page, 'all' on the list's home). */
export const $companyStatusFilter = companyView.$status;
/** The company list's date range in force: the chosen days, else the earliest and latest loaded. */
export const $companyDateRange = companyView.$range;
/** The company list's search text as typed. */
export const $companySearch = companyView.$search;
/** The company list's order by creation date; newest first until toggled. */
export const $companySortOrder = companyView.$sort;
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
export const toggleCompanySortOrder = (): void =>
  companyView.setSort(companyView.$sort.get() === 'newest' ? 'oldest' : 'newest');
