// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UploadResult } from '../../../lib/api/upload.ts';
import { createUploadList } from '../../../stores/uploads.ts';
import FileUpload from '../FileUpload.tsx';

afterEach(() => cleanup());

/** An upload list whose uploads the test finishes by hand. */
function setup() {
  const finish: Array<(result: UploadResult) => void> = [];
  const progress: Array<(fraction: number) => void> = [];
  const deleted: number[] = [];
  const list = createUploadList({
    upload: (_file, _name, options = {}) =>
      new Promise<UploadResult>((resolve) => {
        finish.push(resolve);
        progress.push((fraction) => options.onProgress?.(fraction));
      }),
    deletePrefile: async (id) => {
      deleted.push(id);
    },
  });
  render(<FileUpload list={list} label="Документы" error={null} />);
  return { list, finish, progress, deleted, input: screen.getByLabelText('Документы') as HTMLInputElement };
}

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
});
