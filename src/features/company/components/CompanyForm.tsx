import { useStore } from '@nanostores/react';
import { type ReactNode, type SubmitEvent, useRef } from 'react';
import Button from '../../../components/ui/Button.tsx';
import Field from '../../../components/ui/Field.tsx';
import { useFormField } from '../../../components/ui/form.ts';
import LoadFailed from '../../../components/ui/LoadFailed.tsx';
import Spinner from '../../../components/ui/Spinner.tsx';
import { $isOwner } from '../../../stores/session.ts';
import {
  $companyFieldErrors,
  $companyFormAlert,
  $companyStatus,
  type CompanyFormValues,
  companyForm,
  loadCompany,
  saveCompany,
} from '../stores/company.ts';
import { companyTexts } from '../texts.ts';

/** A label with the quiet '(необязательно)' of an optional field. */
function optional(label: string): ReactNode {
  return (
    <>
      {label}
      <span className="field__optional"> {companyTexts.optional}</span>
    </>
  );
}

/** Props of TextField. */
interface TextFieldProps {
  name: keyof CompanyFormValues & string;
  label: ReactNode;
  hint?: string;
  /** For anyone but the owner every field but the legal entity is disabled. */
  disabled?: boolean;
  type?: 'text' | 'tel';
  inputMode?: 'numeric' | 'text';
  size?: 'medium' | 'full';
  autoComplete?: string;
  placeholder?: string;
}

/** One field of the company form, bound to the form store, with its own or the server's error. */
function TextField({ name, label, hint, disabled, type = 'text', inputMode, size = 'full', ...rest }: TextFieldProps) {
  const field = useFormField(companyForm, name);
  const errors = useStore($companyFieldErrors);
  return (
    <Field label={label} hint={hint} error={errors[name]}>
      {(control) => (
        <input
          {...control}
          {...rest}
          className={size === 'medium' ? 'input input--medium' : 'input'}
          name={name}
          type={type}
          inputMode={inputMode}
          disabled={disabled}
          value={field.value}
          onChange={field.onChange}
        />
      )}
    </Field>
  );
}

/** 'Моя компания': legal entity data and the head's contacts; only the owner saves (docs/product.md «Permissions»). */
export default function CompanyForm() {
  const load = useStore($companyStatus);
  const status = useStore(companyForm.$status);
  const alert = useStore($companyFormAlert);
  const isOwner = useStore($isOwner);
  const formRef = useRef<HTMLFormElement>(null);
  const locked = !isOwner;

  // Errors show after a submit attempt (not on blur), so the button never moves from under the pointer.
  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const outcome = await saveCompany();
    if (outcome !== 'saved') formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };

  return (
    <>
      <h1>{companyTexts.pageTitle}</h1>
      <p className="lead">{companyTexts.lead}</p>
      {load === 'loading' && <Spinner label={companyTexts.loading} />}
      {load === 'error' && (
        <LoadFailed text={companyTexts.loadFailed} retryLabel={companyTexts.retry} onRetry={() => void loadCompany()} />
      )}
      {load === 'ready' && (
        <form ref={formRef} className="card form-card" onSubmit={(event) => void onSubmit(event)} noValidate>
          {locked && <p className="alert">{companyTexts.ownerOnly}</p>}
          {alert && (
            <div className="alert alert--error" role="alert">
              <p>{alert}</p>
            </div>
          )}
          <fieldset className="form-section">
            <legend className="form-section__title">{companyTexts.legalSection}</legend>
            <TextField
              name="legalEntity"
              label={companyTexts.legalEntity}
              hint={companyTexts.legalEntityHint}
              autoComplete="organization"
            />
            <TextField
              name="legalAddress"
              label={optional(companyTexts.legalAddress)}
              disabled={locked}
              autoComplete="off"
            />
            <div className="form-grid">
              <TextField
                name="inn"
                label={optional(companyTexts.inn)}
                hint={companyTexts.innHint}
                inputMode="numeric"
                disabled={locked}
                autoComplete="off"
              />
              <TextField
                name="kpp"
                label={optional(companyTexts.kpp)}
                hint={companyTexts.kppHint}
                disabled={locked}
                autoComplete="off"
              />
              <TextField
                name="ogrn"
                label={optional(companyTexts.ogrn)}
                hint={companyTexts.ogrnHint}
                inputMode="numeric"
                disabled={locked}
                autoComplete="off"
              />
            </div>
          </fieldset>
          <fieldset className="form-section">
            <legend className="form-section__title">{companyTexts.contactSection}</legend>
            <TextField
              name="contactFio"
              label={optional(companyTexts.contactFio)}
              hint={companyTexts.contactFioHint}
              disabled={locked}
              autoComplete="off"
            />
            <TextField
              name="contactPhone"
              label={optional(companyTexts.contactPhone)}
              type="tel"
              size="medium"
              placeholder={companyTexts.phonePlaceholder}
              disabled={locked}
              autoComplete="off"
            />
          </fieldset>
          <div className="button-row">
            <Button type="submit" busy={status.busy}>
              {status.busy ? companyTexts.saving : companyTexts.save}
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
