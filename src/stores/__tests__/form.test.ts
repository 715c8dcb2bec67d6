import { describe, expect, it } from 'vitest';
import { validateEmployee } from '../../lib/validators.ts';
import { createForm } from '../form.ts';

const empty = { fio: '', email: '', phone: '', position: '' };

describe('createForm', () => {
  it('computes errors from the validator but shows a field’s error only after it is left', () => {
    const form = createForm(empty, validateEmployee);
    expect(form.$errors.get()).toEqual({ fio: 'Укажите ФИО' });
    expect(form.$shownErrors.get()).toEqual({});
    form.touch('fio');
    expect(form.$shownErrors.get()).toEqual({ fio: 'Укажите ФИО' });
  });

  it('shows every error after a submit attempt and reports validity', () => {
    const form = createForm(empty, validateEmployee);
    form.setValue('email', 'x@y');
    expect(form.validate()).toBe(false);
    expect(form.$shownErrors.get()).toEqual({ fio: 'Укажите ФИО', email: 'Некорректный email' });
    form.setValue('fio', 'Иванов Иван');
    form.setValue('email', '');
    expect(form.validate()).toBe(true);
    expect(form.$shownErrors.get()).toEqual({});
  });

  it('reset forgets values, touched fields and the submit state', () => {
    const form = createForm(empty, validateEmployee);
    form.setValue('fio', 'Иванов');
    form.touch('email');
    form.validate();
    form.$status.set({ busy: false, error: 'Не удалось добавить сотрудника' });
    form.reset();
    expect(form.$values.get()).toEqual(empty);
    expect(form.$shownErrors.get()).toEqual({});
    expect(form.$status.get()).toEqual({ busy: false, error: null });
  });
});
