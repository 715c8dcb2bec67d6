// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The dialogs' code loads when a dialog first opens. When it cannot be loaded (offline, or a deploy replaced it), the
// user who opened a dialog sees a window with its title, the failure and 'Повторить', not a blank page.
const chunk = vi.hoisted(() => ({ loads: 0 }));
vi.mock('../DialogBox.tsx', async () => {
  chunk.loads += 1;
  if (chunk.loads === 1) throw new Error('Failed to fetch dynamically imported module');
  return vi.importActual('../DialogBox.tsx');
});

const { default: Dialog } = await import('../Dialog.tsx');

afterEach(() => cleanup());

function Remark() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Добавить замечание
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Новое замечание">
        <textarea aria-label="Текст замечания" />
      </Dialog>
    </>
  );
}

describe('Dialog when its code fails to load', () => {
  it("shows a window with the dialog's title, the failure and 'Повторить', which opens the dialog", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Remark />);
    const opener = screen.getByRole('button', { name: 'Добавить замечание' });
    opener.focus();
    await act(async () => {
      fireEvent.click(opener);
    });
    const failed = await screen.findByRole('dialog', { name: 'Новое замечание' });
    expect(failed.className).toBe('dialog dialog--failed');
    expect(screen.getByRole('alert').textContent).toBe(
      'Не удалось открыть окно. Проверьте подключение и попробуйте ещё раз.Повторить',
    );
    expect(screen.queryByRole('textbox', { name: 'Текст замечания' })).toBeNull();

    // 'Закрыть' closes it and gives the focus back; opened again, it says the same.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    await act(async () => {
      fireEvent.click(opener);
    });
    expect(screen.getByRole('dialog', { name: 'Новое замечание' }).className).toBe('dialog dialog--failed');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Новое замечание' });
    expect(dialog.className).toBe('dialog');
    expect(screen.getByRole('textbox', { name: 'Текст замечания' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(chunk.loads).toBe(2);
  });
});
