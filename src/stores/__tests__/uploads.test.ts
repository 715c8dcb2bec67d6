import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_FILE_SIZE } from '#domain/files.ts';
import type { UploadOptions, UploadResult } from '../../lib/api/upload.ts';
import { storedUpload } from '../../test-support/api-replies.ts';
import { $toasts } from '../toasts.ts';
import { createUploadList, type SignatureCheck } from '../uploads.ts';

/** An upload the test finishes by hand. */
interface Pending {
  name: string;
  options: UploadOptions;
  finish: (result: UploadResult) => void;
}

function setup(signatures?: SignatureCheck) {
  const pending: Pending[] = [];
  const deleted: number[] = [];
  const list = createUploadList(
    {
      upload: (_file, name, options = {}) =>
        new Promise<UploadResult>((resolve) => {
          pending.push({ name, options, finish: resolve });
          options.signal?.addEventListener('abort', () =>
            resolve({ ok: false, status: null, body: null, aborted: true }),
          );
        }),
      deletePrefile: async (id) => {
        deleted.push(id);
        throw new Error('a failed delete is ignored');
      },
    },
    { signatures },
  );
  return { list, pending, deleted };
}

const file = (name: string, size = 10) => {
  const made = new File(['x'], name);
  Object.defineProperty(made, 'size', { value: size });
  return made;
};
/** A list with a.pdf and b.pdf uploaded and stored as prefiles 1 and 2. */
async function withTwoStored() {
  const made = setup();
  made.list.addFiles([file('a.pdf'), file('b.pdf')]);
  made.pending[0]?.finish(storedUpload(1, 'a.pdf'));
  made.pending[1]?.finish(storedUpload(2, 'b.pdf'));
  await vi.waitFor(() => expect(made.list.$prefileIds.get()).toEqual([1, 2]));
  return made;
}
const view = (list: ReturnType<typeof setup>['list']) =>
  list.$items.get().map(({ name, status, progress }) => `${name}: ${status} ${progress}`);

beforeEach(() => {
  $toasts.set([]);
});

describe('createUploadList', () => {
  it('refuses blocked and oversized files with the product texts and uploads the rest, each on its own', () => {
    const { list, pending } = setup();
    list.addFiles([file('Проект.pdf'), file('setup.EXE'), file('big.pdf', MAX_FILE_SIZE + 1), file('план.docx')]);
    expect(list.$rejections.get()).toEqual(['Недопустимый тип файла: .exe', 'Файл «big.pdf» больше 100 МБ']);
    expect(view(list)).toEqual(['Проект.pdf: uploading 0', 'план.docx: uploading 0']);
    expect(pending.map((upload) => upload.name)).toEqual(['Проект.pdf', 'план.docx']);
    expect(list.$uploading.get()).toBe(true);
  });

  it('shows progress in whole percents and keeps 100 for the answer', async () => {
    const { list, pending } = setup();
    list.addFiles([file('a.pdf')]);
    pending[0]?.options.onProgress?.(0.256);
    expect(view(list)).toEqual(['a.pdf: uploading 25']);
    pending[0]?.options.onProgress?.(1);
    expect(view(list)).toEqual(['a.pdf: uploading 99']);
    pending[0]?.finish(storedUpload(7, 'a.pdf'));
    await vi.waitFor(() => expect(view(list)).toEqual(['a.pdf: done 100']));
    expect(list.$prefileIds.get()).toEqual([7]);
    expect(list.$uploading.get()).toBe(false);
  });

  it('marks a failed upload as error and toasts its name', async () => {
    const { list, pending } = setup();
    list.addFiles([file('Смета.pdf')]);
    pending[0]?.finish({ ok: false, status: 500, body: null, aborted: false });
    await vi.waitFor(() => expect(view(list)).toEqual(['Смета.pdf: error 0']));
    expect($toasts.get().map((toast) => toast.text)).toEqual(['Не удалось загрузить «Смета.pdf»']);
    expect(list.$prefileIds.get()).toEqual([]);
  });

  it('adds the server’s reason when it refused the file itself (rate, quota)', async () => {
    const { list, pending } = setup();
    list.addFiles([file('Смета.pdf')]);
    pending[0]?.finish({
      ok: false,
      status: 413,
      body: { error: 'upload_quota_exceeded', message: 'Загруженные файлы занимают больше 2 ГБ.' },
      aborted: false,
    });
    await vi.waitFor(() => expect(view(list)).toEqual(['Смета.pdf: error 0']));
    expect($toasts.get().map((toast) => toast.text)).toEqual([
      'Не удалось загрузить «Смета.pdf». Загруженные файлы занимают больше 2 ГБ.',
    ]);
  });

  it('removes an uploaded file and deletes its prefile, ignoring a failed delete', async () => {
    const { list, deleted } = await withTwoStored();
    const first = list.$items.get()[0]?.tempId ?? '';
    await list.remove(first);
    expect(deleted).toEqual([1]);
    expect(list.$prefileIds.get()).toEqual([2]);
  });

  it('stops an upload removed on its way, without a toast', async () => {
    const { list, pending, deleted } = setup();
    list.addFiles([file('a.pdf')]);
    await list.remove(list.$items.get()[0]?.tempId ?? '');
    expect(pending[0]?.options.signal?.aborted).toBe(true);
    expect(list.$items.get()).toEqual([]);
    expect(deleted).toEqual([]);
    expect($toasts.get()).toEqual([]);
  });

  it('discard deletes every stored prefile; reset forgets them without deleting', async () => {
    const { list, pending, deleted } = await withTwoStored();
    await list.discard();
    expect(deleted).toEqual([1, 2]);

    list.addFiles([file('c.pdf')]);
    pending[2]?.finish(storedUpload(3, 'c.pdf'));
    await vi.waitFor(() => expect(list.$prefileIds.get()).toEqual([3]));
    list.reset();
    expect(list.$items.get()).toEqual([]);
    expect(deleted).toEqual([1, 2]);
  });
});

