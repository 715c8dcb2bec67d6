import { atom, type ReadableAtom } from 'nanostores';
import type { CreateStatementInput } from '#domain/contract.ts';
import { routes } from '#domain/routes.ts';
import { navigateTo } from '#lib/browser.ts';
import { isCompanyUser } from '#lib/roles.ts';
import { orNull, validateStatement, validateStatementFiles, validationTexts } from '#lib/validators.ts';
import { api } from '#stores/api.ts';
import { createForm } from '#stores/form.ts';
import { computed } from '#stores/prerendered.ts';
import { requestRefusal, submit } from '#stores/submit.ts';
import { carryToast, showToast } from '#stores/toasts.ts';
import { createUploadList } from '#stores/uploads.ts';
import { createCatalog } from '../../../stores/catalog.ts';
import { createTexts } from '../texts/create.ts';
import { carryFiled } from './filed.ts';

/** The object categories (GET /api/catalogObjectTypes); the product reuses 'Не удалось загрузить сотрудников' for them. */
export const $objectTypes = createCatalog(
  () => api.GET('/api/catalogObjectTypes'),
  createTexts.categoriesFailed,
  isCompanyUser,
);
/** The work types (GET /api/catalogWorkType). */
export const $workTypes = createCatalog(
  () => api.GET('/api/catalogWorkType'),
  createTexts.workTypesFailed,
  isCompanyUser,
);

/** The form's text values; the selects hold a catalogue id as a string ('' for none). */
export interface StatementFormValues extends Record<string, string> {
  cipher: string;
  objectName: string;
  address: string;
  cadastralNumber: string;
  categoryObjectId: string;
  catalogWorkTypeId: string;
  comment: string;
}

/** The create form: values, touched fields and errors from validateStatement. */
export const statementForm = createForm<StatementFormValues>(
  {
    cipher: '',
    objectName: '',
    address: '',
    cadastralNumber: '',
    categoryObjectId: '',
    catalogWorkTypeId: '',
    comment: '',
  },
  validateStatement,
  { askBeforeLeaving: true },
);

/** The documents of the new statement. */
export const statementUploads = createUploadList(undefined, { signatures: 'round' });

const $filesChecked = atom(false);

/** The documents' error ('Добавьте хотя бы один файл'), shown after a submit attempt. */
export const $filesError: ReadableAtom<string | null> = computed(
  [$filesChecked, statementUploads.$prefileIds],
  (checked, ids) => (checked ? (validateStatementFiles({ files: ids.length }).files ?? null) : null),
);

function idOrNull(value: string): number | null {
  return value === '' ? null : Number(value);
}

/** The body of POST /api/statements from the form: empty cipher, address, cadastral number and comment go as null. */
export function statementPayload(values: StatementFormValues, prefileIds: number[]): CreateStatementInput {
  return {
    cipher: orNull(values.cipher),
    objectName: values.objectName.trim(),
    address: orNull(values.address),
    cadastralNumber: orNull(values.cadastralNumber),
    categoryObjectId: idOrNull(values.categoryObjectId),
    catalogWorkTypeId: idOrNull(values.catalogWorkTypeId),
    comment: orNull(values.comment),
    prefileIds,
  };
}

/** What a submit attempt ended with: sent, refused by the checks (errors shown), or failed on the server. */
export type CreateOutcome = 'created' | 'invalid' | 'failed';

/**
 * Checks the form, creates the statement, and opens '/' with 'Заявление создано' and the filed statement's
 * confirmation (its number and terms) on success.
 * A submit while files are still uploading waits for the person to try again.
 */
export async function createStatement(): Promise<CreateOutcome> {
  if (statementUploads.$uploading.get()) {
    showToast('info', createTexts.waitForUploads);
    return 'invalid';
  }
  const fieldsValid = statementForm.validate();
  $filesChecked.set(true);
  // A signature file the server would refuse is shown on its own row, as a field's error is.
  if (!fieldsValid || $filesError.get() || statementUploads.$problems.get().size > 0) {
    showToast('error', validationTexts.formInvalid);
    return 'invalid';
  }
  const body = statementPayload(statementForm.$values.get(), statementUploads.$prefileIds.get());
  const result = await submit(statementForm.$status, () => api.POST('/api/statements', { body }), {
    failureText: createTexts.createFailed,
    describe: requestRefusal,
  });
  if (!result.ok) return 'failed';
  statementUploads.reset();
  carryFiled(result.data);
  carryToast('success', createTexts.created);
  navigateTo(routes.entry);
  return 'created';
}

/** Back to an empty form (tests, and a person leaving the screen). */
export function resetCreateForm(): void {
  statementForm.reset();
  statementUploads.reset();
  $filesChecked.set(false);
}
