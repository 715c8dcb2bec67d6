import { atom } from 'nanostores';
import { describe, expect, it, vi } from 'vitest';
import type { RemarkTemplate } from '#domain/contract.ts';
import { errorBody, reply } from '../../../test-support/api-replies.ts';
import { freshStores, toastTexts } from '../../../test-support/store-test.ts';
import type { RemarkList } from '../remarks.ts';

const api = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn(), PUT: vi.fn(), DELETE: vi.fn() }));
vi.mock('../../../stores/api.ts', () => ({ api, uploadPrefile: vi.fn() }));

const { editing } = freshStores({ editing: () => import('../editing.ts') });

const template = (id: number, text: string, workType: RemarkTemplate['workType'] = null) =>
  ({
    id,
    text,
    severity: 'advisory',
    workType,
    createdBy: null,
    createdAt: '2026-11-20T09:00:00Z',
    retiredAt: null,
  }) satisfies RemarkTemplate;

const reconstruction = { id: 3, name: 'Реконструкция', value: 'reconstruction' };

/** One statement's remark editing, as the examiner's detail makes it. */
function remarkEditing() {
  return editing.createRemarkEditing({
    statementId: () => 42,
    $remarks: atom<RemarkList>({ status: 'ready', items: [] }),
    reload: () => Promise.resolve(),
  });
}

describe('Из шаблона', () => {
  it('lists the statement’s work type’s templates and fills the dialog with the one chosen', async () => {
    const own = template(1, 'Укажите цвет фасада по RAL', reconstruction);
    api.GET.mockResolvedValue(reply(200, [own, template(2, 'Приложите ведомость отделки')]));
    const remarks = remarkEditing();
    remarks.startRemark();
    remarks.templates.open(3);
    expect(remarks.templates.$open.get()).toBe(true);
    await vi.waitFor(() => expect(remarks.templates.$templates.get().status).toBe('ready'));
    expect(api.GET).toHaveBeenCalledExactlyOnceWith('/api/instance/remark-templates', {
      params: { query: { workTypeId: 3 } },
    });
    expect(remarks.templates.$templates.get().items.map((item) => item.id)).toEqual([1, 2]);

    remarks.templates.choose(own);
    expect(remarks.remarkForm.$values.get()).toEqual({ text: 'Укажите цвет фасада по RAL', severity: 'advisory' });
    expect(remarks.templates.$open.get()).toBe(false);
  });

  it('searches the texts, and an older answer never replaces a newer one', async () => {
    let answerFirst: (value: unknown) => void = () => {};
    api.GET.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          answerFirst = resolve;
        }),
    ).mockResolvedValue(reply(200, [template(2, 'Фасад: цвет')]));
    const remarks = remarkEditing();
    remarks.templates.open(null);
    remarks.templates.search(' фасад ');
    answerFirst(reply(200, [template(1, 'Старый ответ')]));
    await vi.waitFor(() => expect(remarks.templates.$templates.get().status).toBe('ready'));
    expect(api.GET).toHaveBeenLastCalledWith('/api/instance/remark-templates', {
      params: { query: { query: 'фасад' } },
    });
    expect(remarks.templates.$templates.get().items.map((item) => item.text)).toEqual(['Фасад: цвет']);
  });

  it('says a failed load, and a new dialog starts with the list closed', async () => {
    api.GET.mockResolvedValue(reply(500, errorBody('internal_error', 'Ошибка')));
    const remarks = remarkEditing();
    remarks.templates.open(null);
    await vi.waitFor(() => expect(remarks.templates.$templates.get().status).toBe('error'));
    remarks.startRemark();
    expect(remarks.templates.$open.get()).toBe(false);
  });
});

describe('Сохранить как шаблон', () => {
  it('saves the dialog’s text and kind for the statement’s work type, and the dialog stays open', async () => {
    api.POST.mockResolvedValue(reply(201, template(5, 'Уточните высоту')));
    const remarks = remarkEditing();
    remarks.startRemark();
    expect(await remarks.saveAsTemplate(3)).toBe(false);
    expect(api.POST).not.toHaveBeenCalled();

    remarks.remarkForm.setValue('text', ' Уточните высоту ');
    remarks.remarkForm.setValue('severity', 'advisory');
    expect(await remarks.saveAsTemplate(3)).toBe(true);
    expect(api.POST).toHaveBeenCalledExactlyOnceWith('/api/instance/remark-templates', {
      body: { text: 'Уточните высоту', severity: 'advisory', workTypeId: 3 },
    });
    expect(toastTexts()).toEqual([['success', 'Шаблон сохранён']]);
    expect(remarks.$remarkEditor.get()).not.toBeNull();
  });
});
