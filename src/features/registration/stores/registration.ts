// The registration of an organisation (docs/product.md «Registration»): the e-mail, then the code from the letter with
// the organisation, the person and the consent. Public: plain fetch, no session client in the page's JS; the answer
// sets the refresh cookie, so the next page of the portal opens signed in.
import { atom, map, type ReadableAtom } from 'nanostores';
import type { ApiErrorBody, PersonalDataDocument, RegistrationInput } from '#domain/contract.ts';
import { REGISTRATION_FIELD_TEXTS, type RegistrationFields, registrationProblems } from '#domain/registration.ts';
import { type FieldErrors, validateLoginEmail } from '#lib/validators.ts';
import { createForm } from '#stores/form.ts';
import { computed } from '#stores/prerendered.ts';
import { registrationTexts as t } from '../texts.ts';

export type RegistrationStep = 'email' | 'form' | 'done';

/** Where the registration stands: the step, the e-mail the code went to, the alert above the form, busy. */
export interface RegistrationState {
  step: RegistrationStep;
  email: string;
  alert: string | null;
  notice: string | null;
  busy: boolean;
  /** The organisation registered (the done step names it). */
  organisation: string;
}

const $state = map<RegistrationState>({
  step: 'email',
  email: '',
  alert: null,
  notice: null,
  busy: false,
  organisation: '',
});
export const $registration: ReadableAtom<RegistrationState> = $state;

/** The e-mail step. */
export const emailForm = createForm({ email: '' }, validateLoginEmail);

/** The organisation's form, with the code and the consent ('1' when given). */
export interface RegistrationValues extends RegistrationFields, Record<string, string> {
  code: string;
  consent: string;
}

const EMPTY: RegistrationValues = {
  code: '',
  legalEntity: '',
  inn: '',
  kpp: '',
  ogrn: '',
  legalAddress: '',
  fio: '',
  position: '',
  phone: '',
  consent: '',
};

/** The form's own checks: the kernel's rules of the organisation, six digits of the code, the consent given. */
export function validateRegistration(values: RegistrationValues): FieldErrors<RegistrationValues> {
  const errors: FieldErrors<RegistrationValues> = Object.fromEntries(registrationProblems(values));
  if (!/^\d{6}$/.test(values.code.trim())) errors.code = t.codeRequired;
  if (values.consent !== '1') errors.consent = REGISTRATION_FIELD_TEXTS.consentRequired;
  return errors;
}

export const registrationForm = createForm<RegistrationValues>(EMPTY, validateRegistration, { askBeforeLeaving: true });

/** What the server said about a field, with the value it was about: shown while that value stays. */
const $server = map<Partial<Record<keyof RegistrationValues, { message: string; value: string }>>>({});

/** The errors to show: the form's own first, then the server's about a value still there. */
export const $registrationErrors: ReadableAtom<FieldErrors<RegistrationValues>> = computed(
  [registrationForm.$shownErrors, registrationForm.$values, $server],
  (shown, values, server) => {
    const errors: FieldErrors<RegistrationValues> = { ...shown };
    for (const [field, problem] of Object.entries(server) as Array<
      [keyof RegistrationValues, { message: string; value: string }]
    >) {
      if (!errors[field] && problem && values[field] === problem.value) errors[field] = problem.message;
    }
    return errors;
  },
);

/** The consent the form asks for: read when the form opens, so its version goes with the registration. */
const $consentVersion = atom<string | null>(null);

/** Reads the consent's current version (null when it cannot be had). */
async function loadConsentVersion(): Promise<string | null> {
  const consent = await fetch('/api/public/consent', { headers: { accept: 'application/json' }, credentials: 'omit' })
    .then((response) => (response.ok ? (response.json() as Promise<PersonalDataDocument>) : null))
    .catch(() => null);
  $consentVersion.set(consent?.version ?? null);
  return consent?.version ?? null;
}

async function call<T>(
  url: string,
  body: unknown,
): Promise<{ status: number | null; data: T | null; error: ApiErrorBody | null }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
    const json = (await response.json().catch(() => null)) as unknown;
    return response.ok
      ? { status: response.status, data: json as T, error: null }
      : { status: response.status, data: null, error: (json as ApiErrorBody | null) ?? null };
  } catch {
    return { status: null, data: null, error: null };
  }
}

