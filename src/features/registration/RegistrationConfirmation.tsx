import type { FormEvent } from 'react';
import Button from '#components/ui/Button.tsx';
import FileUpload from '#components/ui/FileUpload.tsx';
import { INVALID_CONTROL } from '#components/ui/form.ts';
import { SIGNATURE_ACCEPT } from '#domain/files.ts';
import { useStore } from '#stores/prerendered.ts';
import { $user } from '#stores/session.ts';
import {
  $confirmError,
  $confirmStatus,
  $downloading,
  confirmBySignature,
  downloadStatement,
  signatureUpload,
} from './stores/confirmation.ts';
import { confirmationTexts as t } from './texts.ts';

/**
 * 'Подтверждение регистрации' on 'Моя компания' while the company waits: the owner downloads the registration
 * statement, signs it with the head's qualified signature and uploads the signature; the company is confirmed at once.
 * An employee reads that the owner does it. Nothing once the company is confirmed.
 */
export default function RegistrationConfirmation() {
  const user = useStore($user);
  const status = useStore($confirmStatus);
  const error = useStore($confirmError);
  const uploading = useStore(signatureUpload.$uploading);
  const downloading = useStore($downloading);
  if (user?.company?.state !== 'pending') return null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    void confirmBySignature().then((confirmed) => {
      // A signature file that is none: its row says why, and the keyboard lands on it.
      if (!confirmed && signatureUpload.$problems.get().size > 0)
        form.querySelector<HTMLElement>(INVALID_CONTROL)?.focus();
    });
  };
  return (
    <section className="registration-confirmation" aria-labelledby="registration-confirmation-title">
      <h2 id="registration-confirmation-title">{t.title}</h2>
      <p className="lead">{t.lead}</p>
      {user.isOwner ? (
        <form onSubmit={onSubmit} noValidate>
          <ol className="registration-confirmation__steps">
            {t.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p>
            <Button variant="secondary" busy={downloading} onClick={() => void downloadStatement()}>
              {t.download}
            </Button>
          </p>
          <FileUpload
            list={signatureUpload}
            label={t.signatureLabel}
            hint={t.signatureHint}
            accept={SIGNATURE_ACCEPT}
            error={error}
          />
          <Button type="submit" busy={status.busy} disabled={uploading}>
            {t.submit}
          </Button>
        </form>
      ) : (
        <p>{t.ownerOnly}</p>
      )}
    </section>
  );
}
