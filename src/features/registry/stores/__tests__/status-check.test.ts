import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $statusAnswer, checkStatus, statusCheckForm, validateStatusCheck } from '../status-check.ts';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const found = {
  status: 'under_review',
  statusLabel: 'На рассмотрении',
  submittedAt: '2026-11-20T09:00:00.000Z',
  dueDate: '2026-12-04',
  overdue: false,
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  statusCheckForm.reset();
  $statusAnswer.set({ state: 'idle' });
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('validateStatusCheck', () => {
  it.each([
    [
      { visibleId: '', inn: '' },
      { visibleId: 'Укажите регистрационный номер', inn: 'Укажите ИНН организации' },
    ],
    [{ visibleId: '12a', inn: '7701234560' }, { visibleId: 'Номер состоит только из цифр' }],
    [{ visibleId: '0', inn: '7701234560' }, { visibleId: 'Номер состоит только из цифр' }],
    [{ visibleId: '12', inn: '770123456' }, { inn: 'ИНН должен состоять из 10 или 12 цифр' }],
    [{ visibleId: '12', inn: '7701234561' }, { inn: 'ИНН указан с ошибкой: не сходится контрольное число' }],
    [{ visibleId: ' 12 ', inn: '7701234560' }, {}],
  ])('%j → %j', (values, errors) => {
    expect(validateStatusCheck(values)).toEqual(errors);
  });
});

describe('checkStatus', () => {
  const fill = (visibleId: string, inn: string) => {
    statusCheckForm.setValue('visibleId', visibleId);
    statusCheckForm.setValue('inn', inn);
  };

  it("never leaves the previous pair's answer under the form: a new check and a refused one take it away", async () => {
    fill('12', '7701234560');
    fetchMock.mockResolvedValueOnce(json(found));
    await checkStatus();
    expect($statusAnswer.get().state).toBe('found');

    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    fill('13', '7701234560');
    const checking = checkStatus();
    expect($statusAnswer.get()).toEqual({ state: 'idle' });
    answer(json({ code: 'not_found', message: 'Заявление с таким номером и ИНН не найдено' }, 404));
    await checking;
    expect($statusAnswer.get()).toEqual({ state: 'notFound' });

    fetchMock.mockResolvedValueOnce(json(found));
    fill('12', '7701234560');
    await checkStatus();
    fill('12', '123');
    await checkStatus();
    expect($statusAnswer.get()).toEqual({ state: 'idle' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('asks nothing while the form is invalid, and shows its errors', async () => {
    fill('12', '123');
    await checkStatus();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(statusCheckForm.$shownErrors.get().inn).toBeTruthy();
  });

  it('posts the number and the ИНН without credentials and shows the status', async () => {
    fill('12', '7701234560');
    fetchMock.mockResolvedValueOnce(json(found));
    await checkStatus();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/public/statement-status');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('omit');
    expect(JSON.parse(String(init?.body))).toEqual({ visibleId: 12, inn: '7701234560' });
    expect($statusAnswer.get()).toEqual({ state: 'found', status: found });
    expect(statusCheckForm.$status.get().busy).toBe(false);
  });

  it.each([
    [404, 'notFound'],
    [429, 'tooMany'],
    [500, 'failed'],
  ])('answers %i as %s', async (status, state) => {
    fill('12', '7701234560');
    fetchMock.mockResolvedValueOnce(json({ message: 'x' }, status));
    await checkStatus();
    expect($statusAnswer.get()).toEqual({ state });
  });

  it('reports a network failure', async () => {
    fill('12', '7701234560');
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await checkStatus();
    expect($statusAnswer.get()).toEqual({ state: 'failed' });
  });
});
