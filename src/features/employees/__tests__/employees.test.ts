import { beforeEach, describe, expect, it, vi } from 'vitest';
import { demoOwner, errorBody, reply } from '../../../test-support/api-replies.ts';
import { freshStores, loadFailures, signIn, toastTexts } from '../../../test-support/store-test.ts';

const api = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn(), PUT: vi.fn(), DELETE: vi.fn() }));
vi.mock('../../../stores/api.ts', () => ({ api, uploadPrefile: vi.fn() }));
const browser = vi.hoisted(() => ({ navigateTo: vi.fn(), currentPath: vi.fn(() => '/employees/create') }));
vi.mock('../../../lib/browser.ts', () => browser);

const carried = vi.fn();

// Before the stores are imported: the form reads its address when imported.
beforeEach(() => {
  browser.currentPath.mockReturnValue('/employees/create');
});
// Fresh stores for every test: the list, the form and their load state live as long as their module.
const { list, form } = freshStores({
  list: () => import('../stores/employees.ts'),
  form: () => import('../stores/employee-form.ts'),
});
beforeEach(async () => {
  vi.spyOn(await import('../../../stores/toasts.ts'), 'carryToast').mockImplementation(carried);
});

const employee = {
  id: 7,
  fio: 'Петрова Анна',
  email: 'anna@example.ru',
  phone: null,
  position: 'Инженер',
  isVerify: false,
};
const employeeOfOwner = { ...demoOwner, isOwner: false, role: 'employee' as const, id: 2 };

describe('employee list', () => {
  it('loads for the owner only, when first watched', async () => {
    api.GET.mockResolvedValue(reply(200, [employee]));
    const stop = list.$employees.listen(() => {});
    await signIn(employeeOfOwner);
    expect(list.$employeesAccess.get()).toBe('refused');
    expect(api.GET).not.toHaveBeenCalled();
    await signIn(demoOwner);
    expect(list.$employeesAccess.get()).toBe('owner');
    expect(api.GET).toHaveBeenCalledExactlyOnceWith('/api/employees');
    expect(list.$employees.get()).toEqual({ status: 'ready', items: [employee] });
    stop();
  });

  it.each(loadFailures(api.GET))('after %s says so', async (_, fail) => {
    fail();
    await list.loadEmployees();
    expect(list.$employees.get().status).toBe('error');
    expect(toastTexts()).toEqual([['error', 'Не удалось загрузить сотрудников']]);
  });
});

