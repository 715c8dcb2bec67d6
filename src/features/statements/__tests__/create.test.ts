import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  demoExaminer,
  demoOwner,
  demoStatement,
  errorBody,
  reply,
  storedUpload,
} from '../../../test-support/api-replies.ts';
import { $session, flush, freshStores, openAs, signIn, toastTexts, watch } from '../../../test-support/store-test.ts';

const api = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn(), DELETE: vi.fn() }));
const browser = vi.hoisted(() => ({ navigateTo: vi.fn(), currentPath: vi.fn(() => '/statement/create') }));
const upload = vi.hoisted(() => ({ uploadPrefile: vi.fn() }));
vi.mock('../../../stores/api.ts', () => ({ api, ...upload, QUIET: { 'x-quiet-errors': '1' } }));
vi.mock('../../../lib/browser.ts', () => browser);

const categories = [{ id: 3, name: 'Объект образования', value: 'education' }];
const workTypes = [{ id: 1, name: 'Новое строительство', value: 'new_construction' }];

// The first import transforms the whole store graph; done once here, so no test pays for it under its own timeout.
beforeAll(async () => {
  await import('../stores/create.ts');
}, 30_000);

const { create } = freshStores({ create: () => import('../stores/create.ts') });

/** Chooses files and waits until the upload mock has stored them. */
async function uploadFiles(...ids: number[]) {
  for (const id of ids) upload.uploadPrefile.mockResolvedValueOnce(storedUpload(id));
  create.statementUploads.addFiles(ids.map((id) => new File(['%PDF'], `${id}.pdf`)));
  await flush();
}

describe('catalogues of the create form', () => {
  it('load once the session is a company user’s', async () => {
    api.GET.mockImplementation(async (path: string) =>
      reply(200, path === '/api/catalogObjectTypes' ? categories : workTypes),
    );
    watch(create.$objectTypes, create.$workTypes);
    await flush();
    expect(api.GET).not.toHaveBeenCalled();

    await signIn(demoOwner);
    expect(create.$objectTypes.get()).toEqual({ status: 'ready', items: categories });
    expect(create.$workTypes.get()).toEqual({ status: 'ready', items: workTypes });
    $session.set({ status: 'authenticated', user: { ...demoOwner } });
    await flush();
    expect(api.GET).toHaveBeenCalledTimes(2);
  });

  it('toast the product texts when they fail (the category reuses the employees text)', async () => {
    api.GET.mockResolvedValue(reply(500, errorBody('internal_error', 'Ошибка')));
    await openAs(demoOwner, create.$objectTypes, create.$workTypes);
    expect(create.$objectTypes.get().status).toBe('error');
    expect(toastTexts()).toEqual([
      ['error', 'Не удалось загрузить сотрудников'],
      ['error', 'Не удалось загрузить типы работ'],
    ]);
  });

  it('are not asked for by an examiner', async () => {
    await openAs(demoExaminer, create.$objectTypes);
    expect(api.GET).not.toHaveBeenCalled();
  });
});

