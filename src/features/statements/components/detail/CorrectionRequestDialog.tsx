import type { SubmitEvent } from 'react';
import Button from '#components/ui/Button.tsx';
import Dialog from '#components/ui/Dialog.tsx';
import FormField from '#components/ui/FormField.tsx';
import { useStore } from '#stores/prerendered.ts';
import {
  $correctionRequestOpen,
  closeCorrectionRequest,
  correctionRequestForm,
  sendCorrectionRequest,
} from '../../stores/company-corrections.ts';
import { correctionTexts as texts } from '../../texts/corrections.ts';

/** Submits a dialog's form; on a refusal focus goes to the first field in error. */
function onSubmitWith(send: () => Promise<boolean>) {
  return async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (!(await send())) form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };
}

/** The company's 'Исправить опечатку': the description of the error, required. */
export default function CorrectionRequestDialog({ fallbackFocus }: { fallbackFocus?: () => HTMLElement | null }) {
  const open = useStore($correctionRequestOpen);
  const status = useStore(correctionRequestForm.$status);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) closeCorrectionRequest();
      }}
      title={texts.requestTitle}
      description={texts.requestIntro}
      fallbackFocus={fallbackFocus}
      actions={
        <>
          <Button type="submit" form="correction-request-form" busy={status.busy}>
            {texts.requestSubmit}
          </Button>
          <Button variant="secondary" disabled={status.busy} onClick={closeCorrectionRequest}>
            {texts.cancel}
          </Button>
        </>
      }
    >
      <form
        id="correction-request-form"
        onSubmit={(event) => void onSubmitWith(sendCorrectionRequest)(event)}
        noValidate
      >
        <FormField form={correctionRequestForm} name="text" label={texts.requestText} rows={5} touchOnBlur />
      </form>
    </Dialog>
  );
}
