import FormDialog from '#components/ui/FormDialog.tsx';
import FormField from '#components/ui/FormField.tsx';
import { useStore } from '#stores/prerendered.ts';
import type { AcceptanceRefusal } from './acceptance-refusal.ts';
import GroundsPicker from './GroundsPicker.tsx';
import { acceptanceRefusalTexts as texts } from './texts.ts';

/** Props of AcceptanceRefusalDialog. */
export interface AcceptanceRefusalDialogProps {
  refusal: AcceptanceRefusal;
  /** Where focus goes when the button that opened the dialog is gone (the row left the news, the detail changed). */
  fallbackFocus?: () => HTMLElement | null;
}

/** 'Отказ в приёме документов': at least one intake ground, an optional comment, and 'Отказать в приёме'. */
export default function AcceptanceRefusalDialog({ refusal, fallbackFocus }: AcceptanceRefusalDialogProps) {
  const target = useStore(refusal.$target);
  const status = useStore(refusal.form.$status);

  return (
    <FormDialog
      open={target !== null}
      close={refusal.close}
      title={texts.title}
      description={target ? texts.intro(target.visibleId) : undefined}
      formId="acceptance-refusal-form"
      submitLabel={texts.submit}
      danger
      cancelLabel={texts.cancel}
      busy={status.busy}
      send={refusal.send}
      fallbackFocus={fallbackFocus}
    >
      <GroundsPicker
        legend={texts.groundsLegend}
        catalog={refusal.catalog}
        loadingText={texts.groundsLoading}
        choice={refusal.grounds}
      />
      <FormField form={refusal.form} name="comment" label={texts.comment} optional rows={3} />
    </FormDialog>
  );
}
