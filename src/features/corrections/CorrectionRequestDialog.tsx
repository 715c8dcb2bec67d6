import FormDialog from '#components/ui/FormDialog.tsx';
import FormField from '#components/ui/FormField.tsx';
import { useStore } from '#stores/prerendered.ts';
import type { CorrectionRequest } from './request.ts';
import { correctionTexts as texts } from './texts.ts';

/** The company's 'Исправить опечатку': the description of the error, required. */
export default function CorrectionRequestDialog({
  request,
  fallbackFocus,
}: {
  request: CorrectionRequest;
  fallbackFocus?: () => HTMLElement | null;
}) {
  const open = useStore(request.$open);
  const status = useStore(request.form.$status);
  return (
    <FormDialog
      open={open}
      close={request.close}
      title={texts.requestTitle}
      description={texts.requestIntro}
      formId="correction-request-form"
      submitLabel={texts.requestSubmit}
      cancelLabel={texts.cancel}
      busy={status.busy}
      send={request.send}
      fallbackFocus={fallbackFocus}
    >
      <FormField form={request.form} name="text" label={texts.requestText} rows={5} touchOnBlur />
    </FormDialog>
  );
}