describe('employee form', () => {
  it.each([
    ['/employees/create', { mode: 'create' }],
    ['/employees/7/edit', { mode: 'edit', id: 7 }],
    ['/employees/shell/edit', { mode: 'edit', id: null }],
  ])('%s holds %j', (path, target) => {
    expect(form.employeeTargetOf(path)).toEqual(target);
  });

  it('sends trimmed values and empty ones as null', () => {
    expect(
      form.employeePayload({ fio: ' Петрова Анна ', email: ' anna@example.ru ', phone: ' ', position: '' }),
    ).toEqual({ fio: 'Петрова Анна', email: 'anna@example.ru', phone: null, position: null });
  });

  it('refuses an empty name and a bad e-mail with the product texts and sends nothing', async () => {
    form.employeeForm.setValue('email', 'x@y');
    expect(await form.saveEmployee()).toBe('invalid');
    expect(form.$employeeFieldErrors.get()).toEqual({ fio: 'Укажите ФИО', email: 'Некорректный email' });
    expect(toastTexts()).toEqual([['error', 'Проверьте корректность полей']]);
    expect(api.POST).not.toHaveBeenCalled();
  });

  it('adds an employee and opens the list with the product toast', async () => {
    const stop = form.$employeeLoad.listen(() => {});
    api.POST.mockResolvedValue(reply(201, employee));
    form.employeeForm.setValue('fio', 'Петрова Анна');
    expect(await form.saveEmployee()).toBe('saved');
    expect(api.POST).toHaveBeenCalledExactlyOnceWith('/api/employees', {
      body: { fio: 'Петрова Анна', email: null, phone: null, position: null },
    });
    expect(carried).toHaveBeenCalledWith('success', 'Сотрудник добавлен');
    expect(browser.navigateTo).toHaveBeenCalledWith('/employees/list');
    stop();
  });

  it('shows a taken e-mail next to the e-mail field until it changes', async () => {
    const stop = form.$employeeLoad.listen(() => {});
    const message = 'E-mail anna@example.ru уже используется другим пользователем портала';
    api.POST.mockResolvedValue(reply(409, errorBody('email_taken', message, { field: 'email' })));
    form.employeeForm.setValue('fio', 'Петрова Анна');
    form.employeeForm.setValue('email', 'anna@example.ru');
    expect(await form.saveEmployee()).toBe('failed');
    expect(form.$employeeFieldErrors.get()).toEqual({ email: message });
    expect(form.$employeeFormAlert.get()).toBeNull();
    expect(toastTexts()).toEqual([['error', 'Не удалось добавить сотрудника']]);
    form.employeeForm.setValue('email', 'anna2@example.ru');
    expect(form.$employeeFieldErrors.get()).toEqual({});
    expect(browser.navigateTo).not.toHaveBeenCalled();
    stop();
  });

  it('edits: loads the employee of the address, saves it and removes it', async () => {
    browser.currentPath.mockReturnValue('/employees/7/edit');
    api.GET.mockResolvedValue(reply(200, employee));
    const stop = form.$employeeLoad.listen(() => {});
    await signIn(demoOwner);
    expect(api.GET).toHaveBeenCalledExactlyOnceWith('/api/employees/{id}', { params: { path: { id: 7 } } });
    expect(form.employeeForm.$values.get()).toEqual({
      fio: 'Петрова Анна',
      email: 'anna@example.ru',
      phone: '',
      position: 'Инженер',
    });
    expect(form.$canRemoveEmployee.get()).toBe(true);

    api.PUT.mockResolvedValue(reply(200, employee));
    expect(await form.saveEmployee()).toBe('saved');
    expect(api.PUT).toHaveBeenCalledExactlyOnceWith('/api/employees/{id}', {
      params: { path: { id: 7 } },
      body: { fio: 'Петрова Анна', email: 'anna@example.ru', phone: null, position: 'Инженер' },
    });
    expect(carried).toHaveBeenCalledWith('success', 'Сотрудник обновлён');

    api.DELETE.mockResolvedValue(reply(204));
    expect(await form.removeEmployee()).toBe(true);
    expect(api.DELETE).toHaveBeenCalledExactlyOnceWith('/api/employees/{id}', { params: { path: { id: 7 } } });
    expect(carried).toHaveBeenCalledWith('success', 'Сотрудник удалён');
    expect(browser.navigateTo).toHaveBeenLastCalledWith('/employees/list');
    stop();
  });

  it('does not offer to remove the owner’s own row', async () => {
    browser.currentPath.mockReturnValue(`/employees/${demoOwner.id}/edit`);
    api.GET.mockResolvedValue(reply(200, { ...employee, id: demoOwner.id, isVerify: true }));
    const stop = form.$employeeLoad.listen(() => {});
    await signIn(demoOwner);
    expect(form.$employeeLoad.get().status).toBe('ready');
    expect(form.$canRemoveEmployee.get()).toBe(false);
    stop();
  });

  it('says so when the employee cannot be loaded, and when the save or removal fails', async () => {
    browser.currentPath.mockReturnValue('/employees/7/edit');
    api.GET.mockResolvedValue(reply(404, errorBody('not_found', 'Сотрудник не найден')));
    const stop = form.$employeeLoad.listen(() => {});
    await signIn(demoOwner);
    expect(form.$employeeLoad.get().status).toBe('error');
    api.DELETE.mockResolvedValue(reply(403, errorBody('forbidden', 'Владельца компании удалить нельзя')));
    expect(await form.removeEmployee()).toBe(false);
    form.employeeForm.setValue('fio', 'Петрова Анна');
    api.PUT.mockResolvedValue(
      reply(403, errorBody('forbidden', 'Управлять сотрудниками может только владелец компании')),
    );
    expect(await form.saveEmployee()).toBe('failed');
    expect(form.$employeeFormAlert.get()).toBe('Управлять сотрудниками может только владелец компании');
    expect(toastTexts()).toEqual([
      ['error', 'Не удалось загрузить сотрудника'],
      ['error', 'Не удалось удалить сотрудника'],
      ['error', 'Не удалось сохранить изменения'],
    ]);
    stop();
  });
});
