import type { ReadableAtom } from 'nanostores';
import { useId } from 'react';
import { FieldError } from '#components/ui/Field.tsx';
import type { RefusalGround } from '#domain/contract.ts';
import { useStore } from '#stores/prerendered.ts';
import type { Catalog } from '../../stores/catalog.ts';
import type { GroundsChoice } from './grounds-choice.ts';

/** Props of GroundsPicker: the refusal's catalogue and its choice (the rejection's, or the refusal to accept's). */
export interface GroundsPickerProps {
  legend: string;
  /** The catalogue the grounds come from. */
  catalog: ReadableAtom<Catalog<RefusalGround>>;
  loadingText: string;
  choice: GroundsChoice;
}

/** The grounds a refusal names: one checkbox per ground, its legal basis under it, the error above them. */
export default function GroundsPicker({ legend, catalog, loadingText, choice }: GroundsPickerProps) {
  const errorId = useId();
  const catalogue = useStore(catalog);
  const chosen = useStore(choice.$chosen);
  const error = useStore(choice.$error);
  return (
    <fieldset className={error ? 'field field--error grounds-picker' : 'field grounds-picker'}>
      <legend className="field__label">{legend}</legend>
      {error && <FieldError id={errorId}>{error}</FieldError>}
      {catalogue.status === 'loading' ? (
        <p className="field__hint">{loadingText}</p>
      ) : (
        catalogue.items.map((ground) => (
          <label key={ground.id} className="grounds-picker__option">
            <input
              type="checkbox"
              checked={chosen.includes(ground.id)}
              onChange={() => choice.toggle(ground.id)}
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
