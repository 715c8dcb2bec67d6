import type { ReadableAtom } from 'nanostores';
import { useId } from 'react';
import { FieldError } from '#components/ui/Field.tsx';
import type { RefusalGround } from '#domain/contract.ts';
import { useStore } from '#stores/prerendered.ts';
import type { Catalog } from '../../stores/catalog.ts';
import { groupByBasis } from './basis-groups.ts';
import type { GroundsChoice } from './grounds-choice.ts';

/** Props of GroundsPicker: the refusal's catalogue and its choice (the rejection's, or the refusal to accept's). */
export interface GroundsPickerProps {
  legend: string;
  /** The catalogue the grounds come from. */
  catalog: ReadableAtom<Catalog<RefusalGround>>;
  loadingText: string;
  choice: GroundsChoice;
}

/**
 * The grounds a refusal names: one checkbox per ground, the error above them; a legal basis shared by consecutive
 * grounds heads their group once, a basis of one ground stands under it.
 */
export default function GroundsPicker({ legend, catalog, loadingText, choice }: GroundsPickerProps) {
  const errorId = useId();
  const catalogue = useStore(catalog);
  const chosen = useStore(choice.$chosen);
  const error = useStore(choice.$error);
  const option = (ground: RefusalGround, basis: boolean) => (
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
        {basis && ground.legalBasis && <span className="grounds-picker__basis">{ground.legalBasis}</span>}
      </span>
    </label>
  );
  return (
    <fieldset className={error ? 'field field--error grounds-picker' : 'field grounds-picker'}>
      <legend className="field__label">{legend}</legend>
      {error && <FieldError id={errorId}>{error}</FieldError>}
      {catalogue.status === 'loading' ? (
        <p className="field__hint">{loadingText}</p>
      ) : (
        groupByBasis(catalogue.items).map((group) =>
          group.grounds.length > 1 && group.legalBasis ? (
            <fieldset key={group.grounds[0]?.id} className="grounds-picker__group">
              <legend className="grounds-picker__basis grounds-picker__group-basis">{group.legalBasis}</legend>
              {group.grounds.map((ground) => option(ground, false))}
            </fieldset>
          ) : (
            group.grounds.map((ground) => option(ground, true))
          ),
        )
      )}
    </fieldset>
  );
}
