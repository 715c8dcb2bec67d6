import FormDialog from '#components/ui/FormDialog.tsx';
import FormField from '#components/ui/FormField.tsx';
import { useStore } from '#stores/prerendered.ts';
import type { createConclusions } from './detail.ts';
import { conclusionTexts as texts } from './texts.ts';

/** 'Отозвать запрос': the reason, required. */
export default function WithdrawConclusionDialog({
  conclusions,
  fallbackFocus,
}: {
  conclusions: ReturnType<typeof createConclusions>;
  fallbackFocus?: () => HTMLElement | null;
}) {
  const { withdrawal } = conclusions;
  const withdrawing = useStore(withdrawal.$withdrawing);
  const status = useStore(withdrawal.form.$status);
  return (
    <FormDialog
      open={withdrawing !== null}
      close={withdrawal.close}
      title={texts.withdrawTitle}
      description={withdrawing ? texts.withdrawIntro(withdrawing.body.name) : undefined}
      formId="conclusion-withdraw-form"
      submitLabel={texts.withdrawSubmit}
      danger
      cancelLabel={texts.cancel}
      busy={status.busy}
      send={withdrawal.send}
      fallbackFocus={fallbackFocus}
    >
      <FormField form={withdrawal.form} name="reason" label={texts.withdrawReason} rows={3} touchOnBlur />
    </FormDialog>
  );
}
