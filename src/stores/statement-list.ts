import { atom, onMount, type ReadableAtom } from 'nanostores';
import type { StatementListItem } from '#domain/contract.ts';
import type { User } from '../lib/roles.ts';
import { $session } from './session.ts';

/** A statement list as a screen sees it: loading, failed (logged only, spec §8), or its items. */
export interface StatementList {
  status: 'loading' | 'error' | 'ready';
  items: StatementListItem[];
}

/** Where a list comes from, who may load it, and what else follows a load. */
export interface ListSource {
  /** Loads the list; answers as openapi-fetch does. */
  load: () => Promise<{ data?: unknown; response: Response }>;
  /** True for the users whose list this is (others would get 403). */
  isFor: (user: User | null) => boolean;
  /** The items of a successful answer (default: the array as it came; anything else is an empty list). */
  pick?: (data: unknown) => StatementListItem[];
  /** Told the items of every successful load. */
  onLoaded?: (items: StatementListItem[]) => void;
  /** Reloads, while watched, whenever this store changes (the user changed a statement on this page). */
  reloadOn?: ReadableAtom<unknown>;
}

/** Spec §8 names this failure in English and only logs it. */
const LOAD_FAILED = 'Could not load statements';

const asItems = (data: unknown): StatementListItem[] => (Array.isArray(data) ? (data as StatementListItem[]) : []);

/**
 * A list store that loads once it has a subscriber and the session belongs to the right user; later subscribers
 * share the loaded items until `reload` (concurrent reloads share one request).
 */
export function createStatementList(source: ListSource): {
  $list: ReadableAtom<StatementList>;
  reload: () => Promise<void>;
} {
  const $list = atom<StatementList>({ status: 'loading', items: [] });
  const pick = source.pick ?? asItems;
  let loading: Promise<void> | null = null;

  async function fetchList(): Promise<void> {
    $list.set({ status: 'loading', items: $list.get().items });
    try {
      const { data, response } = await source.load();
      if (response.ok) {
        const items = pick(data);
        $list.set({ status: 'ready', items });
        source.onLoaded?.(items);
        return;
      }
      console.error(LOAD_FAILED, response.status);
    } catch (error) {
      console.error(LOAD_FAILED, error);
    }
    $list.set({ status: 'error', items: [] });
  }

  function reload(): Promise<void> {
    loading ??= fetchList().finally(() => {
      loading = null;
    });
    return loading;
  }

  onMount($list, () => {
    const stopSession = $session.subscribe((session) => {
      if (session.status === 'authenticated' && source.isFor(session.user) && $list.get().status !== 'ready') {
        void reload();
      }
    });
    const stopChanges = source.reloadOn?.listen(() => void reload());
    return () => {
      stopSession();
      stopChanges?.();
    };
  });

  return { $list, reload };
}
