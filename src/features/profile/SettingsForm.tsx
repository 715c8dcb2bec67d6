import { type SubmitEvent, useRef } from 'react';
import Button from '#components/ui/Button.tsx';
import FormField from '#components/ui/FormField.tsx';
import LoadFailed from '#components/ui/LoadFailed.tsx';
import Spinner from '#components/ui/Spinner.tsx';
import { useStore } from '#stores/prerendered.ts';
import { $settingsStatus, loadSettings, saveSettings, settingsForm } from './stores/settings.ts';
import { settingsTexts } from './texts.ts';

/** The reviewer settings: full name and phone, saved with PUT /api/instance/me. */
export default function SettingsForm() {
  const load = useStore($settingsStatus);
  const status = useStore(settingsForm.$status);
  const formRef = useRef<HTMLFormElement>(null);
  // The name's error shows after a submit attempt, not on blur: an error appearing as the field loses focus to the
  // button would move the button from under the pointer between press and release, and the click would be lost.

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const outcome = await saveSettings();
    if (outcome === 'invalid') formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  return (
    <>
      <h1>{settingsTexts.pageTitle}</h1>
      <p className="lead">{settingsTexts.lead}</p>
      {load === 'loading' && <Spinner label={settingsTexts.loading} />}
      {load === 'error' && (
        <LoadFailed
          text={settingsTexts.loadFailed}
          retryLabel={settingsTexts.retry}
          onRetry={() => void loadSettings()}
        />
      )}
      {load === 'ready' && (
        <form ref={formRef} className="card form-card" onSubmit={(event) => void onSubmit(event)} noValidate>
          <FormField form={settingsForm} name="contactFio" label={settingsTexts.fio} autoComplete="name" required />
          <FormField
            form={settingsForm}
            name="contactPhone"
            label={settingsTexts.phone}
            optional
            error={null}
            size="medium"
            type="tel"
            autoComplete="tel"
            placeholder={settingsTexts.phonePlaceholder}
            touchOnBlur
          />
          <div className="button-row">
            <Button type="submit" busy={status.busy}>
              {status.busy ? settingsTexts.saving : settingsTexts.save}
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
