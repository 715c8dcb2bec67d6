import { useId } from 'react';
import { FieldError } from '#components/ui/Field.tsx';
import { useStore } from '#stores/prerendered.ts';
import type { ExaminerChoice } from './examiner-choice.ts';
import { assigningTexts as texts } from './texts.ts';

/** Props of ExaminerPicker. */
export interface ExaminerPickerProps {
  choice: ExaminerChoice;
  /** The radios' group name, one per dialog. */
  name: string;
  /** The examiner the statement has now: marked, and not offered again when `keepCurrent` is false. */
  current?: number | null;
  /** Assigning hands the statement to someone else (the current one cannot be chosen); an appeal may keep them. */
  keepCurrent?: boolean;
  /** How the current one is marked ('ведёт сейчас' by default). */
  currentNote?: string;
}

/** The examiners, one radio each with their load (in work, overdue), the current one marked. */
export default function ExaminerPicker({
  choice,
  name,
  current = null,
  keepCurrent = false,
  currentNote = texts.current,
}: ExaminerPickerProps) {
  const errorId = useId();
  const examiners = useStore(choice.$examiners);
  const chosen = useStore(choice.$chosen);
  const error = useStore(choice.$error);
  return (
    <fieldset className={error ? 'field field--error grounds-picker' : 'field grounds-picker'}>
      <legend className="field__label">{texts.examinersLegend}</legend>
      {error && <FieldError id={errorId}>{error}</FieldError>}
      {examiners.status === 'loading' && <p className="field__hint">{texts.examinersLoading}</p>}
      {examiners.status === 'failed' && <p className="field__hint">{texts.examinersFailed}</p>}
      {examiners.status === 'ready' &&
        examiners.examiners.map((examiner) => {
          const isCurrent = examiner.examinerId === current;
          return (
            <label key={examiner.examinerId} className="grounds-picker__option">
              <input
                type="radio"
                name={name}
                value={examiner.examinerId}
                checked={chosen === examiner.examinerId}
                disabled={isCurrent && !keepCurrent}
                onChange={() => choice.choose(examiner.examinerId)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
              />
              <span>
                {examiner.fio}
                {examiner.isHead && `, ${texts.head}`}
                {isCurrent && ` (${currentNote})`}
                <span className="grounds-picker__basis">{texts.load(examiner.inWork, examiner.overdue)}</span>
              </span>
            </label>
          );
        })}
    </fieldset>
  );
}
