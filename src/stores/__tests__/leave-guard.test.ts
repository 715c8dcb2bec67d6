import { atom } from 'nanostores';
import { describe, expect, it, vi } from 'vitest';
import type { UploadResult } from '../../lib/api/upload.ts';
import { validateEmployee } from '../../lib/validators.ts';
import { storedUpload } from '../../test-support/api-replies.ts';
import { createForm } from '../form.ts';
import { leavingLoses } from '../leave-guard.ts';
import { createUploadList } from '../uploads.ts';

// Each case leaves nothing behind that would still ask, so the next starts from "nothing to lose".

describe('asking before the page goes', () => {
  it('asks while a form that asks is changed, and not once it is reset to what was saved', () => {
    const form = createForm({ fio: '', email: '', phone: '', position: '' }, validateEmployee, {
      askBeforeLeaving: true,
    });
    const other = createForm({ email: '' }, () => ({}));
    other.setValue('email', 'a@b.ru'); // a form that does not ask (the login's e-mail)
    expect(leavingLoses()).toBe(false);
    form.setValue('fio', 'Иванов Иван');
    expect(form.$dirty.get()).toBe(true);
    expect(leavingLoses()).toBe(true);
    form.setValue('fio', '');
    expect(leavingLoses()).toBe(false);
    form.setValue('fio', 'Иванов Иван');
    form.reset({ fio: 'Иванов Иван', email: '', phone: '', position: '' }); // saved: the server's values
    expect(form.$dirty.get()).toBe(false);
    expect(leavingLoses()).toBe(false);
  });

  it("asks about a dialog's form only while its dialog is open", () => {
    const $open = atom(false);
    const form = createForm({ comment: '' }, () => ({}), { askBeforeLeaving: { when: () => $open.get() } });
    form.setValue('comment', 'Черновик ответа');
    expect(leavingLoses()).toBe(false);
    $open.set(true);
    expect(leavingLoses()).toBe(true);
    $open.set(false);
    form.reset();
    expect(leavingLoses()).toBe(false);
  });

  it('asks while a file is on its way or uploaded and not yet sent', async () => {
    let finish: (result: UploadResult) => void = () => {};
    const list = createUploadList({
      upload: () =>
        new Promise<UploadResult>((resolve) => {
          finish = resolve;
        }),
      deletePrefile: async () => undefined,
    });
    expect(leavingLoses()).toBe(false);
    list.addFiles([new File(['x'], 'План.pdf')]);
    expect(leavingLoses()).toBe(true);
    finish(storedUpload(7, 'План.pdf'));
    await vi.waitFor(() => expect(list.$prefileIds.get()).toEqual([7]));
    expect(leavingLoses()).toBe(true);
    list.reset(); // sent with its statement
    expect(leavingLoses()).toBe(false);
  });
});
