import { atom, map, type ReadableAtom } from 'nanostores';
import { routes } from '#domain/routes.ts';
import { navigateTo } from '#lib/browser.ts';
import { isCompanyUser } from '#lib/roles.ts';
import { canDeleteStatement, canWithdrawStatement } from '#lib/statement.ts';
import { orNull, validateNewVersion } from '#lib/validators.ts';
import { api } from '#stores/api.ts';
import { createForm } from '#stores/form.ts';
import { computed } from '#stores/prerendered.ts';
import { $user } from '#stores/session.ts';
import { requestRefusal, type SubmitState, submit } from '#stores/submit.ts';
import { carryToast, showToast } from '#stores/toasts.ts';
import { createAppealFiling } from '../../appeals/appeals.ts';
import { createCorrectionRequest } from '../../corrections/request.ts';
import { announceStatementChange } from '../../live/changes.ts';
import { answerableRemarks, answerErrors, answersToSend } from '../../remarks/remarks.ts';
import { createStageDraft } from '../../workflow/stage-draft.ts';
import { statementDetailTexts } from '../components/texts.ts';
import { detailTexts } from '../texts/company-detail.ts';
import { createStatementDetail } from './statement-detail.ts';

const detail = createStatementDetail({
  load: (id) => api.GET('/api/statements/{id}', { params: { path: { id } } }),
  isFor: isCompanyUser,
  view: 'company',
  failedText: statementDetailTexts.loadFailed,
  loadRemarks: (id) => api.GET('/api/statements/{id}/remarks', { params: { path: { id } } }),
});

/** The statement's published remarks. */
export const $remarks = detail.$remarks;

/** The id the page was opened with (read from the location), or null when the path holds none. */
export const $statementId = detail.$id;
/** The statement of /statement/info/{id} (GET /api/statements/{id}), loaded once the session is a company user's. */
export const $detail = detail.$detail;
/** The statement's submission rounds, each with the committee's replies. */
export const $rounds = detail.$rounds;
/** Loads (or reloads, keeping the shown statement meanwhile) the statement. */
export const reloadStatement = detail.reload;
/** 'Повторить' after the statement failed to load. */
export const retryStatement = detail.retry;

/** 'Подать жалобу' on this detail: once filed, the statement is read again and shows the appeal with its term. */
export const appealFiling = createAppealFiling({
  statementId: () => detail.$id.get(),
  reload: () => detail.reload(),
});

/** 'Исправить опечатку' on this detail: once requested, the statement is read again and shows the request. */
export const correctionRequest = createCorrectionRequest({
  statementId: () => detail.$id.get(),
  reload: () => detail.reload(),
});

/** True when the signed-in user may delete the statement now. */
export const $canDelete: ReadableAtom<boolean> = computed([detail.$detail, $user], (shown, user) =>
  shown.statement ? canDeleteStatement(shown.statement, user) : false,
);

/** Busy state of the delete. */
export const $deleteState = map<SubmitState>({ busy: false, error: null });

/** DELETE /api/statements/{id}; on success the company list opens with 'Заявление удалено'. */
export async function deleteStatement(): Promise<boolean> {
  const id = detail.$id.get();
  if (id === null) return false;
  const result = await submit($deleteState, () => api.DELETE('/api/statements/{id}', { params: { path: { id } } }), {
    failureText: detailTexts.deleteFailed,
  });
  if (!result.ok) return false;
  carryToast('success', detailTexts.deleted);
  navigateTo(routes.company());
  return true;
}

/** True when the signed-in user may withdraw the statement now (before a decision; the applicant or an owner). */
export const $canWithdraw: ReadableAtom<boolean> = computed([detail.$detail, $user], (shown, user) =>
  shown.statement ? canWithdrawStatement(shown.statement, user) : false,
);

/** The withdrawal's optional reason ('Причина') and the busy state of the sending. */
export const withdrawalForm = createForm({ reason: '' }, () => ({}));

/** Opens the withdrawal's confirmation with an empty reason. */
export function startWithdrawal(): void {
  withdrawalForm.reset();
}

/**
 * Withdraws the statement (POST /api/statements/{id}/withdraw) with the reason, if any; the detail then shows
 * 'Отозвано'. The server's refusal is toasted in its own words (409 after a decision: the detail reads again).
 */
