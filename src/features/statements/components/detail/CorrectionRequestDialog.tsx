import FormDialog from '#components/ui/FormDialog.tsx';
import FormField from '#components/ui/FormField.tsx';
import { useStore } from '#stores/prerendered.ts';
import {
  $correctionRequestOpen,
  closeCorrectionRequest,
  correctionRequestForm,
  sendCorrectionRequest,
} from '../../stores/company-corrections.ts';
import { correctionTexts as texts } from '../../texts/corrections.ts';

/** The company's 'Исправить опечатку': the description of the error, required. */
export default function CorrectionRequestDialog({ fallbackFocus }: { fallbackFocus?: () => HTMLElement | null }) {
  const open = useStore($correctionRequestOpen);
  const status = useStore(correctionRequestForm.$status);
  return (
    <FormDialog
      open={open}
      close={closeCorrectionRequest}
      title={texts.requestTitle}
      description={texts.requestIntro}
      formId="correction-request-form"
      submitLabel={texts.requestSubmit}
      cancelLabel={texts.cancel}
      busy={status.busy}
      send={sendCorrectionRequest}
      fallbackFocus={fallbackFocus}
    >
      <FormField form={correctionRequestForm} name="text" label={texts.requestText} rows={5} touchOnBlur />
    </FormDialog>
  );
}
