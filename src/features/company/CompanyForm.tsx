import FormField, { type FormFieldProps } from '#components/ui/FormField.tsx';
import ProfileScreen from '#components/ui/ProfileScreen.tsx';
import { useStore } from '#stores/prerendered.ts';
import { $isOwner } from '#stores/session.ts';
import {
  $companyFieldErrors,
  $companyFormAlert,
  $companyStatus,
  type CompanyFormValues,
  companyForm,
  loadCompany,
  saveCompany,
} from './stores/company.ts';
import { companyTexts } from './texts.ts';

/** One field of the form: its name, its words and the input's own attributes. */
type FieldSpec = Omit<FormFieldProps<CompanyFormValues>, 'form' | 'error' | 'readOnly'>;

const t = companyTexts;
const LEGAL: FieldSpec[] = [
  { name: 'legalEntity', label: t.legalEntity, hint: t.legalEntityHint, autoComplete: 'organization' },
  { name: 'legalAddress', label: t.legalAddress, optional: true },
];
const REQUISITES: FieldSpec[] = [
  { name: 'inn', label: t.inn, optional: true, hint: t.innHint, inputMode: 'numeric' },
  { name: 'kpp', label: t.kpp, optional: true, hint: t.kppHint },
  { name: 'ogrn', label: t.ogrn, optional: true, hint: t.ogrnHint, inputMode: 'numeric' },
];
const CONTACT: FieldSpec[] = [
  { name: 'contactFio', label: t.contactFio, optional: true, hint: t.contactFioHint },
  {
    name: 'contactPhone',
    label: t.contactPhone,
    optional: true,
    type: 'tel',
    size: 'medium',
    placeholder: t.phonePlaceholder,
  },
];

/**
 * Fields of the company form with their own error, shown once the field is left (the requisites' length and control
 * digits, as the API checks them), or the server's; for anyone but the owner every field is read-only (still focusable
 * and read aloud with its label, unlike a disabled one).
 */
function CompanyFields({ specs, locked }: { specs: readonly FieldSpec[]; locked: boolean }) {
  const errors = useStore($companyFieldErrors);
  return specs.map((spec) => (
    <FormField
      key={spec.name}
      form={companyForm}
      autoComplete="off"
      touchOnBlur
      {...spec}
      error={errors[spec.name] ?? null}
      readOnly={locked}
    />
  ));
}

/**
 * 'Моя компания': legal entity data and the head's contacts; only the owner edits and saves, anyone else reads them
 * without a save button (docs/product.md «Permissions»).
 */
export default function CompanyForm() {
  const alert = useStore($companyFormAlert);
  const isOwner = useStore($isOwner);
  const locked = !isOwner;
  return (
    <ProfileScreen
      texts={companyTexts}
      $load={$companyStatus}
      reload={loadCompany}
      form={companyForm}
      save={saveCompany}
      readOnly={locked}
    >
      {locked && <p className="alert">{companyTexts.ownerOnly}</p>}
      {alert && (
        <div className="alert alert--error" role="alert">
          <p>{alert}</p>
        </div>
      )}
      <fieldset className="form-section">
        <legend className="form-section__title">{companyTexts.legalSection}</legend>
        <CompanyFields specs={LEGAL} locked={locked} />
        <div className="form-grid">
          <CompanyFields specs={REQUISITES} locked={locked} />
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend className="form-section__title">{companyTexts.contactSection}</legend>
        <CompanyFields specs={CONTACT} locked={locked} />
      </fieldset>
    </ProfileScreen>
  );
}
