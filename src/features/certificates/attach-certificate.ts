// 'Приложить свидетельство': the approving examiner attaches the certificate to an approval given before it was
// required (docs/product.md «Certificate and public check»).
import { atom } from 'nanostores';
import { approvalCertificate, certificateFileName, isCertificateOf } from '#domain/certificates.ts';
import type { Statement } from '#domain/contract.ts';
import { api, uploadPrefile } from '#stores/api.ts';
import { showToast } from '#stores/toasts.ts';
import { approvalCertificateTexts as texts } from './texts.ts';

/** Whether `userId` may attach the certificate: an approval without it, by the examiner who approved. */
export function canAttachCertificate(
  statement: Pick<Statement, 'status' | 'examinerId' | 'stages' | 'visibleId'>,
  userId: number | null | undefined,
): boolean {
  return (
    statement.status === 'approved' &&
    userId != null &&
    statement.examinerId === userId &&
    approvalCertificate(statement.stages, statement.visibleId) === null
  );
}

/** The statement the certificate is attached to; null while the dialog is closed. */
export const $attaching = atom<{ id: number; visibleId: number } | null>(null);
/** The chosen file. */
export const $certificateFile = atom<File | null>(null);
/** The refusal to show in the dialog (a wrong file, or the server's reason). */
export const $attachError = atom<string | null>(null);
/** True while the certificate is uploaded and attached. */
export const $attachBusy = atom(false);

/** Opens the dialog for one statement. */
export function openAttachCertificate(statement: Pick<Statement, 'id' | 'visibleId'>): void {
  $certificateFile.set(null);
  $attachError.set(null);
  $attaching.set({ id: statement.id, visibleId: statement.visibleId });
}

/** Closes the dialog unless the certificate is on its way. */
export function closeAttachCertificate(): void {
  if ($attachBusy.get()) return;
  $attaching.set(null);
}

/** The file chosen in the dialog's picker. */
export function chooseCertificate(file: File | null): void {
  $certificateFile.set(file);
  $attachError.set(null);
}

/**
 * Uploads the chosen certificate and attaches it to the approval; true once the server took it (then `onAttached`
 * reloads the detail), false with the reason in `$attachError`. Only 'Свидетельство_{visibleId}.pdf' is sent.
 */
export async function sendCertificate(onAttached: () => Promise<unknown> | undefined): Promise<boolean> {
  const attaching = $attaching.get();
  const file = $certificateFile.get();
  if (!attaching || $attachBusy.get()) return false;
  if (!file || !isCertificateOf(file.name, attaching.visibleId)) {
    $attachError.set(texts.wrongFile(certificateFileName(attaching.visibleId)));
    return false;
  }
  $attachBusy.set(true);
  try {
    const uploaded = await uploadPrefile(file, file.name);
    if (!uploaded.ok) {
      $attachError.set(uploaded.body?.message ?? texts.failed);
      return false;
    }
    const { error } = await api.POST('/api/instance/statements/{id}/certificate/file', {
      params: { path: { id: attaching.id } },
      body: { prefileId: uploaded.prefile.id },
    });
    if (error) {
      $attachError.set(error.message ?? texts.failed);
      return false;
    }
    await onAttached();
    $attachBusy.set(false);
    $attaching.set(null);
    showToast('info', texts.attached);
    return true;
  } catch {
    $attachError.set(texts.failed);
    return false;
  } finally {
    $attachBusy.set(false);
  }
}
