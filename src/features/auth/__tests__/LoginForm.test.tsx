// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, reply } from '../../../test-support/api-replies.ts';

const api = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn() }));
const client = vi.hoisted(() => ({
  setAccessToken: vi.fn(),
  refreshAccessToken: vi.fn(async () => false),
  logout: vi.fn(),
}));
vi.mock('../../../stores/api.ts', () => ({ api, uploadPrefile: vi.fn(), ...client }));
vi.mock('../../../lib/api/session-core.ts', () => client);

const { resetSessionForTests } = await import('../../../stores/session.ts');
const { default: LoginForm } = await import('../components/LoginForm.tsx');

const digitCells = () => [1, 2, 3, 4, 5, 6].map((n) => screen.getByRole('textbox', { name: `Цифра ${n}` }));

async function renderAt(search: string) {
  window.history.replaceState(null, '', `/login${search}`);
  render(<LoginForm />);
  // The steps are a lazy chunk loaded while the session is checked: wait until the form shows.
  await waitFor(() => expect(document.querySelector('form')).not.toBeNull());
}

beforeEach(() => {
  vi.clearAllMocks();
  resetSessionForTests();
});

afterEach(() => cleanup());

describe('LoginForm', () => {
  it('shows the e-mail step with a required e-mail field', async () => {
    await renderAt('');
    const email = screen.getByRole('textbox', { name: 'Электронная почта' });
    expect(email.getAttribute('type')).toBe('email');
    expect(email.hasAttribute('required')).toBe(true);
    expect(screen.getByRole('button', { name: 'Получить код' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Войти по паролю' }).getAttribute('href')).toBe('/login-password');
  });

  it('checks the e-mail before sending: the error shows in the field and describes it', async () => {
    await renderAt('');
    const email = screen.getByRole('textbox', { name: 'Электронная почта' });
    await act(async () => {
      fireEvent.change(email, { target: { value: 'owner' } });
      fireEvent.click(screen.getByRole('button', { name: 'Получить код' }));
    });
    expect(api.POST).not.toHaveBeenCalled();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const described = (email.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id));
    expect(described.map((node) => node?.textContent)).toContain('Ошибка: Некорректный email');
    expect(document.activeElement).toBe(email);
  });

  it('shows six digit cells for ?email= and enables confirm only with six digits', async () => {
    await renderAt('?email=owner@demo.example');
    const cells = digitCells();
    expect(cells[0]?.getAttribute('autocomplete')).toBe('one-time-code');
    expect(cells.every((cell) => cell.getAttribute('inputmode') === 'numeric')).toBe(true);
    const confirm = screen.getByRole('button', { name: 'Подтвердить' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);

    fireEvent.change(cells[0] as HTMLInputElement, { target: { value: '1' } });
    expect(document.activeElement).toBe(cells[1]);
    fireEvent.paste(cells[1] as HTMLInputElement, { clipboardData: { getData: () => '9 8 7 6 5 4 3' } });
    expect(digitCells().map((cell) => (cell as HTMLInputElement).value)).toEqual(['9', '8', '7', '6', '5', '4']);
    expect(confirm.disabled).toBe(false);

    fireEvent.keyDown(cells[5] as HTMLInputElement, { key: 'Backspace' });
    expect((cells[5] as HTMLInputElement).value).toBe('');
    expect(confirm.disabled).toBe(true);
  });

  it('clears the cells, shows the alert and focuses the first cell after a wrong code', async () => {
    api.POST.mockResolvedValueOnce(reply(401, errorBody('invalid_code', 'x', { attempts_left: 2 })));
    await renderAt('?email=owner@demo.example');
    fireEvent.paste(digitCells()[0] as HTMLInputElement, { clipboardData: { getData: () => '123456' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('Неверный код. Осталось попыток: 2');
    expect(digitCells().every((cell) => (cell as HTMLInputElement).value === '')).toBe(true);
    expect(document.activeElement).toBe(digitCells()[0]);
  });

  it('goes back to the e-mail step with "Изменить e-mail"', async () => {
    await renderAt('?email=owner@demo.example');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Изменить e-mail' }));
    });
    const email = screen.getByRole('textbox', { name: 'Электронная почта' }) as HTMLInputElement;
    expect(email.value).toBe('owner@demo.example');
    expect(window.location.search).toBe('');
  });
});
