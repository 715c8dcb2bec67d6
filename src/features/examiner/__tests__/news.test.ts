import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoExaminer, demoOwner, demoStatement, errorBody, reply } from '../../../test-support/api-replies.ts';

const api = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn() }));
vi.mock('../../../stores/api.ts', () => ({ api, uploadPrefile: vi.fn(), QUIET: { 'x-quiet-errors': '1' } }));

// Fresh stores for every test: a loaded list stays loaded for the life of its module.
let $session: typeof import('../../../stores/session.ts').$session;
let $toasts: typeof import('../../../stores/toasts.ts').$toasts;
let $statementChanges: typeof import('../../../stores/statement-changes.ts').$statementChanges;
let news: typeof import('../stores/news.ts');

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const sent = demoStatement;
const inWork = { ...demoStatement, id: 2, visibleId: 1002, status: 'under_review' as const, examinerId: 3 };
const toastTexts = () => $toasts.get().map((toast) => [toast.kind, toast.text]);
const unsubscribe: Array<() => void> = [];

beforeEach(async () => {
  vi.clearAllMocks();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.resetModules();
  ({ $session } = await import('../../../stores/session.ts'));
  ({ $toasts } = await import('../../../stores/toasts.ts'));
  ({ $statementChanges } = await import('../../../stores/statement-changes.ts'));
  news = await import('../stores/news.ts');
});

afterEach(() => {
  for (const stop of unsubscribe.splice(0)) stop();
});

describe('new statements', () => {
  it.each([
    ['only the sent ones', [sent, inWork], [sent]],
    ['none of a body that is not an array', { unexpected: true }, []],
    ['none of an empty list', [], []],
  ])('keep %s', (_, data, expected) => {
    expect(news.newStatementsOf(data)).toEqual(expected);
  });

  it('load for an examiner once watched, quietly, and not for a company user', async () => {
    api.GET.mockResolvedValue(reply(200, [sent, inWork]));
    unsubscribe.push(news.$newStatements.listen(() => {}));
    $session.set({ status: 'authenticated', user: demoOwner });
    await flush();
    expect(api.GET).not.toHaveBeenCalled();
    $session.set({ status: 'authenticated', user: demoExaminer });
    await flush();
    // Only the sent ones are asked for; a statement of another status in the answer would still be left out.
    expect(api.GET).toHaveBeenCalledExactlyOnceWith('/api/instance/all/statements', {
      params: { query: { status: 'sent' } },
      headers: { 'x-quiet-errors': '1' },
    });
    expect(news.$newStatements.get()).toEqual({ status: 'ready', items: [sent] });
  });

  it('log a failed load only', async () => {
    api.GET.mockResolvedValue(reply(500, errorBody('internal_error', 'Ошибка')));
    await news.reloadNewStatements();
    expect(news.$newStatements.get()).toEqual({ status: 'error', items: [] });
    expect(toastTexts()).toEqual([]);
    expect(console.error).toHaveBeenCalled();
  });

  it('take one into work, say so, reload the list and tell the counters', async () => {
    api.POST.mockResolvedValue(reply(200, { ...sent, status: 'under_review', examinerId: 3 }));
    api.GET.mockResolvedValue(reply(200, []));
    expect(await news.takeIntoWork(1)).toBe(true);
    expect(api.POST).toHaveBeenCalledExactlyOnceWith('/api/instance/StartWorkOnStatement', { body: { id: 1 } });
    expect(toastTexts()).toEqual([['success', 'Заявление взято в работу']]);
    expect(api.GET).toHaveBeenCalledOnce();
    expect(news.$newStatements.get().items).toEqual([]);
    expect($statementChanges.get()).toBe(1);
  });

  it('say so when another examiner was first, and reload the list all the same', async () => {
    api.POST.mockResolvedValue(reply(409, errorBody('invalid_transition', 'Заявление уже взято в работу')));
    api.GET.mockResolvedValue(reply(200, []));
    expect(await news.takeIntoWork(1)).toBe(false);
    expect(toastTexts()).toEqual([['error', 'Не удалось взять заявление в работу']]);
    expect(api.GET).toHaveBeenCalledOnce();
    expect($statementChanges.get()).toBe(0);
  });
});
