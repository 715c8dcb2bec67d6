import { atom, computed, onMount, type ReadableAtom } from 'nanostores';
import type { Statement } from '#domain/contract.ts';
import { idFromPath, routes } from '#domain/routes.ts';
import { api } from '../../../lib/api/client.ts';
import { currentOrigin, currentPath, navigateTo } from '../../../lib/browser.ts';
import { certificateData } from '../../../lib/certificate.ts';
import { canReply, type ReplyStatus } from '../../../lib/review.ts';
import { isInstanceUser } from '../../../lib/roles.ts';
import { type SubmissionRound, submissionRounds } from '../../../lib/statement.ts';
import { orNull } from '../../../lib/validators.ts';
import { createForm } from '../../../stores/form.ts';
import { $session, $user } from '../../../stores/session.ts';
import { announceStatementChange } from '../../../stores/statement-changes.ts';
import { submit } from '../../../stores/submit.ts';
import { carryToast, showToast } from '../../../stores/toasts.ts';
import { createUploadList } from '../../../stores/uploads.ts';
import { reviewTexts } from '../texts.ts';

/** The statement the examiner's detail shows: loading, failed (toasted, then the own list opens), or loaded. */
export interface ReviewDetail {
  status: 'loading' | 'error' | 'ready';
  statement: Statement | null;
}

/** The id the page was opened with (read from the location), or null when the path holds none. */
export const $reviewId = atom<number | null>(null);

/** The statement of /instance/statement/info/{id} (GET /api/instance/statements/{id}), loaded for an examiner. */
export const $review = atom<ReviewDetail>({ status: 'loading', statement: null });

/** The statement's submission rounds, each with the committee's replies under it (spec §2). */
export const $reviewRounds: ReadableAtom<SubmissionRound[]> = computed($review, (detail) =>
  detail.statement ? submissionRounds(detail.statement.stages) : [],
);

/** True when the signed-in examiner may answer now: assigned, and the statement under review (spec §6). */
export const $canReply: ReadableAtom<boolean> = computed([$review, $user], (detail, user) =>
  canReply(detail.statement, user),
);

let loading: Promise<void> | null = null;

async function fetchStatement(id: number | null): Promise<void> {
  if (id !== null) {
    try {
      const { data, response } = await api.GET('/api/instance/statements/{id}', { params: { path: { id } } });
      if (response.ok && data) {
        $review.set({ status: 'ready', statement: data });
        return;
      }
    } catch {
      // reported below like any other failure
    }
  }
  $review.set({ status: 'error', statement: null });
  carryToast('error', reviewTexts.loadFailed);
  navigateTo(routes.instance('under_review'));
}

/** Loads (or reloads, keeping the shown statement meanwhile) the statement of `$reviewId`. */
export function reloadReview(): Promise<void> {
  loading ??= fetchStatement($reviewId.get()).finally(() => {
    loading = null;
  });
  return loading;
}

onMount($review, () => {
  $reviewId.set(idFromPath(currentPath()));
  return $session.subscribe((session) => {
    if (session.status === 'authenticated' && isInstanceUser(session.user) && $review.get().status === 'loading') {
      void reloadReview();
    }
  });
});

/** Stage file downloads: the one shared store the company's detail uses too. */
export {
  $downloading as $reviewDownloading,
  downloadStageFile as downloadReviewFile,
} from '../../../stores/downloads.ts';

/** The answer being prepared ('На доработку', 'Согласовать', 'Отклонить'), or null while the dialog is closed. */
export const $replyStatus = atom<ReplyStatus | null>(null);

/** True while the certificate is being made (jspdf and the font load on first use). */
export const $certificateBusy = atom(false);

/** The reply's comment (optional). */
export const replyForm = createForm({ comment: '' }, () => ({}));

/** The reply's files (optional). */
export const replyUploads = createUploadList();

/**
 * The statement's public check address (POST /api/instance/statements/{id}/certificate: the same token every time),
 * absolute: the server's PUBLIC_ORIGIN, or this site's origin when the server answers a path.
 */
async function certificateCheckUrl(statementId: number): Promise<string> {
  const { data, response } = await api.POST('/api/instance/statements/{id}/certificate', {
    params: { path: { id: statementId } },
  });
  if (!response.ok || !data) throw new Error(`Certificate check token: HTTP ${response.status}`);
  return data.checkUrl.startsWith('/') ? `${currentOrigin()}${data.checkUrl}` : data.checkUrl;
}

/**
 * Makes the approval certificate, with the QR code of its public check address, and downloads it as
 * 'Свидетельство_{visibleId}.pdf'. The check token is asked for first; jspdf, the font and the QR library are
 * imported here, on demand, so no page loads them before an examiner approves.
 */
export async function makeCertificate(statement: Statement): Promise<boolean> {
  $certificateBusy.set(true);
  try {
    const checkUrl = await certificateCheckUrl(statement.id);
    const { downloadCertificate } = await import('../../../lib/certificate-download.ts');
    const examiner = statement.examiner?.fio ?? $user.get()?.fio ?? null;
    await downloadCertificate(certificateData(statement, examiner, new Date(), checkUrl), statement.visibleId);
    return true;
  } catch (error) {
    // Spec §8: a missing PDF library is logged; the examiner is told too, as approval waits for the certificate.
    console.error('Certificate', error);
    showToast('error', reviewTexts.certificateFailed);
    return false;
  } finally {
    $certificateBusy.set(false);
  }
}

/** Starts an answer: for 'Согласовать' the certificate is made and downloaded first, then the reply dialog opens. */
export async function startReply(status: ReplyStatus): Promise<void> {
  const statement = $review.get().statement;
  if (!statement || !canReply(statement, $user.get()) || $certificateBusy.get()) return;
  if (status === 'approved' && !(await makeCertificate(statement))) return;
  replyForm.reset();
  replyUploads.reset();
  $replyStatus.set(status);
}

/** Closes the reply dialog without sending; files uploaded for it are deleted. */
export function closeReply(): void {
  if (replyForm.$status.get().busy) return;
  $replyStatus.set(null);
  void replyUploads.discard();
}

/**
 * Sends the answer (POST /api/instance/{id}/stages), then closes the dialog, reloads the statement and the counters,
 * and shows 'Ответ на заявление был отправлен'; a failure says 'Не удалось предоставить ответ'.
 */
export async function sendReply(): Promise<boolean> {
  const id = $reviewId.get();
  const status = $replyStatus.get();
  if (id === null || status === null) return false;
  if (replyUploads.$uploading.get()) {
    showToast('info', reviewTexts.waitForUploads);
    return false;
  }
  const body = {
    prefileIds: replyUploads.$prefileIds.get(),
    comment: orNull(replyForm.$values.get().comment),
    isInstance: true as const,
    status,
  };
  const result = await submit(
    replyForm.$status,
    () => api.POST('/api/instance/{id}/stages', { params: { path: { id } }, body }),
    { failureText: reviewTexts.replyFailed },
  );
  if (!result.ok) return false;
  // The answer's statement first, so the menu is gone when the dialog closes and focus moves on, not to a removed menu.
  $review.set({ status: 'ready', statement: result.data });
  replyUploads.reset();
  $replyStatus.set(null);
  announceStatementChange();
  showToast('info', reviewTexts.replySent);
  await reloadReview();
  return true;
}
