import type { SubmitEvent } from 'react';
import Button from '#components/ui/Button.tsx';
import Dialog from '#components/ui/Dialog.tsx';
import FormField from '#components/ui/FormField.tsx';
import { useStore } from '#stores/prerendered.ts';
import ExaminerPicker from '../../ExaminerPicker.tsx';
import { type Assigning, isHandOver } from '../../stores/assigning.ts';
import { assigningTexts as texts } from '../../texts/assigning.ts';

/** Props of AssignDialog. */
export interface AssignDialogProps {
  assigning: Assigning;
  /** Where focus goes when the button that opened the dialog is gone (the row left the news). */
  fallbackFocus?: () => HTMLElement | null;
}

/**
 * 'Назначить эксперту' (a sent statement) or 'Передать другому эксперту' (one in work): an examiner with their load,
 * an optional comment, and the confirmation.
 */
export default function AssignDialog({ assigning, fallbackFocus }: AssignDialogProps) {
  const target = useStore(assigning.$target);
  const status = useStore(assigning.form.$status);
  const handOver = target ? isHandOver(target) : false;

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (!(await assigning.send())) form.querySelector<HTMLElement>('[aria-invalid="true"]:not(:disabled)')?.focus();
  };

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) assigning.close();
      }}
      title={handOver ? texts.reassign : texts.assign}
      description={target ? texts.intro(target.visibleId, handOver) : undefined}
      fallbackFocus={fallbackFocus}
      actions={
        <>
          <Button type="submit" form="assign-form" busy={status.busy}>
            {handOver ? texts.submitReassign : texts.submitAssign}
          </Button>
          <Button variant="secondary" disabled={status.busy} onClick={assigning.close}>
            {texts.cancel}
          </Button>
        </>
      }
    >
      <form id="assign-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <ExaminerPicker choice={assigning} name="assign-examiner" current={target?.examinerId} />
        <FormField
          form={assigning.form}
          name="comment"
          label={texts.comment}
          hint={texts.commentHint}
          optional
          rows={3}
        />
      </form>
    </Dialog>
  );
}