/** The text of a failure the form shows above itself. */
function alertOf(status: number | null, error: ApiErrorBody | null, fallback: string): string {
  if (status === null) return t.offline;
  return error?.message ?? fallback;
}

/** Asks for a code for the e-mail; opens the form step. */
export async function requestCode(email: string): Promise<void> {
  emailForm.setValue('email', email);
  if (!emailForm.validate() || $state.get().busy) return;
  const trimmed = email.trim();
  $state.set({ ...$state.get(), busy: true, alert: null, notice: null });
  const answer = await call<{ message: string }>('/api/registrations/start', { email: trimmed });
  if (!answer.data) {
    $state.set({ ...$state.get(), busy: false, alert: alertOf(answer.status, answer.error, t.sendFailed) });
    return;
  }
  await loadConsentVersion();
  const wasForm = $state.get().step === 'form';
  $state.set({
    ...$state.get(),
    step: 'form',
    email: trimmed,
    busy: false,
    notice: wasForm ? t.resent : answer.data.message,
  });
}

/** Back to the e-mail step, keeping what was typed in the form. */
export function changeEmail(): void {
  $state.set({ ...$state.get(), step: 'email', alert: null, notice: null });
}

/** Sends the registration; on success the done step. True when registered. */
export async function sendRegistration(): Promise<boolean> {
  if (!registrationForm.validate() || $state.get().busy) return false;
  $server.set({});
  $state.set({ ...$state.get(), busy: true, alert: null, notice: null });
  // The consent agreed to is the version read now: none read yet (no connection then) is read again first.
  const version = $consentVersion.get() ?? (await loadConsentVersion());
  if (version === null) {
    $state.set({ ...$state.get(), busy: false, alert: t.consentUnavailable });
    return false;
  }
  const values = registrationForm.$values.get();
  const body: RegistrationInput = {
    email: $state.get().email,
    code: values.code.trim(),
    legalEntity: values.legalEntity.trim(),
    inn: values.inn.trim(),
    kpp: values.kpp.trim() || null,
    ogrn: values.ogrn.trim(),
    legalAddress: values.legalAddress.trim(),
    fio: values.fio.trim(),
    position: values.position.trim(),
    phone: values.phone.trim(),
    consentVersion: values.consent === '1' ? version : null,
  };
  const answer = await call<unknown>('/api/registrations', body);
  if (answer.status === 201) {
    registrationForm.reset(values);
    $state.set({ ...$state.get(), step: 'done', busy: false, organisation: body.legalEntity });
    return true;
  }
  const error = answer.error;
  const kind = error?.error;
  // The server names `consentVersion`; the form's field is the checkbox.
  const field = (error?.field === 'consentVersion' ? 'consent' : error?.field) as keyof RegistrationValues | undefined;
  const onCode = kind === 'invalid_code';
  const onField = onCode || (field !== undefined && field in EMPTY);
  if (onCode) $server.set({ code: { message: error?.message ?? t.failed, value: values.code } });
  else if (field && field in EMPTY) {
    $server.set({ [field]: { message: error?.message ?? t.failed, value: values[field] ?? '' } } as Partial<
      Record<keyof RegistrationValues, { message: string; value: string }>
    >);
  }
  if (field === 'consent') {
    // A newer consent than the one shown: it is read again and has to be agreed to again.
    registrationForm.setValue('consent', '');
    await loadConsentVersion();
  }
  // The code is spent once the form passed its checks: after a taken ИНН or address a new code is needed.
  const codeSpent = kind === 'inn_taken' || kind === 'email_taken';
  if (codeSpent) registrationForm.setValue('code', '');
  const backToEmail = kind === 'expired_or_not_started' || kind === 'too_many_attempts';
  $state.set({
    ...$state.get(),
    busy: false,
    step: backToEmail ? 'email' : 'form',
    alert: backToEmail
      ? (error?.message ?? t.failed)
      : codeSpent
        ? t.codeSpent
        : onField
          ? null
          : alertOf(answer.status, error ?? null, t.failed),
  });
  return false;
}
