// Pure validators of the site's forms: each returns the errors of a form's values, in the words of docs/product.md
// «Validation».
import { EMAIL_INVALID_TEXT, isEmail } from '#domain/email.ts';
import { cadastralNumberProblem, innProblem, kppProblem, ogrnProblem } from '#domain/requisites.ts';

/** A form's errors by field name; a valid field has no entry. */
export type FieldErrors<V> = Partial<Record<keyof V, string>>;

/** Validation texts, exactly as docs/product.md «Validation» and «Error texts» write them. */
export const validationTexts = {
  objectNameRequired: 'Укажите наименование объекта',
  filesRequired: 'Добавьте хотя бы один файл',
  fioRequired: 'Укажите ФИО',
  emailInvalid: EMAIL_INVALID_TEXT,
  legalEntityRequired: 'Укажите юридическое лицо',
  versionStatementRequired: 'Не указано заявление для добавления версии',
  versionFilesRequired: 'Загрузите хотя бы один файл',
  /** Toast of a submit with invalid fields. */
  formInvalid: 'Проверьте корректность полей',
  /** The login e-mail is required (the product rules give no text; this one is ours). */
  emailRequired: 'Укажите адрес электронной почты',
} as const;

/** True when `value` holds more than spaces. */
function isFilled(value: string): boolean {
  return value.trim() !== '';
}

/** Keeps only the failed checks: `[field, error or null]` pairs to FieldErrors. */
function errorsOf<V>(checks: Array<[keyof V, string | null]>): FieldErrors<V> {
  const errors: FieldErrors<V> = {};
  for (const [name, error] of checks) if (error) errors[name] = error;
  return errors;
}

/** The login form's first step: an e-mail is required and must look like one. */
export function validateLoginEmail(values: { email: string }): FieldErrors<{ email: string }> {
  const { email } = values;
  return errorsOf([
    ['email', !isFilled(email) ? validationTexts.emailRequired : isEmail(email) ? null : validationTexts.emailInvalid],
  ]);
}

/** What the create form checks before the server does. */
interface StatementFields {
  objectName: string;
  cadastralNumber?: string;
}

/**
 * Create statement: the object name is required; cipher and address are optional; the cadastral number is optional
 * and, when given, of the kernel's form (the API checks the same, with the same text).
 */
export function validateStatement(values: StatementFields): FieldErrors<StatementFields> {
  return errorsOf([
    ['objectName', isFilled(values.objectName) ? null : validationTexts.objectNameRequired],
    ['cadastralNumber', requisiteProblem(values.cadastralNumber, cadastralNumberProblem)],
  ]);
}

/** Create statement: at least one file uploaded. */
export function validateStatementFiles(values: { files: number }): FieldErrors<{ files: number }> {
  return errorsOf([['files', values.files > 0 ? null : validationTexts.filesRequired]]);
}

/** New version: the statement must be known and at least one file uploaded; the comment is optional. */
export function validateNewVersion(values: {
  statementId: number | null;
  files: number;
}): FieldErrors<{ statementId: number | null; files: number }> {
  return errorsOf([
    ['statementId', values.statementId === null ? validationTexts.versionStatementRequired : null],
    ['files', values.files > 0 ? null : validationTexts.versionFilesRequired],
  ]);
}

/** Employee: fio required; e-mail optional but of the form x@y.z; phone and position optional. */
export function validateEmployee(values: { fio: string; email: string }): FieldErrors<{ fio: string; email: string }> {
  return errorsOf([
    ['fio', isFilled(values.fio) ? null : validationTexts.fioRequired],
    ['email', !isFilled(values.email) || isEmail(values.email) ? null : validationTexts.emailInvalid],
  ]);
}

/** The requisites of 'Моя компания' a form may check before the server does. */
interface CompanyRequisites {
  legalEntity: string;
  inn?: string;
  kpp?: string;
  ogrn?: string;
}

/** An optional requisite checked by `problem` once trimmed: the error text, or null when empty or valid. */
function requisiteProblem(value: string | undefined, problem: (value: string) => string | null): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : problem(trimmed);
}

/**
 * Company: the legal entity is required; everything else is optional. INN, KPP and OGRN, when given, are
 * checked by the kernel's rules the API applies too: length and control digits, with the same texts.
 */
export function validateCompany(values: CompanyRequisites): FieldErrors<CompanyRequisites> {
  return errorsOf([
    ['legalEntity', isFilled(values.legalEntity) ? null : validationTexts.legalEntityRequired],
    ['inn', requisiteProblem(values.inn, innProblem)],
    ['kpp', requisiteProblem(values.kpp, kppProblem)],
    ['ogrn', requisiteProblem(values.ogrn, ogrnProblem)],
  ]);
}

/** Reviewer settings: the full name is required after trimming; the phone is free text. */
export function validateExaminerSettings(values: { contactFio: string }): FieldErrors<{ contactFio: string }> {
  return errorsOf([['contactFio', isFilled(values.contactFio) ? null : validationTexts.fioRequired]]);
}

/** An optional text field as the API wants it: trimmed, or null when empty. */
export function orNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** What the server said about fields of a failed save, each with the value it was about. */
export type ServerProblems<V> = Partial<Record<keyof V, { message: string; value: string }>>;

/** The server's message about one of `fields` (`{ field, message }` of a 400 or 409), kept with the value sent. */
export function serverProblemsOf<V extends Record<string, string>>(
  body: { field?: string; message: string } | null,
  values: V,
  fields: ReadonlyArray<keyof V & string>,
): ServerProblems<V> {
  const field = fields.find((name) => name === body?.field);
  if (!field || !body) return {};
  const problems: ServerProblems<V> = {};
  problems[field] = { message: body.message, value: values[field] ?? '' };
  return problems;
}

/** The errors a form shows: its own checks first, then the server's message while the field keeps the value sent. */
export function fieldErrorsWith<V extends Record<string, string>>(
  shown: FieldErrors<V>,
  values: V,
  problems: ServerProblems<V>,
): FieldErrors<V> {
  const errors: FieldErrors<V> = { ...shown };
  for (const name of Object.keys(problems) as Array<keyof V>) {
    const problem = problems[name];
    if (!errors[name] && problem && problem.value === values[name]) errors[name] = problem.message;
  }
  return errors;
}
