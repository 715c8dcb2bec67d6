import FormDialog from '#components/ui/FormDialog.tsx';
import FormField from '#components/ui/FormField.tsx';
import { useStore } from '#stores/prerendered.ts';
import { type Assigning, isHandOver } from './assigning.ts';
import ExaminerPicker from './ExaminerPicker.tsx';
import { assigningTexts as texts } from './texts.ts';

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

  return (
    <FormDialog
      open={target !== null}
      close={assigning.close}
      title={handOver ? texts.reassign : texts.assign}
      description={target ? texts.intro(target.visibleId, handOver) : undefined}
      formId="assign-form"
      submitLabel={handOver ? texts.submitReassign : texts.submitAssign}
      cancelLabel={texts.cancel}
      busy={status.busy}
      send={assigning.send}
      fallbackFocus={fallbackFocus}
    >
      <ExaminerPicker choice={assigning} name="assign-examiner" current={target?.examinerId} />
      <FormField
        form={assigning.form}
        name="comment"
        label={texts.comment}
        hint={texts.commentHint}
        optional
        rows={3}
      />
    </FormDialog>
  );
}
