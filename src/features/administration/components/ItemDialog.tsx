import { useId } from 'react';
import Field, { FieldError } from '#components/ui/Field.tsx';
import FormDialog from '#components/ui/FormDialog.tsx';
import FormField from '#components/ui/FormField.tsx';
import { useFormField } from '#components/ui/form.ts';
import type { Form, FormValues } from '#stores/form.ts';
import { useStore } from '#stores/prerendered.ts';
import type { FieldSpec } from '../lib/fields.ts';
import type { AdminList } from '../stores/admin-list.ts';
import { adminTexts } from '../texts.ts';

const optionalText = '(необязательно)';

/** A select of a field's options, bound to the form. */
function SelectField<V extends FormValues>({
  form,
  field,
  error,
}: {
  form: Form<V>;
  field: FieldSpec<V> & { options: NonNullable<FieldSpec<V>['options']> };
  error: string | null;
}) {
  const bound = useFormField(form, field.name);
  const options = useStore(field.options);
  return (
    <Field
      label={
        <>
          {field.label}
          {field.optional && <span className="field__optional"> {optionalText}</span>}
        </>
      }
      hint={field.hint}
      error={error}
    >
      {(control) => (
        <select {...control} className="input select" name={field.name} value={bound.value} onChange={bound.onChange}>
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Radios of a field's options (a remark's kind), bound to the form. */
function ChoiceField<V extends FormValues>({
  form,
  field,
  error,
}: {
  form: Form<V>;
  field: FieldSpec<V> & { options: NonNullable<FieldSpec<V>['options']> };
  error: string | null;
}) {
  const errorId = useId();
  const values = useStore(form.$values);
  const options = useStore(field.options);
  return (
    <fieldset className={error ? 'field field--error choice-group' : 'field choice-group'}>
      <legend className="choice-group__legend">{field.label}</legend>
      {error && <FieldError id={errorId}>{error}</FieldError>}
      {options.map((option) => (
        <label key={option.value} className="choice">
          <input
            type="radio"
            name={field.name}
            value={option.value}
            checked={values[field.name] === option.value}
            disabled={option.disabled}
            onChange={() => form.setValue(field.name, option.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** One field of the dialog by its spec: a text, an e-mail, a phone, several lines, a select or radios. */
function SpecField<V extends FormValues>({
  form,
  field,
  error,
}: {
  form: Form<V>;
  field: FieldSpec<V>;
  error: string | null;
}) {
  const { options } = field;
  if (options && field.kind === 'select')
    return <SelectField form={form} field={{ ...field, options }} error={error} />;
  if (options && field.kind === 'choice')
    return <ChoiceField form={form} field={{ ...field, options }} error={error} />;
  const kind = field.kind ?? 'text';
  return (
    <FormField
      form={form}
      name={field.name}
      label={field.label}
      optional={field.optional}
      hint={field.hint}
      error={error}
      rows={kind === 'textarea' ? 4 : undefined}
      type={kind === 'email' || kind === 'tel' ? kind : 'text'}
      inputMode={kind === 'email' ? 'email' : undefined}
      spellCheck={kind === 'email' ? false : undefined}
      autoComplete="off"
      placeholder={field.placeholder}
      size={kind === 'tel' ? 'medium' : 'full'}
      touchOnBlur
    />
  );
}

/**
 * The add/edit dialog of every administration list: the list's fields (the spec's), errors beside them in Russian,
 * the server's refusal above them; 'Сохранить' and 'Отмена'. A refused save focuses the first wrong field.
 */
export default function ItemDialog<T extends { id: number }, V extends FormValues, B extends object>({
  list,
}: {
  list: AdminList<T, V, B>;
}) {
  const { spec, form } = list;
  const formId = useId();
  const editor = useStore(list.$editor);
  const errors = useStore(list.$fieldErrors);
  const alert = useStore(list.$saveAlert);
  const status = useStore(form.$status);
  const adding = editor?.mode === 'add';

  return (
    <FormDialog
      open={editor !== null}
      close={list.closeEditor}
      title={adding ? spec.addTitle : spec.editTitle}
      description={adding ? spec.addNote : editor ? spec.editNote?.(editor.item) : undefined}
      formId={formId}
      submitLabel={adminTexts.save}
      cancelLabel={adminTexts.cancel}
      busy={status.busy}
      send={async () => (await list.save()) === 'saved'}
    >
      {alert && (
        <div className="alert alert--error" role="alert">
          <p>{alert}</p>
        </div>
      )}
      {editor !== null &&
        list
          .fieldsShown()
          .map((field) => <SpecField key={field.name} form={form} field={field} error={errors[field.name] ?? null} />)}
    </FormDialog>
  );
}
