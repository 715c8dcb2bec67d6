import { useId } from 'react';
import { FieldError } from '#components/ui/Field.tsx';
import type { RefusalGround } from '#domain/contract.ts';

/** Props of GroundsPicker. */
export interface GroundsPickerProps {
  legend: string;
  /** The catalogue's grounds, or null while they load. */
  grounds: readonly RefusalGround[] | null;
  loadingText: string;
  chosen: readonly number[];
  toggle: (id: number) => void;
  /** The error after a send attempt, or null. */
  error: string | null;
}

/** The grounds a refusal names: one checkbox per ground, its legal basis under it, the error above them. */
export default function GroundsPicker({ legend, grounds, loadingText, chosen, toggle, error }: GroundsPickerProps) {
  const errorId = useId();
  return (
    <fieldset className={error ? 'field field--error grounds-picker' : 'field grounds-picker'}>
      <legend className="field__label">{legend}</legend>
      {error && <FieldError id={errorId}>{error}</FieldError>}
      {grounds === null ? (
        <p className="field__hint">{loadingText}</p>
      ) : (
        grounds.map((ground) => (
          <label key={ground.id} className="grounds-picker__option">
            <input
              type="checkbox"
              checked={chosen.includes(ground.id)}
              onChange={() => toggle(ground.id)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <span>
              {ground.name}
              <span className="grounds-picker__basis">{ground.legalBasis}</span>
            </span>
          </label>
        ))
      )}
    </fieldset>
  );
}
