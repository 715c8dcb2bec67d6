import { useId } from 'react';
import { FieldError } from '#components/ui/Field.tsx';
import FormDialog from '#components/ui/FormDialog.tsx';
import FormField from '#components/ui/FormField.tsx';
import { useStore } from '#stores/prerendered.ts';
import { $activeBodies, type createConclusions } from './detail.ts';
import { conclusionTexts as texts } from './texts.ts';

/** The stores of one detail's conclusions (createConclusions). */
type Conclusions = ReturnType<typeof createConclusions>;

/** 'Запросить заключения': the active bodies with their default terms, the question, an optional term. */
export default function RequestConclusionsDialog({
  conclusions,
  fallbackFocus,
}: {
  conclusions: Conclusions;
  fallbackFocus?: () => HTMLElement | null;
}) {
  const { request } = conclusions;
  const open = useStore(request.$open);
  const status = useStore(request.form.$status);
  return (
    <FormDialog
      open={open}
      close={request.close}
      title={texts.requestTitle}
      description={texts.requestIntro}
      formId="conclusions-request-form"
      submitLabel={texts.requestSubmit}
      cancelLabel={texts.cancel}
      busy={status.busy}
      send={request.send}
      fallbackFocus={fallbackFocus}
    >
      <BodiesPicker request={request} />
      <FormField form={request.form} name="question" label={texts.questionLabel} rows={4} touchOnBlur />
      <FormField
        form={request.form}
        name="dueDays"
        label={texts.dueDays}
        hint={texts.dueDaysHint}
        optional
        size="medium"
        inputMode="numeric"
        touchOnBlur
      />
    </FormDialog>
  );
}

/** The bodies to ask, ticked; the error above them. */
function BodiesPicker({ request }: { request: Conclusions['request'] }) {
  const errorId = useId();
  const catalog = useStore($activeBodies);
  const chosen = useStore(request.$chosen);
  const error = useStore(request.$bodiesError);
  return (
    <fieldset className={error ? 'field field--error grounds-picker' : 'field grounds-picker'}>
      <legend className="field__label">{texts.bodiesLegend}</legend>
      {error && <FieldError id={errorId}>{error}</FieldError>}
      {catalog.status === 'loading' && <p className="field__hint">{texts.bodiesLoading}</p>}
      {catalog.status === 'ready' && catalog.items.length === 0 && <p className="field__hint">{texts.noBodies}</p>}
      {catalog.items.map((body) => (
        <label key={body.id} className="grounds-picker__option">
          <input
            type="checkbox"
            checked={chosen.includes(body.id)}
            onChange={() => request.toggle(body.id)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <span>
            {body.name}
            <span className="grounds-picker__basis">{texts.bodyTerm(body.termDays)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
