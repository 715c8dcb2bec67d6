// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ConfirmDialog from '../ConfirmDialog.tsx';
import Dialog from '../Dialog.tsx';
import Field from '../Field.tsx';
import StatusBadge from '../StatusBadge.tsx';

afterEach(() => cleanup());

describe('Field', () => {
  it('names the control by its label and describes it by hint and error', () => {
    render(
      <Field label="ФИО" hint="Как в паспорте" error="Укажите ФИО">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'ФИО' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Как в паспорте',
      'Ошибка: Укажите ФИО',
    ]);
  });

  it('has no aria-describedby or aria-invalid without hint and error', () => {
    render(<Field label="Телефон">{(control) => <input {...control} />}</Field>);
    const input = screen.getByRole('textbox', { name: 'Телефон' });
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(input.hasAttribute('aria-invalid')).toBe(false);
  });
});

function Confirm({ onConfirm }: { onConfirm: () => unknown }) {
  const [open, setOpen] = useState(true);
  return <ConfirmDialog open={open} onOpenChange={setOpen} question="Удалить заявление?" onConfirm={onConfirm} />;
}

describe('ConfirmDialog', () => {
  it('asks with the product defaults and runs the action on confirm, then closes', async () => {
    const onConfirm = vi.fn(async () => {});
    render(<Confirm onConfirm={onConfirm} />);
    // The dialog's code loads when a dialog first opens (a cold transform under vitest).
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirmation' }, { timeout: 10_000 });
    expect(dialog.textContent).toContain('Удалить заявление?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    });
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('closes on cancel without running the action', async () => {
    const onConfirm = vi.fn();
    // Mounted open after the first case loaded the dialog's code: it shows at once.
    render(<Confirm onConfirm={onConfirm} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    });
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('StatusBadge', () => {
  it.each([
    ['has_comments', 'examiner', 'На доработке', 'badge badge--has_comments'],
    ['sent', 'company', 'Отправлено', 'badge badge--sent'],
    ['bogus', 'company', 'Неизвестный статус', 'badge'],
  ] as const)('%s (%s)', (status, view, text, className) => {
    const { container } = render(<StatusBadge status={status} view={view} />);
    expect(container.firstElementChild?.textContent).toBe(text);
    expect(container.firstElementChild?.className).toBe(className);
  });
});

function Drawer() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Открыть
      </button>
      <Dialog variant="sheet" open={open} onOpenChange={setOpen} title="Уведомления">
        <button type="button">Заявление</button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opened from state, gives the focus back to its opener on Escape; the sheet variant is marked', async () => {
    render(<Drawer />);
    // Closed and never opened: nothing rendered (its code loads on the first opening).
    expect(screen.queryByRole('button', { name: 'Заявление' })).toBeNull();
    const opener = screen.getByRole('button', { name: 'Открыть' });
    opener.focus();
    await act(async () => {
      fireEvent.click(opener);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Уведомления' }, { timeout: 10_000 });
    expect(dialog.className).toBe('dialog dialog--sheet');
    expect(dialog.contains(document.activeElement)).toBe(true);
    await act(async () => {
      fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    // Radix moves the focus on unmount in a timeout.
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});

function TwoDialogs() {
  const [open, setOpen] = useState<'question' | 'letter' | null>(null);
  const toggle = (which: 'question' | 'letter') => (next: boolean) => setOpen(next ? which : null);
  return (
    <>
      <button type="button" onClick={() => setOpen('question')}>
        Спросить
      </button>
      <button type="button" onClick={() => setOpen('letter')}>
        Письмо
      </button>
      <ConfirmDialog
        open={open === 'question'}
        onOpenChange={toggle('question')}
        question="Принять в работу?"
        onConfirm={() => {}}
      />
      <Dialog open={open === 'letter'} onOpenChange={toggle('letter')} title="Письмо заявителю">
        <p>Текст письма</p>
      </Dialog>
    </>
  );
}

describe('Dialog, loaded when first opened', () => {
  it('opens and closes twice, and again when mounted anew', async () => {
    for (let mount = 1; mount <= 2; mount += 1) {
      render(<Drawer />);
      for (let time = 1; time <= 2; time += 1) {
        await act(async () => {
          fireEvent.click(screen.getByRole('button', { name: 'Открыть' }));
        });
        const dialog = await screen.findByRole('dialog', { name: 'Уведомления' }, { timeout: 10_000 });
        await act(async () => {
          fireEvent.keyDown(dialog, { key: 'Escape' });
        });
        expect(screen.queryByRole('dialog')).toBeNull();
      }
      cleanup();
    }
  });

  it('opens two different dialogs one after another', async () => {
    render(<TwoDialogs />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Спросить' }));
    });
    const question = await screen.findByRole('alertdialog', { name: 'Confirmation' }, { timeout: 10_000 });
    expect(question.textContent).toContain('Принять в работу?');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Письмо' }));
    });
    const letter = await screen.findByRole('dialog', { name: 'Письмо заявителю' }, { timeout: 10_000 });
    expect(letter.textContent).toContain('Текст письма');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await act(async () => {
      fireEvent.keyDown(letter, { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a dialog mounted open after the code has loaded shows at once', async () => {
    render(<Confirm onConfirm={() => {}} />);
    await screen.findByRole('alertdialog', {}, { timeout: 10_000 });
    cleanup();
    // A second mount of an opened dialog once the code is loaded: it used to suspend on the loaded module forever.
    render(<Confirm onConfirm={() => {}} />);
    expect(screen.getByRole('alertdialog', { name: 'Confirmation' }).textContent).toContain('Удалить заявление?');
  });
});
