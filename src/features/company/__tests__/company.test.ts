import { describe, expect, it, vi } from 'vitest';
import { demoOwner, errorBody, reply } from '../../../test-support/api-replies.ts';
import { $session, freshStores, signIn, toastTexts } from '../../../test-support/store-test.ts';

const api = vi.hoisted(() => ({ GET: vi.fn(), PUT: vi.fn() }));
vi.mock('../../../stores/api.ts', () => ({ api, uploadPrefile: vi.fn() }));

// Fresh stores for every test: the form and its load state live as long as their module.
const { store } = freshStores({ store: () => import('../stores/company.ts') });

const company = {
  id: 1,
  legalEntity: 'ООО «СтройПроект»',
  legalAddress: null,
  inn: '7707083893',
  kpp: null,
  ogrn: null,
  contactFio: 'Иванов Иван Иванович',
  contactPhone: null,
};

describe('my company', () => {
  it('loads the company once the session is a company user’s, when first watched', async () => {
    api.GET.mockResolvedValue(reply(200, company));
    const stop = store.$companyStatus.listen(() => {});
    expect(api.GET).not.toHaveBeenCalled();
    await signIn(demoOwner);
    expect(api.GET).toHaveBeenCalledExactlyOnceWith('/api/companies/me');
    expect(store.$companyStatus.get()).toBe('ready');
    expect(store.companyForm.$values.get()).toEqual({
      legalEntity: 'ООО «СтройПроект»',
      legalAddress: '',
      inn: '7707083893',
      kpp: '',
      ogrn: '',
      contactFio: 'Иванов Иван Иванович',
      contactPhone: '',
    });
    stop();
  });

  it('says so when the company cannot be loaded', async () => {
    api.GET.mockRejectedValue(new TypeError('Failed to fetch'));
    await store.loadCompany();
    expect(store.$companyStatus.get()).toBe('error');
    expect(toastTexts()).toEqual([['error', 'Не удалось загрузить данные компании']]);
  });

  it('sends trimmed values and empty ones as null', () => {
    expect(
      store.companyPayload({
        legalEntity: ' ООО «Ромашка» ',
        legalAddress: ' ',
        inn: ' 7707083893 ',
        kpp: '',
        ogrn: '',
        contactFio: ' Иванов ',
        contactPhone: '',
      }),
    ).toEqual({
      legalEntity: 'ООО «Ромашка»',
      legalAddress: null,
      inn: '7707083893',
      kpp: null,
      ogrn: null,
      contactFio: 'Иванов',
      contactPhone: null,
    });
  });

  it('refuses an empty legal entity with the product text and sends nothing', async () => {
    expect(await store.saveCompany()).toBe('invalid');
    expect(store.$companyFieldErrors.get()).toEqual({ legalEntity: 'Укажите юридическое лицо' });
    expect(toastTexts()).toEqual([['error', 'Проверьте корректность полей']]);
    expect(api.PUT).not.toHaveBeenCalled();
  });

  it('checks the control digits before sending, with the API’s own text', async () => {
    store.companyForm.setValue('legalEntity', 'ООО «Ромашка»');
    store.companyForm.setValue('inn', '7707083894');
    expect(await store.saveCompany()).toBe('invalid');
    expect(store.$companyFieldErrors.get()).toEqual({ inn: 'ИНН указан с ошибкой: не сходится контрольное число' });
    expect(api.PUT).not.toHaveBeenCalled();
  });

  it('shows the server’s message next to the field it names', async () => {
    const message = 'ИНН указан с ошибкой: не сходится контрольное число';
    api.PUT.mockResolvedValue(reply(400, errorBody('validation_error', message, { field: 'inn' })));
    store.companyForm.setValue('legalEntity', 'ООО «Ромашка»');
    store.companyForm.setValue('inn', '7707083893');
    expect(await store.saveCompany()).toBe('failed');
    expect(store.$companyFieldErrors.get()).toEqual({ inn: message });
    expect(toastTexts()).toEqual([['error', 'Не удалось сохранить изменения']]);
  });

  it('shows a refusal that names no field above the form', async () => {
    const message = 'Изменять данные компании может только владелец';
    api.PUT.mockResolvedValue(reply(403, errorBody('forbidden', message)));
    store.companyForm.setValue('legalEntity', 'ООО «Ромашка»');
    expect(await store.saveCompany()).toBe('failed');
    expect(store.$companyFormAlert.get()).toBe(message);
    expect(store.$companyFieldErrors.get()).toEqual({});
  });

  it('saves, reloads the signed-in user for the sidebar card, and says so', async () => {
    $session.set({ status: 'authenticated', user: demoOwner });
    const saved = { ...company, legalEntity: 'ООО «Ромашка»' };
    const renamed = { ...demoOwner, company: { id: 1, legalEntity: 'ООО «Ромашка»', state: 'active' } };
    api.PUT.mockResolvedValue(reply(200, saved));
    api.GET.mockResolvedValue(reply(200, renamed));
    store.companyForm.setValue('legalEntity', 'ООО «Ромашка»');
    expect(await store.saveCompany()).toBe('saved');
    expect(api.GET).toHaveBeenCalledWith('/api/users/me');
    expect($session.get()).toEqual({ status: 'authenticated', user: renamed });
    expect(toastTexts()).toEqual([['success', 'Изменения сохранены']]);
  });
});
