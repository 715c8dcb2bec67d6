import { atom, onMount, type ReadableAtom } from 'nanostores';
import type { Employee } from '#domain/contract.ts';
import { isOwnerUser } from '#lib/roles.ts';
import { api } from '#stores/api.ts';
import { dataOf, sharedRun } from '#stores/load.ts';
import { computed } from '#stores/prerendered.ts';
import { $session } from '#stores/session.ts';
import { showToast } from '#stores/toasts.ts';
import { employeesTexts } from '../texts.ts';

/**
 * Who may use the employee screens: not known yet, the owner, or another user (refused, docs/product.md «Permissions»).
 */
export type EmployeesAccess = 'checking' | 'owner' | 'refused';

/** Whether the signed-in user may manage employees; the pages show a refusal to anyone but the owner. */
export const $employeesAccess: ReadableAtom<EmployeesAccess> = computed($session, (session) => {
  if (session.status !== 'authenticated') return 'checking';
  return isOwnerUser(session.user) ? 'owner' : 'refused';
});

/** The employee list as the page sees it: loading ('Загрузка…'), failed (toasted), or the people. */
export interface EmployeeList {
  status: 'loading' | 'error' | 'ready';
  items: Employee[];
}

const $list = atom<EmployeeList>({ status: 'loading', items: [] });

/** The company's people (GET /api/employees, sorted by name by the server); loaded for the owner when first watched. */
export const $employees: ReadableAtom<EmployeeList> = $list;

/** Loads the list (again); concurrent calls share one request. */
export const loadEmployees = sharedRun(async () => {
  $list.set({ status: 'loading', items: $list.get().items });
  const items = await dataOf(() => api.GET('/api/employees'));
  if (items) {
    $list.set({ status: 'ready', items });
    return;
  }
  $list.set({ status: 'error', items: [] });
  showToast('error', employeesTexts.loadFailed);
});

onMount($list, () =>
  $employeesAccess.subscribe((access) => {
    if (access === 'owner' && $list.get().status === 'loading') void loadEmployees();
  }),
);
