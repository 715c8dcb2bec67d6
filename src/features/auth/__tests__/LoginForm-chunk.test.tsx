// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The form's steps are a lazy chunk. When it fails to load (offline, or a deploy replaced it), the page
// says so and offers a retry instead of spinning for ever.
const client = vi.hoisted(() => ({
  setAccessToken: vi.fn(),
  refreshAccessToken: vi.fn(async () => false),
  refreshedUser: vi.fn(() => null),
  logout: vi.fn(),
}));
vi.mock('../../../stores/api.ts', () => ({ api: { GET: vi.fn(), POST: vi.fn() }, uploadPrefile: vi.fn(), ...client }));
vi.mock('../../../lib/api/session-core.ts', () => client);
const chunk = vi.hoisted(() => ({ loads: 0 }));
vi.mock('../components/LoginSteps.tsx', () => {
  chunk.loads += 1;
  if (chunk.loads === 1) throw new Error('Failed to fetch dynamically imported module');
  return { default: () => <form aria-label="Вход">форма</form> };
});

const { default: LoginForm } = await import('../components/LoginForm.tsx');

afterEach(() => cleanup());

describe('LoginForm when its chunk fails', () => {
  it('shows the failure with a retry that loads the form', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<LoginForm />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Не удалось загрузить форму входа');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(screen.getByRole('form', { name: 'Вход' })).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(chunk.loads).toBe(2);
  });
});
