import { beforeEach, describe, expect, it, vi } from 'vitest';
import { demoOwner, errorBody, reply } from '../../../test-support/api-replies.ts';

const api = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn() }));
const client = vi.hoisted(() => ({
  setAccessToken: vi.fn(),
  refreshAccessToken: vi.fn(),
  logout: vi.fn(),
}));
const browser = vi.hoisted(() => ({ navigateTo: vi.fn(), replaceQueryParam: vi.fn() }));

vi.mock('../../../stores/api.ts', () => ({ api, uploadPrefile: vi.fn(), ...client }));
vi.mock('../../../lib/api/session-core.ts', () => client);
vi.mock('../../../lib/browser.ts', () => browser);

const { $session, resetSessionForTests } = await import('../../../stores/session.ts');
const login = await import('../stores/login.ts');
const { $codeCells, $login, backToEmail, enterCode, eraseCode, openLogin, resendCode, startLogin, verifyCode } = login;

const user = demoOwner;

beforeEach(() => {
  vi.clearAllMocks();
  resetSessionForTests();
  openLogin(null);
});

describe('openLogin', () => {
  it('starts at the e-mail step without ?email=', () => {
    expect($login.get()).toMatchObject({ step: 'email', email: '', error: null, busy: false });
  });

  it('opens the code step when ?email= is present', () => {
    openLogin('owner@demo.example');
    expect($login.get()).toMatchObject({ step: 'code', email: 'owner@demo.example' });
  });
});

describe('startLogin', () => {
  it('sends the code, moves to the code step and keeps the e-mail in ?email=', async () => {
    api.POST.mockResolvedValueOnce(reply(204));
    await startLogin('  owner@demo.example ');
    expect(api.POST).toHaveBeenCalledWith('/api/authentication/start-email-login', {
      body: { email: 'owner@demo.example' },
    });
    expect($login.get()).toMatchObject({ step: 'code', email: 'owner@demo.example', busy: false, error: null });
    expect(browser.replaceQueryParam).toHaveBeenCalledWith('email', 'owner@demo.example');
  });

  it('stays on the e-mail step with the send failure text', async () => {
    api.POST.mockResolvedValueOnce(reply(400, errorBody('validation_error', 'Некорректный e-mail')));
    await startLogin('owner@demo.example');
    expect($login.get()).toMatchObject({
      step: 'email',
      busy: false,
      error: 'Не удалось отправить код. Попробуйте ещё раз.',
    });
    expect(browser.replaceQueryParam).not.toHaveBeenCalled();
  });

  it('shows the server message on 429', async () => {
    api.POST.mockResolvedValueOnce(
      reply(429, errorBody('too_many_requests', 'Слишком много запросов. Повторите через 60 с.')),
    );
    await startLogin('owner@demo.example');
    expect($login.get().error).toBe('Слишком много запросов. Повторите через 60 с.');
  });

  it('shows the send failure text when the network fails', async () => {
    api.POST.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await startLogin('owner@demo.example');
    expect($login.get().error).toBe('Не удалось отправить код. Попробуйте ещё раз.');
  });
});

