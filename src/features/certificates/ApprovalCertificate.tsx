import { type SubmitEvent, useId } from 'react';
import Button from '#components/ui/Button.tsx';
import Dialog from '#components/ui/Dialog.tsx';
import { approvalCertificate, certificateFileName } from '#domain/certificates.ts';
import type { Statement } from '#domain/contract.ts';
import { $downloading, downloadStageFile } from '#stores/downloads.ts';
import { useStore } from '#stores/prerendered.ts';
import {
  $attachBusy,
  $attachError,
  $attaching,
  chooseCertificate,
  closeAttachCertificate,
  openAttachCertificate,
  sendCertificate,
} from './attach-certificate.ts';
import { approvalCertificateTexts as texts } from './texts.ts';

/**
 * The approval's certificate at the top of both details: 'Скачать свидетельство', or 'Свидетельство не приложено'
 * for an approval given without it (with 'Приложить свидетельство' when `canAttach`). Nothing before an approval.
 */
export function ApprovalCertificate({
  statement,
  canAttach = false,
}: {
  statement: Pick<Statement, 'id' | 'status' | 'stages' | 'visibleId'>;
  canAttach?: boolean;
}) {
  const downloading = useStore($downloading);
  if (statement.status !== 'approved') return null;
  const file = approvalCertificate(statement.stages, statement.visibleId);
  if (file) {
    return (
      <Button busy={downloading.has(file.id)} onClick={() => void downloadStageFile(file)}>
        {texts.download}
      </Button>
    );
  }
  return (
    <>
      <span className="detail-header__note">{texts.missing}</span>
      {canAttach && (
        <Button variant="secondary" onClick={() => openAttachCertificate(statement)}>
          {texts.attach}
        </Button>
      )}
    </>
  );
}

/** The dialog of 'Приложить свидетельство': the PDF, the refusal beside it; `onAttached` reloads the detail. */
export function AttachCertificateDialog({
  onAttached,
  fallbackFocus,
}: {
  onAttached: () => Promise<unknown> | undefined;
  fallbackFocus?: () => HTMLElement | null;
}) {
  const attaching = useStore($attaching);
  const error = useStore($attachError);
  const busy = useStore($attachBusy);
  const inputId = useId();
  const errorId = useId();
  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (!(await sendCertificate(onAttached))) form.querySelector<HTMLElement>('input')?.focus();
  };
  return (
    <Dialog
      open={attaching !== null}
      onOpenChange={(next) => {
        if (!next) closeAttachCertificate();
      }}
      title={texts.attach}
      description={attaching ? texts.attachIntro(certificateFileName(attaching.visibleId)) : undefined}
      fallbackFocus={fallbackFocus}
      actions={
        <>
          <Button type="submit" form="attach-certificate-form" busy={busy}>
            {texts.attachSubmit}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={closeAttachCertificate}>
            {texts.cancel}
          </Button>
        </>
      }
    >
      <form id="attach-certificate-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={inputId}>
            {texts.fileLabel}
          </label>
          <input
            id={inputId}
            type="file"
            accept=".pdf,application/pdf"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => chooseCertificate(event.currentTarget.files?.[0] ?? null)}
          />
          {error && (
            <p className="field__error" id={errorId} role="alert">
              {error}
            </p>
          )}
        </div>
      </form>
    </Dialog>
  );
}