describe('the signature files of a list', () => {
  const demoSignature = readFileSync(
    new URL('../../../server/src/signatures/demo/demo-document.director.sig', import.meta.url),
  );
  const problems = (list: ReturnType<typeof setup>['list']) => {
    const byId = list.$problems.get();
    return list.$items.get().flatMap((item) => {
      const problem = byId.get(item.tempId);
      return problem ? [`${item.name}: ${problem}`] : [];
    });
  };
  const tempIdOf = (list: ReturnType<typeof setup>['list'], name: string) =>
    list.$items.get().find((item) => item.name === name)?.tempId ?? '';

  it('in a filed batch, names a signature of no document on its row until its document is added, and again once removed', async () => {
    const { list } = setup('round');
    list.addFiles([new File([demoSignature], 'Фасады.pdf.sig'), file('План.pdf')]);
    expect(problems(list)).toEqual([
      'Фасады.pdf.sig: Файл подписи «Фасады.pdf.sig» не относится ни к одному документу',
    ]);
    list.addFiles([file('Фасады.pdf')]);
    expect(problems(list)).toEqual([]);
    await list.remove(tempIdOf(list, 'Фасады.pdf'));
    expect(problems(list)).toEqual([
      'Фасады.pdf.sig: Файл подписи «Фасады.pdf.sig» не относится ни к одному документу',
    ]);
  });

  it("names the document of a second signature on the second one's row", () => {
    const { list } = setup('round');
    list.addFiles([file('План.pdf'), new File([demoSignature], 'План.pdf.sig'), new File([demoSignature], 'План.sig')]);
    expect(problems(list)).toEqual(['План.sig: К документу «План.pdf» приложено несколько файлов подписи']);
  });

  it('reads each signature chosen: one that is none says so on its row, a real one does not', async () => {
    const { list } = setup('round');
    list.addFiles([
      file('План.pdf'),
      new File([demoSignature], 'План.pdf.sig'),
      file('Разрез.pdf'),
      new File(['не подпись'], 'Разрез.pdf.sig'),
    ]);
    await vi.waitFor(() =>
      expect(problems(list)).toEqual([
        'Разрез.pdf.sig: Файл подписи «Разрез.pdf.sig» повреждён или не является подписью',
      ]),
    );
  });

  it('leaves out a file whose upload failed: it is not sent, so it neither pairs nor has a problem', async () => {
    const { list, pending } = setup('round');
    list.addFiles([file('План.pdf'), new File([demoSignature], 'План.pdf.sig')]);
    pending[0]?.finish({ ok: false, status: 500, body: null, aborted: false });
    await vi.waitFor(() =>
      expect(problems(list)).toEqual(['План.pdf.sig: Файл подписи «План.pdf.sig» не относится ни к одному документу']),
    );
  });

  it('reads a lone signature without pairing it, and a list of plain files checks none', async () => {
    const alone = setup('alone').list;
    alone.addFiles([new File(['не подпись'], 'Заявление.sig')]);
    await vi.waitFor(() =>
      expect(problems(alone)).toEqual([
        'Заявление.sig: Файл подписи «Заявление.sig» повреждён или не является подписью',
      ]),
    );
    const plain = setup().list;
    plain.addFiles([new File(['не подпись'], 'Жалоба.sig')]);
    expect(problems(plain)).toEqual([]);
    expect(plain.$items.get()[0]?.unreadable).toBeNull();
  });
});