describe('code cells', () => {
  it('a paste anywhere keeps the first six digits', () => {
    openLogin('owner@demo.example');
    const focus = enterCode(3, ' 123 456 789 ');
    expect($codeCells.get()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(focus).toBe(5);
  });

  it('typing advances and backspace in an empty cell goes back', () => {
    expect(enterCode(0, '4')).toBe(1);
    expect(enterCode(1, '2')).toBe(2);
    expect(eraseCode(2)).toBe(1);
    expect($codeCells.get()).toEqual(['4', '', '', '', '', '']);
  });
});

describe('verifyCode', () => {
  beforeEach(() => {
    openLogin('owner@demo.example');
    enterCode(0, '123456');
  });

  it('on success stores the token, loads the user and opens /', async () => {
    api.POST.mockResolvedValueOnce(reply(200, { access_token: 'jwt' }));
    api.GET.mockResolvedValueOnce(reply(200, user));
    await expect(verifyCode('123456')).resolves.toBe('signed-in');
    expect(api.POST).toHaveBeenCalledWith('/api/authentication/verify-email-login', {
      body: { email: 'owner@demo.example', code: '123456' },
    });
    expect(client.setAccessToken).toHaveBeenCalledWith('jwt');
    expect(api.GET).toHaveBeenCalledWith('/api/users/me');
    expect($session.get()).toEqual({ status: 'authenticated', user });
    expect(browser.navigateTo).toHaveBeenCalledWith('/');
  });

  it.each([
    [errorBody('invalid_code', 'Неверный код', { attempts_left: 3 }), 'Неверный код. Осталось попыток: 3'],
    [errorBody('invalid_code', 'Неверный код', { attempts_left: 0 }), 'Неверный код. Осталось попыток: 0'],
    [errorBody('invalid_code', 'Неверный код'), 'Неверный код.'],
    [errorBody('unauthorized', 'Нет доступа'), 'Неверный код.'],
  ])('a wrong code (%j) shows "%s", clears the cells and stays on the code step', async (body, text) => {
    api.POST.mockResolvedValueOnce(reply(401, body));
    await expect(verifyCode('123456')).resolves.toBe('retry');
    expect($login.get()).toMatchObject({ step: 'code', error: text, busy: false, email: 'owner@demo.example' });
    expect($codeCells.get()).toEqual(['', '', '', '', '', '']);
    expect(browser.replaceQueryParam).not.toHaveBeenCalled();
    expect(browser.navigateTo).not.toHaveBeenCalled();
  });

  it.each([
    ['too_many_attempts', 'Слишком много неверных попыток. Запросите код заново.'],
    ['expired_or_not_started', 'Код истёк. Отправьте новый.'],
  ] as const)('%s returns to the e-mail step with its text', async (code, text) => {
    api.POST.mockResolvedValueOnce(reply(401, errorBody(code, 'server text')));
    await expect(verifyCode('123456')).resolves.toBe('email');
    expect($login.get()).toMatchObject({ step: 'email', error: text, busy: false, email: 'owner@demo.example' });
    expect($codeCells.get()).toEqual(['', '', '', '', '', '']);
    expect(browser.replaceQueryParam).toHaveBeenCalledWith('email', null);
  });

  it('a network failure keeps the code step with a retry text', async () => {
    api.POST.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(verifyCode('123456')).resolves.toBe('retry');
    expect($login.get()).toMatchObject({ step: 'code', error: 'Не удалось проверить код. Попробуйте ещё раз.' });
  });
});

describe('backToEmail and resendCode', () => {
  it('backToEmail keeps the e-mail and drops ?email=', () => {
    openLogin('owner@demo.example');
    backToEmail();
    expect($login.get()).toMatchObject({ step: 'email', email: 'owner@demo.example', error: null });
    expect(browser.replaceQueryParam).toHaveBeenCalledWith('email', null);
  });

  it('resendCode asks for a new code for the same e-mail and shows a notice', async () => {
    openLogin('owner@demo.example');
    enterCode(0, '111');
    api.POST.mockResolvedValueOnce(reply(204));
    await resendCode();
    expect(api.POST).toHaveBeenCalledWith('/api/authentication/start-email-login', {
      body: { email: 'owner@demo.example' },
    });
    expect($login.get()).toMatchObject({ step: 'code', error: null, busy: false });
    expect($login.get().notice).toMatch(/Новый код отправлен/);
    expect($codeCells.get()).toEqual(['', '', '', '', '', '']);
  });

  it('resendCode failure shows the send failure text', async () => {
    openLogin('owner@demo.example');
    api.POST.mockResolvedValueOnce(reply(500, errorBody('internal_error', 'x')));
    await resendCode();
    expect($login.get()).toMatchObject({
      step: 'code',
      error: 'Не удалось отправить код. Попробуйте ещё раз.',
      notice: null,
    });
  });
});
