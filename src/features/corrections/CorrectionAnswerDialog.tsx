import FormDialog from '#components/ui/FormDialog.tsx';
import FormField from '#components/ui/FormField.tsx';
import { certificateDate } from '#domain/pdf/page.ts';
import { useStore } from '#stores/prerendered.ts';
import type { CorrectionAnswer } from './answer.ts';
import { correctionTexts as texts } from './texts.ts';

/** The examiner's answer: 'Исправить' (the corrected certificate's values) or 'Отклонить' (the reason). */
export default function CorrectionAnswerDialog({
  answer,
  fallbackFocus,
}: {
  answer: CorrectionAnswer;
  fallbackFocus?: () => HTMLElement | null;
}) {
  const answering = useStore(answer.$answering);
  const status = useStore(answer.form.$status);
  const accept = answering?.accept ?? true;
  const replaced = answering ? certificateDate(new Date(answering.correction.replacesDate)) : '';
  return (
    <FormDialog
      open={answering !== null}
      close={answer.close}
      title={accept ? texts.acceptTitle : texts.declineTitle}
      description={accept ? texts.acceptIntro(replaced) : texts.declineIntro}
      formId="correction-answer-form"
      submitLabel={accept ? texts.acceptSubmit : texts.declineSubmit}
      danger={!accept}
      cancelLabel={texts.cancel}
      busy={status.busy}
      send={answer.send}
      fallbackFocus={fallbackFocus}
    >
      {answering && <p className="correction__text">{answering.correction.text}</p>}
      {accept ? (
        <>
          <FormField form={answer.form} name="objectName" label={texts.objectName} touchOnBlur />
          <FormField form={answer.form} name="address" label={texts.address} optional touchOnBlur />
          <FormField form={answer.form} name="cadastralNumber" label={texts.cadastralNumber} optional touchOnBlur />
          <FormField form={answer.form} name="note" label={texts.acceptNote} optional rows={3} />
        </>
      ) : (
        <FormField form={answer.form} name="note" label={texts.declineNote} rows={4} touchOnBlur />
      )}
    </FormDialog>
  );
}