describe('createStatement', () => {
  it('refuses an empty form: object name and files errors, the form toast, no call', async () => {
    expect(create.$filesError.get()).toBeNull();
    expect(await create.createStatement()).toBe('invalid');
    expect(create.statementForm.$shownErrors.get()).toEqual({ objectName: 'Укажите наименование объекта' });
    expect(create.$filesError.get()).toBe('Добавьте хотя бы один файл');
    expect(toastTexts()).toEqual([['error', 'Проверьте корректность полей']]);
    expect(api.POST).not.toHaveBeenCalled();
  });

  it('asks to wait while a file is still uploading', async () => {
    upload.uploadPrefile.mockReturnValue(new Promise(() => {}));
    create.statementUploads.addFiles([new File(['x'], 'a.pdf')]);
    create.statementForm.setValue('objectName', 'Школа');
    expect(await create.createStatement()).toBe('invalid');
    expect(toastTexts()).toEqual([['info', 'Дождитесь окончания загрузки файлов']]);
    expect(api.POST).not.toHaveBeenCalled();
  });

  it('sends empty optional fields as null, the ids as numbers, then opens / with the success toast', async () => {
    api.POST.mockResolvedValue(reply(201, demoStatement));
    await uploadFiles(11, 12);
    create.statementForm.setValue('objectName', '  Школа на 550 мест ');
    create.statementForm.setValue('address', '   ');
    create.statementForm.setValue('categoryObjectId', '3');

    expect(await create.createStatement()).toBe('created');
    expect(api.POST).toHaveBeenCalledExactlyOnceWith('/api/statements', {
      body: {
        cipher: null,
        objectName: 'Школа на 550 мест',
        address: null,
        cadastralNumber: null,
        categoryObjectId: 3,
        catalogWorkTypeId: null,
        comment: null,
        prefileIds: [11, 12],
      },
    });
    expect(browser.navigateTo).toHaveBeenCalledExactlyOnceWith('/');
    // No sessionStorage here, so the carried toast shows at once.
    expect(toastTexts()).toEqual([['success', 'Заявление создано']]);
    expect(create.statementUploads.$items.get()).toEqual([]);
  });

  it('refuses a malformed cadastral number before sending, beside the field', async () => {
    await uploadFiles(11);
    create.statementForm.setValue('objectName', 'Школа');
    create.statementForm.setValue('cadastralNumber', '77:01:12:3');
    expect(await create.createStatement()).toBe('invalid');
    expect(api.POST).not.toHaveBeenCalled();
    expect(create.statementForm.$shownErrors.get()).toEqual({ cadastralNumber: 'Некорректный кадастровый номер' });
    create.statementForm.setValue('cadastralNumber', '77:01:0001001:1234');
    api.POST.mockResolvedValue(reply(201, demoStatement));
    expect(await create.createStatement()).toBe('created');
    expect(api.POST.mock.calls[0]?.[1]).toMatchObject({ body: { cadastralNumber: '77:01:0001001:1234' } });
  });

  it('holds a batch with a signature of no document: the form toast, no call', async () => {
    await uploadFiles(11);
    upload.uploadPrefile.mockResolvedValueOnce(storedUpload(12, 'Разрез.pdf.sig'));
    create.statementUploads.addFiles([new File(['x'], 'Разрез.pdf.sig')]);
    await flush();
    create.statementForm.setValue('objectName', 'Школа');
    expect([...create.statementUploads.$problems.get().values()]).toEqual([
      'Файл подписи «Разрез.pdf.sig» не относится ни к одному документу',
    ]);
    expect(await create.createStatement()).toBe('invalid');
    expect(toastTexts()).toEqual([['error', 'Проверьте корректность полей']]);
    expect(api.POST).not.toHaveBeenCalled();
  });

  it("shows the server's own reason when it refuses the files as a whole (a signature of no document)", async () => {
    const text = 'Файл подписи «Разрез.pdf.sig» не относится ни к одному документу';
    api.POST.mockResolvedValue(reply(400, errorBody('validation_error', text)));
    await uploadFiles(11);
    create.statementForm.setValue('objectName', 'Школа');
    expect(await create.createStatement()).toBe('failed');
    expect(toastTexts()).toEqual([['error', text]]);
    expect(create.statementUploads.$prefileIds.get()).toEqual([11]);
  });

  it('keeps the form and toasts the failure when the server refuses', async () => {
    api.POST.mockResolvedValue(reply(400, errorBody('invalid_prefiles', 'Файлы уже прикреплены')));
    await uploadFiles(11);
    create.statementForm.setValue('objectName', 'Школа');
    expect(await create.createStatement()).toBe('failed');
    expect(toastTexts()).toEqual([['error', 'Не удалось создать заявление']]);
    expect(browser.navigateTo).not.toHaveBeenCalled();
    expect(create.statementUploads.$prefileIds.get()).toEqual([11]);
  });
});

describe('statementPayload', () => {
  it.each([
    [
      {
        cipher: ' СП-1 ',
        objectName: 'Дом',
        address: 'ул. Ленина, 1',
        cadastralNumber: ' 77:01:0001001:1234 ',
        categoryObjectId: '',
        catalogWorkTypeId: '2',
        comment: '',
      },
      {
        cipher: 'СП-1',
        objectName: 'Дом',
        address: 'ул. Ленина, 1',
        cadastralNumber: '77:01:0001001:1234',
        categoryObjectId: null,
        catalogWorkTypeId: 2,
        comment: null,
      },
    ],
    [
      {
        cipher: '',
        objectName: 'Дом',
        address: '',
        cadastralNumber: '',
        categoryObjectId: '',
        catalogWorkTypeId: '',
        comment: ' Прошу ',
      },
      {
        cipher: null,
        objectName: 'Дом',
        address: null,
        cadastralNumber: null,
        categoryObjectId: null,
        catalogWorkTypeId: null,
        comment: 'Прошу',
      },
    ],
  ])('%j', (values, expected) => {
    expect(create.statementPayload(values, [1])).toEqual({ ...expected, prefileIds: [1] });
  });
});
