import { atom, computed, map, onMount, type ReadableAtom } from 'nanostores';
import type { Statement } from '#domain/contract.ts';
import { idFromPath, routes } from '#domain/routes.ts';
import { api } from '../../../lib/api/client.ts';
import { currentPath, navigateTo } from '../../../lib/browser.ts';
import { isCompanyUser } from '../../../lib/roles.ts';
import { canDeleteStatement, type SubmissionRound, submissionRounds } from '../../../lib/statement.ts';
import { orNull, validateNewVersion } from '../../../lib/validators.ts';
import { createForm } from '../../../stores/form.ts';
import { $session, $user } from '../../../stores/session.ts';
import { type SubmitState, submit } from '../../../stores/submit.ts';
import { carryToast, showToast } from '../../../stores/toasts.ts';
import { createUploadList } from '../../../stores/uploads.ts';
import { detailTexts } from '../texts/detail.ts';

/** The statement the detail shows: loading, failed (toasted, then the list opens), or loaded. */
export interface StatementDetail {
  status: 'loading' | 'error' | 'ready';
  statement: Statement | null;
}

/** The id the page was opened with (read from the location), or null when the path holds none. */
export const $statementId = atom<number | null>(null);

/** The statement of /statement/info/{id} (GET /api/statements/{id}), loaded once the session is a company user's. */
export const $detail = atom<StatementDetail>({ status: 'loading', statement: null });

/** The statement's submission rounds, each with the committee's replies (spec §2). */
export const $rounds: ReadableAtom<SubmissionRound[]> = computed($detail, (detail) =>
  detail.statement ? submissionRounds(detail.statement.stages) : [],
);

/** True when the signed-in user may delete the statement now (spec §6). */
export const $canDelete: ReadableAtom<boolean> = computed([$detail, $user], (detail, user) =>
  detail.statement ? canDeleteStatement(detail.statement, user) : false,
);

let loading: Promise<void> | null = null;

async function fetchStatement(id: number | null): Promise<void> {
  if (id !== null) {
    try {
      const { data, response } = await api.GET('/api/statements/{id}', { params: { path: { id } } });
      if (response.ok && data) {
        $detail.set({ status: 'ready', statement: data });
        return;
      }
    } catch {
      // reported below like any other failure
    }
  }
  $detail.set({ status: 'error', statement: null });
  carryToast('error', detailTexts.loadFailed);
  navigateTo(routes.company());
}

/** Loads (or reloads, keeping the shown statement meanwhile) the statement of `$statementId`. */
export function reloadStatement(): Promise<void> {
  loading ??= fetchStatement($statementId.get()).finally(() => {
    loading = null;
  });
  return loading;
}

onMount($detail, () => {
  $statementId.set(idFromPath(currentPath()));
  return $session.subscribe((session) => {
    if (session.status === 'authenticated' && isCompanyUser(session.user) && $detail.get().status === 'loading') {
      void reloadStatement();
    }
  });
});

/** Busy state of the delete. */
export const $deleteState = map<SubmitState>({ busy: false, error: null });

/** DELETE /api/statements/{id}; on success the company list opens with 'Заявление удалено'. */
export async function deleteStatement(): Promise<boolean> {
  const id = $statementId.get();
  if (id === null) return false;
  const result = await submit($deleteState, () => api.DELETE('/api/statements/{id}', { params: { path: { id } } }), {
    failureText: detailTexts.deleteFailed,
  });
  if (!result.ok) return false;
  carryToast('success', detailTexts.deleted);
  navigateTo(routes.company());
  return true;
}

/** Stage file downloads: the one shared store the examiner's detail uses too. */
export { $downloading, downloadStageFile as downloadFile } from '../../../stores/downloads.ts';

/** Whether the new-version dialog is open. */
export const $versionDialogOpen = atom(false);

/** The new-version dialog's comment (optional, spec §5). */
export const versionForm = createForm({ comment: '' }, () => ({}));

/** The files of the new version. */
export const versionUploads = createUploadList();

const $versionChecked = atom(false);

/** The new version's errors after a send attempt: the statement and at least one file (spec §5). */
export const $versionErrors = computed(
  [$versionChecked, $statementId, versionUploads.$prefileIds],
  (checked, statementId, ids) => (checked ? validateNewVersion({ statementId, files: ids.length }) : {}),
);

/** Opens the dialog with an empty comment and no files. */
export function openVersionDialog(): void {
  versionForm.reset();
  versionUploads.reset();
  $versionChecked.set(false);
  $versionDialogOpen.set(true);
}

/** Closes the dialog without sending; files uploaded for it are deleted. */
export function closeVersionDialog(): void {
  if (versionForm.$status.get().busy) return;
  $versionDialogOpen.set(false);
  void versionUploads.discard();
}

/**
 * Sends the new version (POST /api/statements/{id}/stages, status under_review as the dialog's default), then closes
 * the dialog and reloads the statement; 'Версия добавлена' or 'Не удалось загрузить новую версию'.
 */
export async function submitVersion(): Promise<boolean> {
  if (versionUploads.$uploading.get()) {
    showToast('info', detailTexts.waitForUploads);
    return false;
  }
  $versionChecked.set(true);
  const errors = $versionErrors.get();
  const id = $statementId.get();
  if (errors.statementId || id === null) {
    showToast('error', errors.statementId ?? detailTexts.versionFailed);
    return false;
  }
  if (errors.files) return false;
  const prefileIds = versionUploads.$prefileIds.get();
  const comment = orNull(versionForm.$values.get().comment);
  const result = await submit(
    versionForm.$status,
    () =>
      api.POST('/api/statements/{id}/stages', {
        params: { path: { id } },
        body: { prefileIds, comment, isInstance: false, status: 'under_review' },
      }),
    { failureText: detailTexts.versionFailed, successText: detailTexts.versionAdded },
  );
  if (!result.ok) return false;
  versionUploads.reset();
  $versionDialogOpen.set(false);
  await reloadStatement();
  return true;
}
