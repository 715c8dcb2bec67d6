import { atom, map, onMount, type ReadableAtom } from 'nanostores';
import type { Employee } from '#domain/contract.ts';
import { idFromPath, normalizePath, routes } from '#domain/routes.ts';
import { currentPath, navigateTo } from '#lib/browser.ts';
import { type FieldErrors, orNull, validateEmployee } from '#lib/validators.ts';
import { api } from '#stores/api.ts';
import { createForm } from '#stores/form.ts';
import { type SaveOutcome, saveForm } from '#stores/form-save.ts';
import { dataOf, sharedRun } from '#stores/load.ts';
import { computed } from '#stores/prerendered.ts';
import { createServerFeedback } from '#stores/server-feedback.ts';
import { $user } from '#stores/session.ts';
import { type SubmitState, submit } from '#stores/submit.ts';
import { carryToast, showToast } from '#stores/toasts.ts';
import { employeesTexts } from '../texts.ts';
import { $employeesAccess } from './employees.ts';

/** An employee as the create and edit forms edit them. */
export interface EmployeeFormValues extends Record<string, string> {
  fio: string;
  email: string;
  phone: string;
  position: string;
}

const FIELDS = ['fio', 'email', 'phone', 'position'] as const;
const EMPTY: EmployeeFormValues = { fio: '', email: '', phone: '', position: '' };

/** Which form a page holds: a new employee, or the employee of /employees/{id}/edit (null: no valid id). */
export type EmployeeTarget = { mode: 'create' } | { mode: 'edit'; id: number | null };

/** The form a path holds: /employees/create adds, any other path is an edit of the id it names. */
export function employeeTargetOf(path: string): EmployeeTarget {
  return normalizePath(path) === routes.employeeCreate ? { mode: 'create' } : { mode: 'edit', id: idFromPath(path) };
}

/** The body of POST and PUT /api/employees: trimmed, empty optional values as null. */
export function employeePayload(values: EmployeeFormValues) {
  return {
    fio: values.fio.trim(),
    email: orNull(values.email),
    phone: orNull(values.phone),
    position: orNull(values.position),
  };
}

/** The form's values for an employee from the API (nulls as empty fields). */
function valuesOf(employee: Employee): EmployeeFormValues {
  return {
    fio: employee.fio ?? '',
    email: employee.email ?? '',
    phone: employee.phone ?? '',
    position: employee.position ?? '',
  };
}

/** The employee form: values, touched fields and errors from validateEmployee. */
export const employeeForm = createForm<EmployeeFormValues>(EMPTY, validateEmployee, { askBeforeLeaving: true });

/** The form the page holds (set when the page first watches it). */
export const $employeeTarget = atom<EmployeeTarget>({ mode: 'create' });

/** The employee being edited: loading, failed ('Не удалось загрузить сотрудника'), or ready (always, for a new one). */
export interface EmployeeLoad {
  status: 'loading' | 'error' | 'ready';
  employee: Employee | null;
}

const $load = atom<EmployeeLoad>({ status: 'loading', employee: null });

/** The load of the edited employee (GET /api/employees/{id}); a new employee's form is ready at once. */
export const $employeeLoad: ReadableAtom<EmployeeLoad> = $load;

/** What the server said about the last save: a taken e-mail next to its field, a refusal above the form. */
const feedback = createServerFeedback(employeeForm, FIELDS);

/** The errors to show by field: the form's own checks first, then what the server said about the value still there. */
export const $employeeFieldErrors: ReadableAtom<FieldErrors<EmployeeFormValues>> = feedback.$fieldErrors;

/** The server's refusal of the last save when it names no field (e.g. 403 for a non-owner), or null. */
export const $employeeFormAlert = feedback.$alert;

/** Busy state of the removal. */
export const $removeState = map<SubmitState>({ busy: false, error: null });

/** True when the employee shown may be removed: an edit of someone other than the signed-in owner. */
export const $canRemoveEmployee: ReadableAtom<boolean> = computed([$load, $user], (load, user) =>
  Boolean(load.employee && user && load.employee.id !== user.id),
);

const fetchEmployee = sharedRun(async () => {
  const target = $employeeTarget.get();
  const id = target.mode === 'edit' ? target.id : null;
  $load.set({ status: 'loading', employee: null });
  const employee =
    id === null ? null : await dataOf(() => api.GET('/api/employees/{id}', { params: { path: { id } } }));
  if (employee) {
    employeeForm.reset(valuesOf(employee));
    $load.set({ status: 'ready', employee });
    return;
  }
  $load.set({ status: 'error', employee: null });
  showToast('error', employeesTexts.employeeLoadFailed);
});

/** Loads the employee of the edit page (again); concurrent calls share one request. */
export function loadEmployee(): Promise<void> {
  return $employeeTarget.get().mode === 'edit' ? fetchEmployee() : Promise.resolve();
}

/** Opens the form of `path`: an empty one to add, or the employee to edit once the owner is known. */
function openForm(path: string): () => void {
  const target = employeeTargetOf(path);
  $employeeTarget.set(target);
  feedback.clear();
  if (target.mode === 'create') {
    employeeForm.reset(EMPTY);
    $load.set({ status: 'ready', employee: null });
    return () => {};
  }
  return $employeesAccess.subscribe((access) => {
    if (access === 'owner' && $load.get().status === 'loading') void loadEmployee();
  });
}

onMount($load, () => openForm(currentPath()));

/**
 * Checks the form and adds (POST) or saves (PUT) the employee; on success the list opens with
 * 'Сотрудник добавлен' or 'Сотрудник обновлён'. A taken e-mail is shown next to the e-mail field.
 */
export function saveEmployee(): Promise<SaveOutcome> {
  const target = $employeeTarget.get();
  const id = target.mode === 'edit' ? target.id : null;
  // An edit page whose address names no employee shows no form; there is nothing to save.
  if (target.mode === 'edit' && id === null) return Promise.resolve('failed');
  return saveForm(employeeForm, {
    send: (values) => {
      const body = employeePayload(values);
      return id === null
        ? api.POST('/api/employees', { body })
        : api.PUT('/api/employees/{id}', { params: { path: { id } }, body });
    },
    failureText: id === null ? employeesTexts.createFailed : employeesTexts.saveFailed,
    feedback,
    saved: () => {
      carryToast('success', target.mode === 'create' ? employeesTexts.created : employeesTexts.updated);
      navigateTo(routes.employees);
    },
  });
}

/** DELETE /api/employees/{id} (after 'Удалить сотрудника?'); on success the list opens with 'Сотрудник удалён'. */
export async function removeEmployee(): Promise<boolean> {
  const target = $employeeTarget.get();
  if (target.mode !== 'edit' || target.id === null) return false;
  const { id } = target;
  const result = await submit($removeState, () => api.DELETE('/api/employees/{id}', { params: { path: { id } } }), {
    failureText: employeesTexts.removeFailed,
  });
  if (!result.ok) return false;
  carryToast('success', employeesTexts.removed);
  navigateTo(routes.employees);
  return true;
}
