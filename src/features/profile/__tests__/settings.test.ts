import { describe, expect, it, vi } from 'vitest';
import { demoExaminer, errorBody, reply } from '../../../test-support/api-replies.ts';
import { $session, flush, freshStores, loadFailures, signIn, toastTexts } from '../../../test-support/store-test.ts';

const api = vi.hoisted(() => ({ GET: vi.fn(), PUT: vi.fn() }));
vi.mock('#stores/api.ts', () => ({ api, uploadPrefile: vi.fn(), QUIET: { 'x-quiet-errors': '1' } }));

// Fresh stores for every test: the form and its load state live as long as their module.
const { store } = freshStores({ store: () => import('../stores/settings.ts') });

const profile = { id: 3, contactFio: 'Петрова Анна Сергеевна', contactPhone: null };

describe('reviewer settings', () => {
  it('load the examiner profile once the session is known, when first watched', async () => {
    api.GET.mockResolvedValue(reply(200, profile));
    const stop = store.$settingsStatus.listen(() => {});
    await flush();
    expect(api.GET).not.toHaveBeenCalled();
    await signIn(demoExaminer);
    expect(api.GET).toHaveBeenCalledExactlyOnceWith('/api/instance/me');
    expect(store.$settingsStatus.get()).toBe('ready');
    expect(store.settingsForm.$values.get()).toEqual({ contactFio: 'Петрова Анна Сергеевна', contactPhone: '' });
    stop();
  });

  it.each(loadFailures(api.GET))('after %s say so', async (_, fail) => {
    fail();
    await store.loadSettings();
    expect(store.$settingsStatus.get()).toBe('error');
    expect(toastTexts()).toEqual([['error', 'Не удалось загрузить данные пользователя']]);
  });

  it.each([
    [
      { contactFio: ' Иванов И. И. ', contactPhone: ' +7 900 ' },
      { contactFio: 'Иванов И. И.', contactPhone: '+7 900' },
    ],
    [
      { contactFio: 'Иванов', contactPhone: '   ' },
      { contactFio: 'Иванов', contactPhone: null },
    ],
  ])('send %j trimmed, an empty phone as null', (values, body) => {
    expect(store.settingsPayload(values)).toEqual(body);
  });

  it.each(['', '   '])('refuse the full name %j with the product texts and send nothing', async (fio) => {
    store.settingsForm.setValue('contactFio', fio);
    expect(await store.saveSettings()).toBe('invalid');
    expect(store.settingsForm.$shownErrors.get()).toEqual({ contactFio: 'Укажите ФИО' });
    expect(toastTexts()).toEqual([['error', 'Проверьте корректность полей']]);
    expect(api.PUT).not.toHaveBeenCalled();
  });

  it('save, reload the signed-in user for the sidebar, and say so', async () => {
    $session.set({ status: 'authenticated', user: demoExaminer });
    api.PUT.mockResolvedValue(reply(200, { id: 3, contactFio: 'Сидорова Анна', contactPhone: null }));
    api.GET.mockResolvedValue(reply(200, { ...demoExaminer, fio: 'Сидорова Анна' }));
    store.settingsForm.setValue('contactFio', ' Сидорова Анна ');
    expect(await store.saveSettings()).toBe('saved');
    expect(api.PUT).toHaveBeenCalledExactlyOnceWith('/api/instance/me', {
      body: { contactFio: 'Сидорова Анна', contactPhone: null },
    });
    expect(api.GET).toHaveBeenCalledWith('/api/users/me');
    expect($session.get()).toEqual({ status: 'authenticated', user: { ...demoExaminer, fio: 'Сидорова Анна' } });
    expect(toastTexts()).toEqual([['success', 'Изменения сохранены']]);
    expect(store.settingsForm.$status.get()).toEqual({ busy: false, error: null });
  });

  it('say so when saving fails', async () => {
    api.PUT.mockResolvedValue(reply(400, errorBody('validation_error', 'Укажите ФИО')));
    store.settingsForm.setValue('contactFio', 'Иванов');
    expect(await store.saveSettings()).toBe('failed');
    expect(toastTexts()).toEqual([['error', 'Не удалось сохранить изменения']]);
  });
});
