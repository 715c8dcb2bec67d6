import { atom, onMount, type ReadableAtom } from 'nanostores';
import type { AppealsRegisterItem } from '#domain/contract.ts';
import { QUIET } from '#lib/api/client.ts';
import { isHeadUser } from '#lib/roles.ts';
import { api } from '#stores/api.ts';
import { dataOf, latestRun } from '#stores/load.ts';
import { computed } from '#stores/prerendered.ts';
import { $session } from '#stores/session.ts';
import { $liveChange, touchesLists } from '../../live/changes.ts';
import { openFirst } from '../lib/appeal-rules.ts';

/** Who may see the register: not known yet, the committee's head, or anyone else (refused). */
export type RegisterAccess = 'checking' | 'head' | 'refused';

/** Whether the signed-in user is the committee's head; the page shows the portal's refusal to anyone else. */
export const $registerAccess: ReadableAtom<RegisterAccess> = computed($session, (session) => {
  if (session.status !== 'authenticated') return 'checking';
  return isHeadUser(session.user) ? 'head' : 'refused';
});

/** The register as the page and the sidebar see it: loading, failed, or the appeals with the open ones counted. */
export interface RegisterState {
  status: 'loading' | 'error' | 'ready';
  items: readonly AppealsRegisterItem[];
  /** Appeals still waiting for the head's answer. */
  open: number;
}

const $state = atom<RegisterState>({ status: 'loading', items: [], open: 0 });

/**
 * GET /api/instance/appeals: loaded for the head when the register's page first watches it, again when a statement
 * changes anywhere (the sidebar's count comes from the counters, not from here).
 */
export const $appealsRegister: ReadableAtom<RegisterState> = $state;

/** The register's rows: open appeals first by due date, then the answered ones. */
export const $registerRows: ReadableAtom<AppealsRegisterItem[]> = computed($state, (state) => openFirst(state.items));

/** Loads the register again, keeping the one on screen meanwhile. */
export const reloadAppealsRegister = latestRun(async () => {
  const register = await dataOf(() => api.GET('/api/instance/appeals', { headers: QUIET }));
  if (register) $state.set({ status: 'ready', items: register.items, open: register.open });
  else if ($state.get().status !== 'ready') $state.set({ ...$state.get(), status: 'error' });
});

onMount($state, () => {
  const stopSession = $registerAccess.subscribe((access) => {
    if (access === 'head' && $state.get().status !== 'ready') void reloadAppealsRegister();
  });
  // An appeal filed or answered is a change of its statement: the stream tells every head's tab.
  const stopLive = $liveChange.listen((change) => {
    if (change && touchesLists(change) && $registerAccess.get() === 'head') void reloadAppealsRegister();
  });
  return () => {
    stopSession();
    stopLive();
  };
});
