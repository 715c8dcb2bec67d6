import { atom, onMount, type ReadableAtom } from 'nanostores';
import { api, QUIET } from '../../../lib/api/client.ts';
import type { Statement } from '../../../lib/api/types.ts';
import { isCompanyUser, isInstanceUser, type User } from '../../../lib/roles.ts';
import { $session } from '../../../stores/session.ts';

/** A statement list as a screen sees it: loading, failed (logged only, spec §8), or its items. */
export interface StatementList {
  status: 'loading' | 'error' | 'ready';
  items: Statement[];
}

/** Where a list comes from and who may load it. */
interface ListSource {
  /** Loads the list; answers as openapi-fetch does. */
  load: () => Promise<{ data?: Statement[]; response: Response }>;
  /** True for the users whose list this is (others would get 403). */
  isFor: (user: User | null) => boolean;
}

/** Spec §8 names this failure in English and only logs it. */
const LOAD_FAILED = 'Could not load statements';

/**
 * A list store that loads once it has a subscriber and the session belongs to the right user;
 * later subscribers share the loaded items until `reloadStatementList`.
 */
function createStatementList(source: ListSource) {
  const $list = atom<StatementList>({ status: 'loading', items: [] });
  let loading: Promise<void> | null = null;

  async function fetchList(): Promise<void> {
    $list.set({ status: 'loading', items: $list.get().items });
    try {
      const { data, response } = await source.load();
      if (response.ok) {
        $list.set({ status: 'ready', items: Array.isArray(data) ? data : [] });
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

  onMount($list, () =>
    $session.subscribe((session) => {
      if (session.status === 'authenticated' && source.isFor(session.user) && $list.get().status !== 'ready') {
        void reload();
      }
    }),
  );

  return { $list: $list as ReadableAtom<StatementList>, reload };
}

const company = createStatementList({
  load: () => api.GET('/api/statements', { headers: QUIET }),
  isFor: isCompanyUser,
});

const instance = createStatementList({
  load: () => api.GET('/api/instance/me/statements', { headers: QUIET }),
  isFor: isInstanceUser,
});

/** The company's statements (GET /api/statements), loaded when first watched. */
export const $companyStatements = company.$list;
/** Reloads the company's statements (after create, delete, new version). */
export const reloadCompanyStatements = company.reload;

/** The statements assigned to the signed-in examiner (GET /api/instance/me/statements), loaded when first watched. */
export const $myInstanceStatements = instance.$list;
/** Reloads the examiner's own statements (after taking one into work or replying). */
export const reloadMyInstanceStatements = instance.reload;
