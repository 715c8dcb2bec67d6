// A pending company's owner confirms its registration at once (docs/product.md «Registration»): downloads the
// statement the portal made, signs it outside, uploads the detached signature; the server checks it and the company is
// active. The session's user is read again, so every screen sees the company confirmed.
import { atom, type ReadableAtom } from 'nanostores';
import { saveBlob } from '#lib/browser.ts';
import { api } from '#stores/api.ts';
import { createForm } from '#stores/form.ts';
import { computed } from '#stores/prerendered.ts';
import { reloadCurrentUser } from '#stores/session.ts';
import { requestRefusal, submit } from '#stores/submit.ts';
import { showToast } from '#stores/toasts.ts';
import { createUploadList } from '#stores/uploads.ts';
import { confirmationTexts as t } from '../texts.ts';

/** The signature's upload. */
export const signatureUpload = createUploadList(undefined, { signatures: 'alone' });
const form = createForm({}, () => ({}));
/** The confirmation's busy flag. */
export const $confirmStatus = form.$status;

const $downloadingNow = atom(false);
/** True while the statement downloads. */
export const $downloading: ReadableAtom<boolean> = $downloadingNow;

const $refusal = atom<{ message: string; ids: string } | null>(null);
/** Why the server refused the signature now chosen (its Russian message), or why it cannot be sent yet. */
export const $confirmError = computed([$refusal, signatureUpload.$prefileIds], (refusal, ids) =>
  refusal && refusal.ids === ids.join() ? refusal.message : null,
);

/** Downloads the statement (GET /api/registrations/me/statement) under the name the server gives. */
export async function downloadStatement(): Promise<void> {
  if ($downloadingNow.get()) return;
  $downloadingNow.set(true);
  try {
    const { data, response } = await api.GET('/api/registrations/me/statement', { parseAs: 'blob' });
    if (response.ok && data) saveBlob(data, fileNameOf(response) ?? 'Заявление_о_регистрации.pdf');
    else showToast('error', t.downloadFailed);
  } catch {
    showToast('error', t.downloadFailed);
  } finally {
    $downloadingNow.set(false);
  }
}

/** The file name of `Content-Disposition`'s `filename*` (UTF-8), if any. */
function fileNameOf(response: Response): string | null {
  const header = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  return encoded ? decodeURIComponent(encoded) : null;
}

/**
 * Sends the signature (POST /api/registrations/me/confirmation); its refusal stays under the file until it changes.
 * On success the session's user is read again (the company is `active`). True when confirmed.
 */
export async function confirmBySignature(): Promise<boolean> {
  if (signatureUpload.$uploading.get()) {
    showToast('info', t.waitForUploads);
    return false;
  }
  // A file that is no signature says so on its row; the server would refuse it in the same words.
  if (signatureUpload.$problems.get().size > 0) return false;
  const prefileIds = signatureUpload.$prefileIds.get();
  if (prefileIds.length !== 1) {
    $refusal.set({ message: t.chooseSignature, ids: prefileIds.join() });
    return false;
  }
  const result = await submit(
    form.$status,
    () => api.POST('/api/registrations/me/confirmation', { body: { prefileIds } }),
    {
      failureText: t.failed,
      describe: (failure) => requestRefusal(failure) ?? failure.body?.message,
      successText: t.confirmed,
      failureAs: 'inline',
    },
  );
  if (!result.ok) {
    $refusal.set({ message: result.text, ids: prefileIds.join() });
    return false;
  }
  signatureUpload.reset();
  await reloadCurrentUser();
  return true;
}
