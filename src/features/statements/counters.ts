import { atom, onMount } from 'nanostores';
import type { StatementCounters } from '#domain/contract.ts';
import { countStatuses, type StatusCounters } from '#domain/statuses.ts';
import { QUIET } from '#lib/api/client.ts';
import { isReviewer } from '#lib/roles.ts';
import { tabStorage } from '#lib/tab-storage.ts';
import { api } from '#stores/api.ts';
import { computed } from '#stores/prerendered.ts';
import { $session } from '#stores/session.ts';
import { $liveChange, touchesLists } from '../live/changes.ts';
import { countOverdue, type Terms } from './lib/overdue.ts';

const ZERO: StatementCounters = {
  sent: 0,
  under_review: 0,
  has_comments: 0,
  approved: 0,
  rejected: 0,
  not_accepted: 0,
  withdrawn: 0,
  total: 0,
  overdue: 0,
};

/**
 * A failed statement load is only logged (docs/product.md «Failures that are only logged»); the counters then stay as
 * they were.
 */
const LOAD_FAILED = 'Could not load statements';

/** The counts, or null until they are known: a sidebar then shows no count rather than a '0' it does not know. */
const $counters = atom<StatementCounters | null>(null);
let loaded = false;
let loading: Promise<void> | null = null;
let again = false;

/**
 * The last counts are kept in this tab's sessionStorage for a minute, with the user they belong to, so that opening a
 * statement from a list draws the sidebar without a call of its own (one call for the page's data). Only
 * numbers are kept; the access token never leaves memory.
 */
export const COUNTERS_CACHE_KEY = 'portal-statement-counters';
const CACHE_MAX_AGE_MS = 60_000;

interface CachedCounters {
  userId: number;
  at: number;
  counters: StatementCounters;
}

function readCache(userId: number): StatementCounters | null {
  try {
    const cached = JSON.parse(tabStorage()?.getItem(COUNTERS_CACHE_KEY) ?? 'null') as CachedCounters | null;
    const age = cached ? Date.now() - cached.at : Number.POSITIVE_INFINITY;
    return cached?.userId === userId && age >= 0 && age < CACHE_MAX_AGE_MS ? { ...ZERO, ...cached.counters } : null;
  } catch {
    return null;
  }
}

function keep(counters: StatementCounters): void {
  loaded = true;
  $counters.set(counters);
  const userId = $session.get().user?.id;
  if (userId === undefined) return;
  try {
    tabStorage()?.setItem(
      COUNTERS_CACHE_KEY,
      JSON.stringify({ userId, at: Date.now(), counters } satisfies CachedCounters),
    );
  } catch {
    // a full or disabled storage only costs a call on the next page
  }
}

/** When counts were last taken from a list on screen (performance.now()): a counters answer asked before it is older. */
let countedFromListAt = Number.NEGATIVE_INFINITY;

async function fetchCounters(): Promise<void> {
  const asked = performance.now();
  try {
    const { data, response } = await api.GET('/api/users/me/counters', { headers: QUIET });
    if (data) {
      // The list on screen arrived while this was under way: the sidebar keeps agreeing with it.
      if (countedFromListAt < asked) keep(data);
      return;
    }
    console.error(LOAD_FAILED, response.status);
  } catch (error) {
    console.error(LOAD_FAILED, error);
  }
}

/**
 * Reloads the sidebar's counts (GET /api/users/me/counters). A reload asked for while one runs runs once more after
 * it, so a change made meanwhile is never answered with the counts from before it.
 */
export function reloadStatementCounters(): Promise<void> {
  if (loading) {
    again = true;
    return loading;
  }
  loading = (async () => {
    do {
      again = false;
      await fetchCounters();
    } while (again);
  })().finally(() => {
    loading = null;
  });
  return loading;
}

// Loaded when a sidebar first shows them and the session is known: one small call instead of a whole list on every
// page; reloaded whenever this user changes a statement (taking it into work, replying).
onMount($counters, () => {
  const stopSession = $session.subscribe((session) => {
    // An outside body's staff member has no statements of their own: their count is the conclusions'.
    if (session.status !== 'authenticated' || !session.user || isReviewer(session.user) || loaded) return;
    const cached = readCache(session.user.id);
    if (cached) {
      loaded = true;
      $counters.set(cached);
    } else void reloadStatementCounters();
  });
  const stopLive = $liveChange.listen((change) => {
    if (change && touchesLists(change)) void reloadStatementCounters();
  });
  return () => {
    stopSession();
    stopLive();
  };
});

/**
 * Counts taken from a whole list of the counters' scope just loaded (the company's list, the examiner's own): the
 * sidebar then agrees with the list on screen, and the next page finds them fresh.
 */
export function countFromList(items: ReadonlyArray<{ status: unknown } & Terms>): void {
  countedFromListAt = performance.now();
  // A list of statements says nothing about appeals: the head's count stays as the server gave it (read without
  // `get()`, which would mount the counters and call the server).
  const openAppeals = $counters.value?.openAppeals;
  const news = $counters.value?.news;
  keep({
    ...countStatuses(items),
    overdue: countOverdue(items),
    ...(news === undefined ? {} : { news }),
    ...(openAppeals === undefined ? {} : { openAppeals }),
  });
}

/**
 * The intake queue's count taken from 'Новые заявления' just loaded from the server, so the sidebar agrees with the
 * list on screen; nothing until the counters are known (read without `get()`, which would call the server).
 */
export function countNewsFromList(count: number): void {
  const counters = $counters.value;
  if (counters?.news !== undefined && counters.news !== count) keep({ ...counters, news: count });
}

const statusCounters = ({ overdue: _overdue, openAppeals: _appeals, news: _news, ...counters }: StatementCounters) =>
  counters satisfies StatusCounters;

/** No count is known yet. */
const UNKNOWN: Partial<StatusCounters> = {};

/**
 * A sidebar's statement counts per status and their total (docs/product.md «Counters»): the company's statements, or
 * the examiner's own; none until loaded (and none after a failed first load).
 */
export const $statusCounters = computed(
  $counters,
  (counters): Partial<StatusCounters> => (counters ? statusCounters(counters) : UNKNOWN),
);

/**
 * How many of the examiner's own statements are past their review term (docs/product.md «Deadlines and history»);
 * undefined until loaded.
 */
export const $examinerOverdue = computed($counters, (counters) => counters?.overdue);

/**
 * The head's count beside the sidebar's 'Жалобы': the appeals waiting for an answer, from the same counters answer
 * (the register itself is read only on its page); undefined until loaded, and for anyone but a head.
 */
export const $openAppeals = computed($counters, (counters) => counters?.openAppeals);

/**
 * The examiner's count beside the sidebar's 'Новые заявления': the committee's statements waiting for the intake
 * check, from the same counters answer; undefined until loaded, and for company users.
 */
export const $newsCount = computed($counters, (counters) => counters?.news);

/** Forgets the loaded counts (tests only). */
export function resetCountersForTests(): void {
  loaded = false;
  again = false;
  countedFromListAt = Number.NEGATIVE_INFINITY;
  $counters.set(null);
  tabStorage()?.removeItem(COUNTERS_CACHE_KEY);
}
