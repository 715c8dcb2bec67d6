import { atom, type ReadableAtom } from 'nanostores';
import type { RemarkTemplate } from '#domain/contract.ts';
import { api } from '#stores/api.ts';
import { latestRun } from '#stores/load.ts';

/** The longest search the API takes (`query` of GET /api/instance/remark-templates). */
const QUERY_MAX = 200;

/** The templates the picker offers: not asked yet, loading, failed, or the list (the statement's work type first). */
export interface TemplateList {
  status: 'idle' | 'loading' | 'error' | 'ready';
  items: RemarkTemplate[];
}

/**
 * 'Из шаблона' in the remark dialog (docs/product.md «Remark templates»): a searchable list of the active templates,
 * the statement's work type first; choosing one hands it to `fill` (the dialog's text and kind) and closes the list.
 */
export function createTemplatePicker(fill: (template: RemarkTemplate) => void) {
  const $openAtom = atom(false);
  const $queryAtom = atom('');
  const $listAtom = atom<TemplateList>({ status: 'idle', items: [] });
  let workTypeId: number | null = null;

  /** Reads the templates for the work type and the search as they are now; an older answer never wins. */
  const load = latestRun(async () => {
    const query = $queryAtom.get().trim().slice(0, QUERY_MAX);
    const asked = workTypeId;
    if ($listAtom.get().status !== 'ready') $listAtom.set({ status: 'loading', items: [] });
    try {
      const { data, response } = await api.GET('/api/instance/remark-templates', {
        params: { query: { ...(asked === null ? {} : { workTypeId: asked }), ...(query ? { query } : {}) } },
      });
      if ($queryAtom.get().trim().slice(0, QUERY_MAX) !== query || workTypeId !== asked) return;
      if (response.ok && Array.isArray(data)) {
        $listAtom.set({ status: 'ready', items: data });
        return;
      }
    } catch {
      // no answer: said in the list
    }
    $listAtom.set({ status: 'error', items: [] });
  });

  return {
    /** Whether the list is open. */
    $open: $openAtom as ReadableAtom<boolean>,
    /** The search as typed. */
    $query: $queryAtom as ReadableAtom<string>,
    $templates: $listAtom as ReadableAtom<TemplateList>,
    /** Opens the list for a statement of this work type (null: none), with an empty search. */
    open(statementWorkTypeId: number | null): void {
      workTypeId = statementWorkTypeId;
      $queryAtom.set('');
      $listAtom.set({ status: 'idle', items: [] });
      $openAtom.set(true);
      void load();
    },
    close(): void {
      $openAtom.set(false);
    },
    /** Searches the templates' texts. */
    search(query: string): void {
      $queryAtom.set(query);
      void load();
    },
    /** Loads the list again after a failure. */
    retry: () => load(),
    /** Fills the dialog from a template and closes the list. */
    choose(template: RemarkTemplate): void {
      fill(template);
      $openAtom.set(false);
    },
  };
}

/** The picker of one remark dialog (createTemplatePicker). */
export type TemplatePicker = ReturnType<typeof createTemplatePicker>;
