import { atom } from 'nanostores';
import type { User } from '#domain/contract.ts';
import { computed } from '#stores/prerendered.ts';
import { logout, refreshAccessToken, refreshedUser } from '../lib/api/session-core.ts';
import { isHeadUser, isOwnerUser } from '../lib/roles.ts';
import { removeKeptLists } from './kept-lists.ts';

/** Where the session stands: not checked yet, being checked, known user, nobody, or the profile failed to load. */
export type SessionStatus = 'idle' | 'loading' | 'authenticated' | 'anonymous' | 'error';

/** The session of this page. */
export interface Session {
  status: SessionStatus;
  user: User | null;
}

/** Toast shown when the profile cannot be loaded (docs/product.md «Error texts»). */
const PROFILE_LOAD_FAILED = 'Не удалось загрузить данные пользователя';

/** Session of the current page: status and the signed-in user. */
export const $session = atom<Session>({ status: 'idle', user: null });

// Nobody signed in (logout in any tab, an expired session): the lists this tab kept go with the session. Only their
// storage here: list-keep.ts (with the columns codec, loaded with a list) drops its reads and pending copies itself.
$session.listen((session) => {
  if (session.status === 'anonymous') removeKeptLists();
});

/** The signed-in user, or null. */
export const $user = computed($session, (session) => session.user);

/** True once the start-up check has finished: a known user, nobody, or a profile that failed to load. */
export const $sessionSettled = computed(
  $session,
  (session) => session.status !== 'idle' && session.status !== 'loading',
);

/** True for a company owner. */
export const $isOwner = computed($user, (user) => isOwnerUser(user));
/** True for the committee's head (assigning, the team's workload, the report on terms). */
export const $isHead = computed($user, (user) => isHeadUser(user));

let started: Promise<void> | null = null;

/**
 * The typed API client, loaded when a profile is first asked for. The start-up check itself is a refresh only
 * (session-core.ts), so a page where nobody is signed in (the login page) does not load the typed client up front;
 * on every cabinet page the client is already among the page's modules and this resolves at once.
 */
const loadApi = () => import('./api.ts').then((module) => module.api);

/**
 * Starts the session once per page: a silent token refresh, whose answer carries the user (one call);
 * the profile is asked for separately only when a refresh answer lacks it. Later calls share the first run.
 */
export function initSession(): Promise<void> {
  if (!started) started = startSession();
  return started;
}

async function startSession(): Promise<void> {
  $session.set({ status: 'loading', user: null });
  const refreshed = await refreshAccessToken();
  if (!refreshed) {
    $session.set({ status: 'anonymous', user: null });
    return;
  }
  const user = refreshedUser();
  if (user) $session.set({ status: 'authenticated', user });
  else await loadCurrentUser();
}

/** Loads the signed-in user from GET /api/users/me into the session. */
export async function loadCurrentUser(): Promise<void> {
  $session.set({ status: 'loading', user: $session.get().user });
  try {
    const api = await loadApi();
    const { data, response } = await api.GET('/api/users/me');
    if (data) {
      $session.set({ status: 'authenticated', user: data });
      return;
    }
    if (response.status === 401) {
      $session.set({ status: 'anonymous', user: null });
      return;
    }
  } catch {
    // network failure or timeout: reported below like any other failure
  }
  $session.set({ status: 'error', user: null });
  await showToastLater('error', PROFILE_LOAD_FAILED);
}

/**
 * showToast of toasts.ts, loaded when first needed: the session's start-up check shows a toast only when it fails, and
 * the login page (its initial JS budget) has no other use for the toasts store; on a cabinet page it is already loaded.
 */
async function showToastLater(kind: 'error', text: string): Promise<void> {
  try {
    const { showToast } = await import('./toasts.ts');
    showToast(kind, text);
  } catch (error) {
    console.error(text, error);
  }
}

/**
 * Reloads the signed-in user after they changed their own data (settings), without hiding the page: the session
 * stays authenticated, and on failure the user already loaded stays. True when the new profile arrived.
 */
export async function reloadCurrentUser(): Promise<boolean> {
  try {
    const api = await loadApi();
    const { data } = await api.GET('/api/users/me');
    if (data && $session.get().status === 'authenticated') {
      $session.set({ status: 'authenticated', user: data });
      return true;
    }
  } catch {
    // the profile stays as it was; the caller decides what to say
  }
  return false;
}

/** Logs out on the server and in every tab; the client then opens the login page. */
export async function logoutUser(): Promise<void> {
  $session.set({ status: 'loading', user: $session.get().user });
  await logout();
  $session.set({ status: 'anonymous', user: null });
}

/** Forgets the once-per-page start (tests only). */
export function resetSessionForTests(): void {
  started = null;
  $session.set({ status: 'idle', user: null });
}
