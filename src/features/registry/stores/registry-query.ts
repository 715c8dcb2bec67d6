// The register's search as the address holds it: parsed from and written to the query string, so a link shares the
// search and Back/Forward return to it (docs/product.md «The public register: what the site shows»).

import type { RegistryQuery as RegistryApiQuery, RegistryOutcome } from '#domain/contract.ts';

/** A decision's outcome as the register lists it. */
export type DecisionOutcome = RegistryOutcome;
/** Sorting by the decision's date: newest first (the default) or oldest first. */
export type RegistrySort = NonNullable<RegistryApiQuery['sort']>;

export const DECISION_OUTCOMES: readonly DecisionOutcome[] = ['approved', 'rejected', 'not_accepted'];
/** The years the API accepts. */
const YEARS = { min: 2000, max: 2100 } as const;
/** Entries per page unless the address says otherwise; the API gives at most 100. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** Longest search text sent to the API. */
export const MAX_QUERY_LENGTH = 200;

/** What the visitor asks the register. */
export interface RegistryQuery {
  query: string;
  outcome: DecisionOutcome | null;
  year: number | null;
  categoryId: number | null;
  workTypeId: number | null;
  sort: RegistrySort;
  page: number;
  pageSize: number;
}

export const EMPTY_QUERY: RegistryQuery = {
  query: '',
  outcome: null,
  year: null,
  categoryId: null,
  workTypeId: null,
  sort: 'date_desc',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

/** A positive whole number of the address, or null for anything else. */
function positive(raw: string | null, max = Number.MAX_SAFE_INTEGER): number | null {
  if (raw === null || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const value = Number(raw);
  return value <= max ? value : null;
}

/** The query of a query string ('?query=…&outcome=…'); anything unknown or malformed falls back to its default. */
export function parseRegistryQuery(search: string): RegistryQuery {
  const params = new URLSearchParams(search);
  const outcome = params.get('outcome');
  const year = positive(params.get('year'), YEARS.max);
  return {
    query: (params.get('query') ?? '').trim().slice(0, MAX_QUERY_LENGTH),
    outcome: DECISION_OUTCOMES.includes(outcome as DecisionOutcome) ? (outcome as DecisionOutcome) : null,
    year: year !== null && year >= YEARS.min ? year : null,
    categoryId: positive(params.get('categoryId')),
    workTypeId: positive(params.get('workTypeId')),
    sort: params.get('sort') === 'date_asc' ? 'date_asc' : 'date_desc',
    page: positive(params.get('page')) ?? 1,
    pageSize: positive(params.get('pageSize'), MAX_PAGE_SIZE) ?? DEFAULT_PAGE_SIZE,
  };
}

/**
 * The query string (without '?') of a query: only what differs from the defaults, in one fixed order, so one search
 * has one address. `api` adds the defaults the API needs (page, pageSize, sort) too.
 */
export function registrySearch(query: RegistryQuery, { api = false } = {}): string {
  const params = new URLSearchParams();
  const text = query.query.trim();
  if (text) params.set('query', text);
  if (query.outcome) params.set('outcome', query.outcome);
  if (query.year !== null) params.set('year', String(query.year));
  if (query.categoryId !== null) params.set('categoryId', String(query.categoryId));
  if (query.workTypeId !== null) params.set('workTypeId', String(query.workTypeId));
  if (api || query.sort !== EMPTY_QUERY.sort) params.set('sort', query.sort);
  if (api || query.page !== 1) params.set('page', String(query.page));
  if (api || query.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(query.pageSize));
  return params.toString();
}

/**
 * The query after the visitor changed part of it: a new search or filter starts again from the first page; only a
 * change of page keeps the rest.
 */
export function changedQuery(current: RegistryQuery, change: Partial<RegistryQuery>): RegistryQuery {
  const next = { ...current, ...change };
  if (change.page === undefined) next.page = 1;
  return next;
}

/** Number of pages for a total (at least one, so an empty result reads «Страница 1 из 1»). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** True when the query narrows the register (a search or a filter), so an empty answer means «nothing matches». */
export function isNarrowed(query: RegistryQuery): boolean {
  return (
    query.query.trim() !== '' ||
    query.outcome !== null ||
    query.year !== null ||
    query.categoryId !== null ||
    query.workTypeId !== null
  );
}
