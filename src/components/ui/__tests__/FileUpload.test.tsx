// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UploadResult } from '../../../lib/api/upload.ts';
import { createUploadList, type SignatureCheck } from '../../../stores/uploads.ts';
import FileUpload from '../FileUpload.tsx';
import { INVALID_CONTROL } from '../form.ts';

afterEach(() => cleanup());

/** An upload list whose uploads the test finishes by hand. */
function setup(signatures?: SignatureCheck) {
  const finish: Array<(result: UploadResult) => void> = [];
  const progress: Array<(fraction: number) => void> = [];
  const deleted: number[] = [];
  const list = createUploadList(
    {
      upload: (_file, _name, options = {}) =>
        new Promise<UploadResult>((resolve) => {
          finish.push(resolve);
          progress.push((fraction) => options.onProgress?.(fraction));
        }),
      deletePrefile: async (id) => {
        deleted.push(id);
      },
    },
    { signatures },
  );
  render(<FileUpload list={list} label="Документы" error={null} />);
  return { list, finish, progress, deleted, input: screen.getByLabelText('Документы') as HTMLInputElement };
}

// jsdom's import.meta.url is not a file address: the demo's signature by its path from the repository.
const demoSignature = readFileSync('server/src/signatures/demo/demo-document.director.sig');
const pdf = (name: string) => new File(['%PDF'], name, { type: 'application/pdf' });

describe('FileUpload', () => {
  it('is a native multiple picker named by its label, offering the allowed file types', () => {
    const { input } = setup();
    expect(input.type).toBe('file');
    expect(input.multiple).toBe(true);
    expect(input.accept).toBe('.doc,.docx,.pdf,.png,.jpg,.jpeg,.gif,.sig,.p7s');
  });

  it('shows each file with its size and progress, then Загружен or Ошибка', async () => {
    const { input, finish, progress } = setup();
    fireEvent.change(input, { target: { files: [pdf('Альбом.pdf'), pdf('Смета.pdf')] } });
    const list = screen.getByRole('list', { name: 'Выбранные файлы' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    act(() => progress[0]?.(0.42));
    expect(screen.getByRole('progressbar', { name: 'Загрузка «Альбом.pdf»' }).getAttribute('value')).toBe('42');
    expect(within(list).getAllByRole('listitem')[0]?.textContent).toContain('4 Б');

    await act(async () => {
      finish[0]?.({ ok: true, prefile: { id: 1, name: 'Альбом.pdf', contentType: 'application/pdf', size: 4 } });
      finish[1]?.({ ok: false, status: 500, body: null, aborted: false });
    });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first?.textContent).toContain('Загружен');
    expect(second?.textContent).toContain('Ошибка');
  });

  it('shows refusals as the field’s errors and marks the picker invalid', () => {
    const { input } = setup();
    fireEvent.change(input, { target: { files: [pdf('a.exe'), pdf('b.EXE')] } });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(
      'Ошибка: Недопустимый тип файла: .exe',
    );
    expect(screen.queryByRole('list', { name: 'Выбранные файлы' })).toBeNull();
  });

  it('removes a stored file by its button, deleting the prefile and keeping focus in the field', async () => {
    const { input, finish, deleted } = setup();
    fireEvent.change(input, { target: { files: [pdf('Альбом.pdf')] } });
    await act(async () => {
      finish[0]?.({ ok: true, prefile: { id: 9, name: 'Альбом.pdf', contentType: 'application/pdf', size: 4 } });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Удалить «Альбом.pdf»' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Выбранные файлы' })).toBeNull());
    expect(deleted).toEqual([9]);
    expect(document.activeElement).toBe(input);
  });

  it("shows a signature of no document as its row's error, not Загружен, and describes its remove button by it", async () => {
    const { input, finish } = setup('round');
    fireEvent.change(input, { target: { files: [pdf('План.pdf'), new File([demoSignature], 'Разрез.pdf.sig')] } });
    await act(async () => {
      finish[0]?.({ ok: true, prefile: { id: 1, name: 'План.pdf', contentType: 'application/pdf', size: 4 } });
      finish[1]?.({ ok: true, prefile: { id: 2, name: 'Разрез.pdf.sig', contentType: 'application/pkcs7', size: 1 } });
    });
    const list = screen.getByRole('list', { name: 'Выбранные файлы' });
    const [document1, signature] = within(list).getAllByRole('listitem');
    expect(document1?.textContent).toContain('Загружен');
    expect(signature?.textContent).not.toContain('Загружен');
    const problem = 'Файл подписи «Разрез.pdf.sig» не относится ни к одному документу';
    expect(signature?.textContent).toContain(problem);
    const remove = screen.getByRole('button', { name: 'Удалить «Разрез.pdf.sig»' });
    expect(document.getElementById(remove.getAttribute('aria-describedby') ?? '')?.textContent).toBe(problem);
    // A refused send focuses it: the picker itself is not in error.
    expect(document.querySelector(INVALID_CONTROL)).toBe(remove);
  });
});