export async function withdrawStatement(): Promise<boolean> {
  const id = detail.$id.get();
  if (id === null) return false;
  const body = { reason: orNull(withdrawalForm.$values.get().reason) };
  const result = await submit(
    withdrawalForm.$status,
    () => api.POST('/api/statements/{id}/withdraw', { params: { path: { id } }, body }),
    {
      failureText: detailTexts.withdrawFailed,
      describe: (failure) => failure.body?.message,
      successText: detailTexts.withdrawn,
    },
  );
  if (!result.ok) {
    if (result.failure.status === 409) await detail.reload();
    return false;
  }
  detail.show(result.data);
  announceStatementChange();
  await detail.reload();
  return true;
}

/** The new version being prepared in its dialog. */
export const version = createStageDraft<true>(false);
/** Whether the new-version dialog is open. */
export const $versionDialogOpen: ReadableAtom<boolean> = computed(version.$open, (open) => open !== null);
/** The new-version dialog's comment (optional). */
export const versionForm = version.form;
/** The files of the new version. */
export const versionUploads = version.uploads;
/** Closes the dialog without sending; files uploaded for it are deleted. */
export const closeVersionDialog = version.close;

const $versionChecked = atom(false);

/** The new version's answers to the remarks ('Ответ на замечание № n'), by remark id. */
const $answerTexts = map<Record<number, string>>({});
export const $answers: ReadableAtom<Record<number, string>> = $answerTexts;

/** Sets the answer to one remark. */
export function setAnswer(remarkId: number, text: string): void {
  $answerTexts.setKey(remarkId, text);
}

/** The remarks the new version answers: published, not resolved. */
export const $answerable = computed(detail.$remarks, (remarks) => answerableRemarks(remarks.items));

/** 'Ответьте на замечание № n' for each required remark without an answer, after a send attempt. */
export const $answerErrors = computed(
  [$versionChecked, $answerable, $answerTexts],
  (checked, remarks, answers): Record<number, string> => (checked ? answerErrors(remarks, answers) : {}),
);

/** The new version's errors after a send attempt: the statement and at least one file. */
export const $versionErrors = computed(
  [$versionChecked, detail.$id, version.uploads.$prefileIds],
  (checked, statementId, ids) => (checked ? validateNewVersion({ statementId, files: ids.length }) : {}),
);

/** Opens the dialog with an empty comment and no files. */
export function openVersionDialog(): void {
  $versionChecked.set(false);
  $answerTexts.set({});
  version.open(true);
}

/**
 * Sends the new version (POST /api/statements/{id}/stages, status under_review as the dialog's default), then closes
 * the dialog and reloads the statement; 'Версия добавлена' or 'Не удалось загрузить новую версию'.
 */
export async function submitVersion(): Promise<boolean> {
  if (version.uploads.$uploading.get()) {
    showToast('info', statementDetailTexts.waitForUploads);
    return false;
  }
  $versionChecked.set(true);
  const errors = $versionErrors.get();
  const id = detail.$id.get();
  if (errors.statementId || id === null) {
    showToast('error', errors.statementId ?? detailTexts.versionFailed);
    return false;
  }
  if (errors.files || Object.keys($answerErrors.get()).length > 0) return false;
  // A signature file the server would refuse: its row says why, and the dialog focuses it.
  if (version.uploads.$problems.get().size > 0) return false;
  const answers = answersToSend($answerable.get(), $answerTexts.get());
  const body = { ...version.content(), status: 'under_review' as const, answers };
  const result = await submit(
    version.form.$status,
    () => api.POST('/api/statements/{id}/stages', { params: { path: { id } }, body }),
    {
      failureText: detailTexts.versionFailed,
      successText: detailTexts.versionAdded,
      // The server's own word on the answers ('Ответьте на замечание № n': a remark published meanwhile).
      describe: (failure) => (failure.body?.field === 'answers' ? failure.body.message : requestRefusal(failure)),
    },
  );
  if (!result.ok) {
    if (result.failure.body?.field === 'answers') await detail.reloadRemarks();
    return false;
  }
  version.finish();
  await detail.reload();
  return true;
}
