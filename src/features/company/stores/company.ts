import { atom, type ReadableAtom } from 'nanostores';
import type { Company } from '#domain/contract.ts';
import { isCompanyUser } from '#lib/roles.ts';
import { type FieldErrors, orNull, validateCompany } from '#lib/validators.ts';
import { api } from '#stores/api.ts';
import { createForm } from '#stores/form.ts';
import { type SaveOutcome, saveForm } from '#stores/form-save.ts';
import { dataOf, loadWhenSignedIn, sharedRun } from '#stores/load.ts';
import { createServerFeedback } from '#stores/server-feedback.ts';
import { reloadCurrentUser } from '#stores/session.ts';
import { showToast } from '#stores/toasts.ts';
import { companyTexts } from '../texts.ts';

/** The company's data as the form edits it. */
export interface CompanyFormValues extends Record<string, string> {
  legalEntity: string;
  legalAddress: string;
  inn: string;
  kpp: string;
  ogrn: string;
  contactFio: string;
  contactPhone: string;
}

const FIELDS = ['legalEntity', 'legalAddress', 'inn', 'kpp', 'ogrn', 'contactFio', 'contactPhone'] as const;

/** The form's values for the company from the API (nulls as empty fields). */
function valuesOf(company: Company): CompanyFormValues {
  return {
    legalEntity: company.legalEntity,
    legalAddress: company.legalAddress ?? '',
    inn: company.inn ?? '',
    kpp: company.kpp ?? '',
    ogrn: company.ogrn ?? '',
    contactFio: company.contactFio ?? '',
    contactPhone: company.contactPhone ?? '',
  };
}

/** The body of PUT /api/companies/me: trimmed, empty optional values as null. */
export function companyPayload(values: CompanyFormValues) {
  return {
    legalEntity: values.legalEntity.trim(),
    legalAddress: orNull(values.legalAddress),
    inn: orNull(values.inn),
    kpp: orNull(values.kpp),
    ogrn: orNull(values.ogrn),
    contactFio: orNull(values.contactFio),
    contactPhone: orNull(values.contactPhone),
  };
}

/** The 'Моя компания' form: values, touched fields and errors from validateCompany. */
export const companyForm = createForm<CompanyFormValues>(
  { legalEntity: '', legalAddress: '', inn: '', kpp: '', ogrn: '', contactFio: '', contactPhone: '' },
  validateCompany,
  { askBeforeLeaving: true },
);

const $load = atom<'loading' | 'error' | 'ready'>('loading');

/** Whether the company has arrived: loading ('Загрузка…'), failed (toasted), or ready. */
export const $companyStatus: ReadableAtom<'loading' | 'error' | 'ready'> = $load;

/** What the server said about the last save: INN, KPP, OGRN next to their fields, a refusal above the form. */
const feedback = createServerFeedback(companyForm, FIELDS);

/** The errors to show by field: the form's own checks first, then what the server said about the value still there. */
export const $companyFieldErrors: ReadableAtom<FieldErrors<CompanyFormValues>> = feedback.$fieldErrors;

/** The server's refusal of the last save when it names no field (403 for a non-owner), or null. */
export const $companyFormAlert = feedback.$alert;

/** Loads the company (GET /api/companies/me) into the form; concurrent calls share one request. */
export const loadCompany = sharedRun(async () => {
  $load.set('loading');
  const company = await dataOf(() => api.GET('/api/companies/me'));
  if (company) {
    companyForm.reset(valuesOf(company));
    feedback.clear();
    $load.set('ready');
    return;
  }
  $load.set('error');
  showToast('error', companyTexts.loadFailed);
});

loadWhenSignedIn($load, isCompanyUser, () => $load.get() === 'loading', loadCompany);

/**
 * Checks the form and saves it (PUT /api/companies/me, the owner only: others get the server's refusal
 * on screen); then reloads the signed-in user so the sidebar card shows the new legal entity.
 */
export function saveCompany(): Promise<SaveOutcome> {
  return saveForm(companyForm, {
    send: (values) => api.PUT('/api/companies/me', { body: companyPayload(values) }),
    failureText: companyTexts.saveFailed,
    feedback,
    saved: async (company) => {
      companyForm.reset(valuesOf(company));
      feedback.clear();
      await reloadCurrentUser();
      showToast('success', companyTexts.saved);
    },
  });
}
