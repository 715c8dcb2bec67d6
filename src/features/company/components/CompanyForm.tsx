import { useStore } from '@nanostores/react';
import { type SubmitEvent, useRef } from 'react';
import Button from '../../../components/ui/Button.tsx';
import FormField from '../../../components/ui/FormField.tsx';
import LoadFailed from '../../../components/ui/LoadFailed.tsx';
import Spinner from '../../../components/ui/Spinner.tsx';
import { $isOwner } from '../../../stores/session.ts';
import {
  $companyFieldErrors,
  $companyFormAlert,
  $companyStatus,
  companyForm,
  loadCompany,
  saveCompany,
} from '../stores/company.ts';
import { companyTexts } from '../texts.ts';

/** 'Моя компания': legal entity data and the head's contacts; only the owner saves (docs/product.md «Permissions»). */
export default function CompanyForm() {
  const load = useStore($companyStatus);
  const status = useStore(companyForm.$status);
  const alert = useStore($companyFormAlert);
  const errors = useStore($companyFieldErrors);
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
            <FormField
              form={companyForm}
              name="legalEntity"
              error={errors.legalEntity ?? null}
              label={companyTexts.legalEntity}
              hint={companyTexts.legalEntityHint}
              autoComplete="organization"
            />
            <FormField
              form={companyForm}
              name="legalAddress"
              error={errors.legalAddress ?? null}
              label={companyTexts.legalAddress}
              optional
              disabled={locked}
              autoComplete="off"
            />
            <div className="form-grid">
              <FormField
                form={companyForm}
                name="inn"
                error={errors.inn ?? null}
                label={companyTexts.inn}
                optional
                hint={companyTexts.innHint}
                inputMode="numeric"
                disabled={locked}
                autoComplete="off"
              />
              <FormField
                form={companyForm}
                name="kpp"
                error={errors.kpp ?? null}
                label={companyTexts.kpp}
                optional
                hint={companyTexts.kppHint}
                disabled={locked}
                autoComplete="off"
              />
              <FormField
                form={companyForm}
                name="ogrn"
                error={errors.ogrn ?? null}
                label={companyTexts.ogrn}
                optional
                hint={companyTexts.ogrnHint}
                inputMode="numeric"
                disabled={locked}
                autoComplete="off"
              />
            </div>
          </fieldset>
          <fieldset className="form-section">
            <legend className="form-section__title">{companyTexts.contactSection}</legend>
            <FormField
              form={companyForm}
              name="contactFio"
              error={errors.contactFio ?? null}
              label={companyTexts.contactFio}
              optional
              hint={companyTexts.contactFioHint}
              disabled={locked}
              autoComplete="off"
            />
            <FormField
              form={companyForm}
              name="contactPhone"
              error={errors.contactPhone ?? null}
              label={companyTexts.contactPhone}
              optional
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
