import { type MapStore, map } from 'nanostores';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorBody, reply } from '../../test-support/api-replies.ts';
import { requestRefusal, type SubmitState, submit } from '../submit.ts';
import { $toasts } from '../toasts.ts';

const created = { id: 7 };
const options = { failureText: 'Не удалось создать заявление', successText: 'Заявление создано' };

let $state: MapStore<SubmitState>;
beforeEach(() => {
  $state = map<SubmitState>({ busy: false, error: null });
  $toasts.set([]);
});

const toastTexts = () => $toasts.get().map((toast) => `${toast.kind}: ${toast.text}`);

describe('submit', () => {
  it('is busy while the call runs, then returns the data and toasts success', async () => {
    let busyDuringCall = false;
    const result = await submit(
      $state,
      async () => {
        busyDuringCall = $state.get().busy;
        return reply(201, created);
      },
      options,
    );
    expect(busyDuringCall).toBe(true);
    expect(result).toEqual({ ok: true, data: created });
    expect($state.get()).toEqual({ busy: false, error: null });
    expect(toastTexts()).toEqual(['success: Заявление создано']);
  });

  it.each([
    ['a 4xx with an error body', async () => reply(409, errorBody('invalid_transition', 'Статус уже изменился')), 409],
    ['a 5xx', async () => reply(500, errorBody('internal_error', 'Внутренняя ошибка')), 500],
    [
      'no answer',
      async () => {
        throw new TypeError('Failed to fetch');
      },
      null,
    ],
  ])('maps %s to the action’s failure text', async (_name, call, status) => {
    const result = await submit($state, call, options);
    expect(result).toMatchObject({ ok: false, failure: { status }, text: 'Не удалось создать заявление' });
    expect($state.get()).toEqual({ busy: false, error: 'Не удалось создать заявление' });
    expect(toastTexts()).toEqual(['error: Не удалось создать заявление']);
  });

  it('uses a more specific text by error code, and keeps an inline failure out of the toasts', async () => {
    const result = await submit($state, async () => reply(429, errorBody('too_many_requests', 'Подождите 60 с')), {
      ...options,
      describe: (failure) => (failure.body?.error === 'too_many_requests' ? failure.body.message : null),
      failureAs: 'inline',
    });
    expect(result).toMatchObject({
      ok: false,
      text: 'Подождите 60 с',
      failure: { body: { error: 'too_many_requests' } },
    });
    expect($state.get().error).toBe('Подождите 60 с');
    expect(toastTexts()).toEqual([]);
  });

  it('ignores a second call while the first is busy', async () => {
    let finish: (value: ReturnType<typeof reply>) => void = () => {};
    const first = submit($state, () => new Promise<ReturnType<typeof reply>>((resolve) => (finish = resolve)), options);
    const second = await submit($state, async () => reply(201, created), options);
    expect(second.ok).toBe(false);
    finish(reply(201, created));
    expect((await first).ok).toBe(true);
  });

  it("shows the server's own text for a request refused as a whole, and for a signature this server cannot check", async () => {
    const unavailable =
      'Проверка электронных подписей на этом сервере сейчас недоступна: у OpenSSL нет движка ГОСТ. Ничего не сохранено.';
    const result = await submit($state, async () => reply(503, errorBody('service_unavailable', unavailable)), {
      ...options,
      describe: requestRefusal,
    });
    expect(result).toMatchObject({ ok: false, text: unavailable });
    expect($state.get().error).toBe(unavailable);
    const orphan = 'Файл подписи «X.sig» не относится ни к одному документу';
    expect(requestRefusal({ status: 400, body: { error: 'validation_error', message: orphan } })).toBe(orphan);
    // A field's error is the field's; any other failure keeps the action's own text.
    expect(
      requestRefusal({ status: 400, body: { error: 'validation_error', message: 'x', field: 'cipher' } }),
    ).toBeNull();
    expect(requestRefusal({ status: 500, body: { error: 'internal_error', message: 'Внутренняя ошибка' } })).toBeNull();
  });
});
