import { atom, type ReadableAtom } from 'nanostores';
import type { ConclusionRequest } from '#domain/contract.ts';
import { QUIET } from '#lib/api/client.ts';
import { api } from '#stores/api.ts';
import { dataOf, latestRun } from '#stores/load.ts';
import { createRemarkEditing } from '../../remarks/editing.ts';
import type { RemarkList } from '../../remarks/remarks.ts';

// The remarks a reviewing body's member sees and proposes on the documents of one request (docs/product.md
// «Conclusions»): the statement's published remarks, read-only, and their body's proposals, which the examiner
// includes among their drafts or drops. One request at a time: the one whose documents the member opened last.

const $request = atom<ConclusionRequest | null>(null);
const $remarks = atom<RemarkList>({ status: 'ready', items: [] });

/** The request whose remarks are shown (and pinned in the viewer), or null before any is chosen. */
export const $remarksRequest: ReadableAtom<ConclusionRequest | null> = $request;
/** That request's remarks as the member sees them. */
export const $requestRemarks: ReadableAtom<RemarkList> = $remarks;

/** GET /api/instance/conclusions/{id}/remarks for the chosen request, keeping the shown ones meanwhile. */
const reloadRequestRemarks = latestRun(async () => {
  const request = $request.get();
  if (!request) return;
  const id = request.conclusion.id;
  const items = await dataOf(() =>
    api.GET('/api/instance/conclusions/{id}/remarks', { params: { path: { id } }, headers: QUIET }),
  );
  if ($request.get()?.conclusion.id !== id) return;
  $remarks.set(items ? { status: 'ready', items } : { status: 'error', items: $remarks.get().items });
});

/** Shows the remarks of `request` (when its documents are opened, or on 'Замечания на чертежах'). */
export function showRequestRemarks(request: ConclusionRequest): void {
  if ($request.get()?.conclusion.id === request.conclusion.id) return;
  $request.set(request);
  $remarks.set({ status: 'loading', items: [] });
  void reloadRequestRemarks();
}

/** Whether the member may propose remarks on the request now: it waits for their answer, the statement is in review. */
export function mayPropose(request: ConclusionRequest | null): boolean {
  return request?.conclusion.status === 'requested' && request.statement.status === 'under_review';
}

/** The remark dialog of the examiner, here proposing on the chosen request. */
export const proposalEditing = createRemarkEditing({
  statementId: () => $request.get()?.statement.id ?? null,
  $remarks,
  reload: reloadRequestRemarks,
  proposalOn: () => $request.get()?.conclusion.id ?? null,
});
