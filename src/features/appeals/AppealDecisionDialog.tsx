import FormDialog from '#components/ui/FormDialog.tsx';
import { APPEAL_SUBJECT_LABELS } from '#domain/appeals.ts';
import { useStore } from '#stores/prerendered.ts';
import ExaminerPicker from '../workflow/ExaminerPicker.tsx';
import AppealText from './components/AppealText.tsx';
import RadioChoice from './components/RadioChoice.tsx';
import type { AppealDecision } from './stores/decision.ts';
import { decisionTexts as texts } from './texts.ts';

/** Props of AppealDecisionDialog. */
export interface AppealDecisionDialogProps {
  decision: AppealDecision;
  /** Where focus goes when the button that opened the dialog is gone (the appeal is answered). */
  fallbackFocus?: () => HTMLElement | null;
}

const OUTCOMES = [
  { value: 'upheld', label: texts.uphold },
  { value: 'dismissed', label: texts.dismiss },
] as const;

/**
 * 'Рассмотрение жалобы': the appeal's text, 'Удовлетворить' or 'Отказать в удовлетворении', the answer for the letter,
 * and, when upholding cancels a refusal, the examiner who reviews the statement again.
 */
export default function AppealDecisionDialog({ decision, fallbackFocus }: AppealDecisionDialogProps) {
  const target = useStore(decision.$target);
  const status = useStore(decision.form.$status);
  const errors = useStore(decision.$fieldErrors);
  const asksExaminer = useStore(decision.$asksExaminer);
  return (
    <FormDialog
      open={target !== null}
      close={decision.close}
      title={texts.title}
      description={target ? texts.intro(target.visibleId, APPEAL_SUBJECT_LABELS[target.appeal.subject]) : undefined}
      formId="appeal-decision-form"
      submitLabel={texts.submit}
      cancelLabel={texts.cancel}
      busy={status.busy}
      send={decision.send}
      fallbackFocus={fallbackFocus}
    >
      {target && <p className="appeal__text dialog__note">{target.appeal.text}</p>}
      <RadioChoice
        form={decision.form}
        name="outcome"
        legend={texts.outcomeLegend}
        options={OUTCOMES}
        error={errors.outcome}
      />
      {asksExaminer && (
        <>
          <p className="field__hint">{texts.examinerHint}</p>
          <ExaminerPicker
            choice={decision.examiners}
            name="appeal-examiner"
            current={target?.examinerId}
            currentNote={texts.decidedBy}
            keepCurrent
          />
        </>
      )}
      <AppealText form={decision.form} label={texts.text} hint={texts.textHint} error={errors.text} />
    </FormDialog>
  );
}
