import { type FormEvent, useEffect, useRef } from 'react';
import Button from '#components/ui/Button.tsx';
import Field from '#components/ui/Field.tsx';
import FormField, { type FormFieldProps } from '#components/ui/FormField.tsx';
import { useFormField } from '#components/ui/form.ts';
import { accountRoutes, routes } from '#domain/routes.ts';
import { useStore } from '#stores/prerendered.ts';
import ConsentField from '../personal-data/ConsentField.tsx';
import {
  $registration,
  $registrationErrors,
  changeEmail,
  emailForm,
  type RegistrationValues,
  registrationForm,
  requestCode,
  sendRegistration,
} from './stores/registration.ts';
import { registrationTexts as t } from './texts.ts';

type Spec = Omit<FormFieldProps<RegistrationValues>, 'form' | 'error'>;

const ORGANISATION: Spec[] = [
  { name: 'legalEntity', label: t.legalEntity, hint: t.legalEntityHint, autoComplete: 'organization', maxLength: 500 },
  { name: 'inn', label: t.inn, hint: t.innHint, inputMode: 'numeric', maxLength: 12, size: 'medium' },
  { name: 'kpp', label: t.kpp, hint: t.kppHint, maxLength: 9, size: 'medium' },
  { name: 'ogrn', label: t.ogrn, inputMode: 'numeric', maxLength: 15, size: 'medium' },
  { name: 'legalAddress', label: t.legalAddress, maxLength: 1000 },
];
const PERSON: Spec[] = [
  { name: 'fio', label: t.fio, autoComplete: 'name', maxLength: 255 },
  { name: 'position', label: t.position, autoComplete: 'organization-title', maxLength: 255 },
  {
    name: 'phone',
    label: t.phone,
    type: 'tel',
    autoComplete: 'tel',
    placeholder: t.phonePlaceholder,
    maxLength: 50,
    size: 'medium',
  },
];

function Fields({ specs }: { specs: readonly Spec[] }) {
  const errors = useStore($registrationErrors);
  return specs.map((spec) => (
    <FormField key={spec.name} form={registrationForm} touchOnBlur {...spec} error={errors[spec.name] ?? null} />
  ));
}

function Alert({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <div className="alert alert--error" role="alert">
      <p>{text}</p>
    </div>
  );
}

function EmailStep() {
  const state = useStore($registration);
  const email = useFormField(emailForm, 'email');
  const ref = useRef<HTMLInputElement>(null);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await requestCode(email.value);
    if (emailForm.$shownErrors.get().email) ref.current?.focus();
  };
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Alert text={state.alert} />
      <Field id="registration-email" label={t.emailLabel} hint={t.emailHint} error={email.error}>
        {(control) => (
          <input
            {...control}
            ref={ref}
            className="input"
            type="email"
            name="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            value={email.value}
            onChange={email.onChange}
            onBlur={email.onBlur}
          />
        )}
      </Field>
      <Button type="submit" busy={state.busy}>
        {t.getCode}
      </Button>
    </form>
  );
}

function Consent() {
  const errors = useStore($registrationErrors);
  const values = useStore(registrationForm.$values);
  return (
    <ConsentField
      id="registration-consent"
      label={t.consentLabel}
      labelClassName="choice registration__consent"
      checked={values.consent === '1'}
      onChange={(checked) => registrationForm.setValue('consent', checked ? '1' : '')}
      error={errors.consent}
      links={
        <p className="registration__documents">
          <a href={accountRoutes.consent} target="_blank" rel="noreferrer">
            {t.consentLink}
          </a>
          <a href={accountRoutes.privacy} target="_blank" rel="noreferrer">
            {t.privacyLink}
          </a>
        </p>
      }
    />
  );
}

function FormStep() {
  const state = useStore($registration);
  const errors = useStore($registrationErrors);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await sendRegistration()) return;
    // The first field at fault takes the focus, so its message is read out.
    document.querySelector<HTMLElement>('.registration [aria-invalid="true"]')?.focus();
  };
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <p className="auth-card__lead">
        {t.sentTo} <span className="auth-card__email">{state.email}</span>
      </p>
      {state.notice && (
        <div className="alert alert--success" role="status">
          {state.notice}
        </div>
      )}
      <Alert text={state.alert} />
      <FormField
        form={registrationForm}
        name="code"
        label={t.codeLabel}
        hint={t.codeHint}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        size="medium"
        touchOnBlur
        error={errors.code ?? null}
      />
      <div className="auth-actions__links registration__code-actions">
        <Button variant="link" onClick={() => changeEmail()}>
          {t.changeEmail}
        </Button>
        <Button variant="link" onClick={() => void requestCode(state.email)} disabled={state.busy}>
          {t.resend}
        </Button>
      </div>
      <fieldset className="form-section">
        <legend className="form-section__title">{t.organisationSection}</legend>
        <Fields specs={ORGANISATION} />
      </fieldset>
      <fieldset className="form-section">
        <legend className="form-section__title">{t.personSection}</legend>
        <Fields specs={PERSON} />
      </fieldset>
      <Consent />
      <Button type="submit" busy={state.busy}>
        {t.submit}
      </Button>
    </form>
  );
}

function Done() {
  const state = useStore($registration);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {t.doneHeading}
      </h1>
      <p>{t.done(state.organisation)}</p>
      <p>{t.waysLead}</p>
      <ul>
        <li>{t.waySignature}</li>
        <li>{t.wayCommittee}</li>
      </ul>
      <p>
        <a className="button" href={routes.companyEdit}>
          {t.toCompany}
        </a>
      </p>
    </>
  );
}

/** '/register': an organisation registers itself; its registrant leaves as the owner of a pending company. */
export default function RegistrationForm() {
  const state = useStore($registration);
  const shown = useRef(state.step);
  // The new step's first field takes the focus when the step changes.
  useEffect(() => {
    if (shown.current === state.step) return;
    shown.current = state.step;
    if (state.step !== 'done') document.querySelector<HTMLElement>('.registration input')?.focus();
  }, [state.step]);
  if (state.step === 'done') return <Done />;
  return (
    <div className="registration">
      <h1>{t.heading}</h1>
      {state.step === 'email' && <p className="auth-card__lead">{t.intro}</p>}
      {state.step === 'email' ? <EmailStep /> : <FormStep />}
      <p className="auth-card__aside">
        <a href={routes.login}>{t.loginLink}</a>
      </p>
    </div>
  );
}
