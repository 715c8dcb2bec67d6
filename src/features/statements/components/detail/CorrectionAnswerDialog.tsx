import type { SubmitEvent } from 'react';
import Button from '#components/ui/Button.tsx';
import Dialog from '#components/ui/Dialog.tsx';
import FormField from '#components/ui/FormField.tsx';
import { certificateDate } from '#domain/pdf/page.ts';
import { useStore } from '#stores/prerendered.ts';
import {
  $correctionAnswer,
  closeCorrectionAnswer,
  correctionAnswerForm,
  sendCorrectionAnswer,
} from '../../stores/examiner-corrections.ts';
import { correctionTexts as texts } from '../../texts/corrections.ts';

/** Submits a dialog's form; on a refusal focus goes to the first field in error. */
function onSubmitWith(send: () => Promise<boolean>) {
  return async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (!(await send())) form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };
}

/** The examiner's answer: 'Исправить' (the corrected certificate's values) or 'Отклонить' (the reason). */
export default function CorrectionAnswerDialog({ fallbackFocus }: { fallbackFocus?: () => HTMLElement | null }) {
  const answering = useStore($correctionAnswer);
  const status = useStore(correctionAnswerForm.$status);
  const accept = answering?.accept ?? true;
  const replaced = answering ? certificateDate(new Date(answering.correction.replacesDate)) : '';
  return (
    <Dialog
      open={answering !== null}
      onOpenChange={(next) => {
        if (!next) closeCorrectionAnswer();
      }}
      title={accept ? texts.acceptTitle : texts.declineTitle}
      description={accept ? texts.acceptIntro(replaced) : texts.declineIntro}
      fallbackFocus={fallbackFocus}
      actions={
        <>
          <Button
            type="submit"
            form="correction-answer-form"
            busy={status.busy}
            className={accept ? undefined : 'button--danger'}
          >
            {accept ? texts.acceptSubmit : texts.declineSubmit}
          </Button>
          <Button variant="secondary" disabled={status.busy} onClick={closeCorrectionAnswer}>
            {texts.cancel}
          </Button>
        </>
      }
    >
      <form id="correction-answer-form" onSubmit={(event) => void onSubmitWith(sendCorrectionAnswer)(event)} noValidate>
        {answering && <p className="correction__text">{answering.correction.text}</p>}
        {accept ? (
          <>
            <FormField form={correctionAnswerForm} name="objectName" label={texts.objectName} touchOnBlur />
            <FormField form={correctionAnswerForm} name="address" label={texts.address} optional touchOnBlur />
            <FormField
              form={correctionAnswerForm}
              name="cadastralNumber"
              label={texts.cadastralNumber}
              optional
              touchOnBlur
            />
            <FormField form={correctionAnswerForm} name="note" label={texts.acceptNote} optional rows={3} />
          </>
        ) : (
          <FormField form={correctionAnswerForm} name="note" label={texts.declineNote} rows={4} touchOnBlur />
        )}
      </form>
    </Dialog>
  );
}
