import { atom, onMount, type ReadableAtom } from 'nanostores';
import type { TeamWorkload } from '#domain/contract.ts';
import { QUIET } from '#lib/api/client.ts';
import { isHeadUser } from '#lib/roles.ts';
import { api } from '#stores/api.ts';
import { dataOf, latestRun } from '#stores/load.ts';
import { computed } from '#stores/prerendered.ts';
import { $session } from '#stores/session.ts';
import { $liveChange, touchesLists } from '../../live/changes.ts';

/** Who may see the team's workload: not known yet, the committee's head, or anyone else (refused). */
export type TeamAccess = 'checking' | 'head' | 'refused';

/** Whether the signed-in user is the committee's head; the page shows the portal's refusal to anyone else. */
export const $teamAccess: ReadableAtom<TeamAccess> = computed($session, (session) => {
  if (session.status !== 'authenticated') return 'checking';
  return isHeadUser(session.user) ? 'head' : 'refused';
});

/** The team's workload as the page sees it: loading, failed, or the figures. */
export interface TeamState {
  status: 'loading' | 'error' | 'ready';
  team: TeamWorkload | null;
}

const $state = atom<TeamState>({ status: 'loading', team: null });

/** GET /api/instance/team: loaded for the head when first watched, again when a statement changes anywhere. */
export const $team: ReadableAtom<TeamState> = $state;

/** Loads the figures again, keeping the ones on screen meanwhile. */
export const reloadTeam = latestRun(async () => {
  const team = await dataOf(() => api.GET('/api/instance/team', { headers: QUIET }));
  if (team) $state.set({ status: 'ready', team });
  else if ($state.get().team === null) $state.set({ status: 'error', team: null });
});

onMount($state, () => {
  const stopSession = $teamAccess.subscribe((access) => {
    if (access === 'head' && $state.get().status !== 'ready') void reloadTeam();
  });
  const stopLive = $liveChange.listen((change) => {
    if (change && touchesLists(change) && $teamAccess.get() === 'head') void reloadTeam();
  });
  return () => {
    stopSession();
    stopLive();
  };
});
