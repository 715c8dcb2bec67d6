import type { SubmitEvent } from 'react';
import Button from '#components/ui/Button.tsx';
import Dialog from '#components/ui/Dialog.tsx';
import FormField from '#components/ui/FormField.tsx';
import { useStore } from '#stores/prerendered.ts';
import type { AcceptanceRefusal } from '../../stores/acceptance-refusal.ts';
import { acceptanceRefusalTexts as texts } from '../../texts/acceptance-refusal.ts';
import GroundsPicker from './GroundsPicker.tsx';

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

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (!(await refusal.send())) form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) refusal.close();
      }}
      title={texts.title}
      description={target ? texts.intro(target.visibleId) : undefined}
      fallbackFocus={fallbackFocus}
      actions={
        <>
          <Button type="submit" form="acceptance-refusal-form" className="button--danger" busy={status.busy}>
            {texts.submit}
          </Button>
          <Button variant="secondary" disabled={status.busy} onClick={refusal.close}>
            {texts.cancel}
          </Button>
        </>
      }
    >
      <form id="acceptance-refusal-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <GroundsPicker
          legend={texts.groundsLegend}
          catalog={refusal.catalog}
          loadingText={texts.groundsLoading}
          choice={refusal.grounds}
        />
        <FormField form={refusal.form} name="comment" label={texts.comment} optional rows={3} />
      </form>
    </Dialog>
  );
}
