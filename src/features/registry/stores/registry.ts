// The public register's page: the query the address holds, the page of decisions the API answered, and the choices of
// the filters. A plain fetch on purpose (no session: the visitor is usually not a portal user).
import { atom } from 'nanostores';
import type { RegistryFacets, RegistryPage } from '#domain/contract.ts';
import { changedQuery, EMPTY_QUERY, parseRegistryQuery, type RegistryQuery, registrySearch } from './registry-query.ts';

/** The register's answer to the current query. */
export type RegistryLoad =
  | { status: 'loading'; previous: RegistryPage | null }
  | { status: 'ready'; page: RegistryPage }
  | { status: 'error'; reason: 'tooMany' | 'failed' };

export const REGISTRY_API = '/api/public/registry';
export const REGISTRY_FACETS_API = '/api/public/registry/facets';
/** The whole public set (open data). */
export const REGISTRY_CSV = '/api/public/registry.csv';
export const REGISTRY_JSON = '/api/public/registry.json';

/** What the visitor asks (the address's query string). */
export const $registryQuery = atom<RegistryQuery>(EMPTY_QUERY);
/** The current page of decisions. */
export const $registry = atom<RegistryLoad>({ status: 'loading', previous: null });
/**
 * Years, categories and work types the filters offer, and the data passport; null until known and 'failed' when the
 * API did not answer (the filters offer «all» only).
 */
export const $registryFacets = atom<RegistryFacets | 'failed' | null>(null);

let controller: AbortController | null = null;

const requestInit: RequestInit = { headers: { accept: 'application/json' }, credentials: 'omit' };

/** Asks the API for the page of the current query; a newer query cancels an older request. */
export async function loadRegistry(): Promise<void> {
  controller?.abort();
  const own = new AbortController();
  controller = own;
  const current = $registry.get();
  const previous = current.status === 'ready' ? current.page : current.status === 'loading' ? current.previous : null;
  $registry.set({ status: 'loading', previous });
  let result: RegistryLoad;
  try {
    const response = await fetch(`${REGISTRY_API}?${registrySearch($registryQuery.get(), { api: true })}`, {
      ...requestInit,
      signal: own.signal,
    });
    if (response.ok) result = { status: 'ready', page: (await response.json()) as RegistryPage };
    else result = { status: 'error', reason: response.status === 429 ? 'tooMany' : 'failed' };
  } catch {
    if (own.signal.aborted) return;
    result = { status: 'error', reason: 'failed' };
  }
  if (controller !== own) return;
  controller = null;
  $registry.set(result);
}

/** Asks for the filters' choices once; without them the filters still work with «all». */
export async function loadRegistryFacets(): Promise<void> {
  try {
    const response = await fetch(REGISTRY_FACETS_API, requestInit);
    if (response.ok) {
      $registryFacets.set((await response.json()) as RegistryFacets);
      return;
    }
  } catch {
    // reported below like any other failure
  }
  // The filters keep offering «all»; the list reports its own failures, the passport says it is unavailable.
  $registryFacets.set('failed');
}

/** The address of the register for a query (the page's own path and the query string). */
function addressOf(query: RegistryQuery): string {
  const search = registrySearch(query);
  return `${typeof location === 'undefined' ? '' : location.pathname}${search ? `?${search}` : ''}`;
}

/** The visitor changed the search, a filter, the sort or the page: a new history entry, then the new page. */
export function changeRegistryQuery(change: Partial<RegistryQuery>): void {
  const next = changedQuery($registryQuery.get(), change);
  if (registrySearch(next) === registrySearch($registryQuery.get())) return;
  $registryQuery.set(next);
  if (typeof history !== 'undefined') history.pushState(null, '', addressOf(next));
  void loadRegistry();
}

/** Follows the address (the first load, Back or Forward): its query, then its page. */
export function followAddress(search: string): void {
  $registryQuery.set(parseRegistryQuery(search));
  void loadRegistry();
}

/** Starts the page: the address's query, the facets, and Back/Forward. Returns what stops listening. */
export function startRegistry(): () => void {
  if (typeof window === 'undefined') return () => {};
  const onPopState = () => followAddress(location.search);
  window.addEventListener('popstate', onPopState);
  followAddress(location.search);
  void loadRegistryFacets();
  return () => window.removeEventListener('popstate', onPopState);
}
