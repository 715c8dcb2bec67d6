import { type SubmitEvent, useId } from 'react';
import Button from '#components/ui/Button.tsx';
import Dialog from '#components/ui/Dialog.tsx';
import { FieldError } from '#components/ui/Field.tsx';
import FormField from '#components/ui/FormField.tsx';
import { useStore } from '#stores/prerendered.ts';
import { type Assigning, isHandOver } from '../../stores/assigning.ts';
import { assigningTexts as texts } from '../../texts/assigning.ts';

/** Props of AssignDialog. */
export interface AssignDialogProps {
  assigning: Assigning;
  /** Where focus goes when the button that opened the dialog is gone (the row left the news). */
  fallbackFocus?: () => HTMLElement | null;
}

/** The examiners, one radio each with their load (in work, overdue); the current one cannot be chosen again. */
function ExaminerPicker({ assigning }: { assigning: Assigning }) {
  const errorId = useId();
  const examiners = useStore(assigning.$examiners);
  const target = useStore(assigning.$target);
  const chosen = useStore(assigning.$chosen);
  const error = useStore(assigning.$error);
  return (
    <fieldset className={error ? 'field field--error grounds-picker' : 'field grounds-picker'}>
      <legend className="field__label">{texts.examinersLegend}</legend>
      {error && <FieldError id={errorId}>{error}</FieldError>}
      {examiners.status === 'loading' && <p className="field__hint">{texts.examinersLoading}</p>}
      {examiners.status === 'failed' && <p className="field__hint">{texts.examinersFailed}</p>}
      {examiners.status === 'ready' &&
        examiners.examiners.map((examiner) => {
          const current = examiner.examinerId === target?.examinerId;
          return (
            <label key={examiner.examinerId} className="grounds-picker__option">
              <input
                type="radio"
                name="assign-examiner"
                value={examiner.examinerId}
                checked={chosen === examiner.examinerId}
                disabled={current}
                onChange={() => assigning.choose(examiner.examinerId)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
              />
              <span>
                {examiner.fio}
                {examiner.isHead && `, ${texts.head}`}
                {current && ` (${texts.current})`}
                <span className="grounds-picker__basis">{texts.load(examiner.inWork, examiner.overdue)}</span>
              </span>
            </label>
          );
        })}
    </fieldset>
  );
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
        <ExaminerPicker assigning={assigning} />
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
