import { describe, expect, it, vi } from 'vitest';
import { demoExaminer, demoOwner, demoStatement, errorBody, reply } from '../../../test-support/api-replies.ts';
import { freshStores, signIn, silenceConsoleErrors, toastTexts, watch } from '../../../test-support/store-test.ts';

const api = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn() }));
vi.mock('#stores/api.ts', () => ({ api, uploadPrefile: vi.fn(), QUIET: { 'x-quiet-errors': '1' } }));

// Fresh stores for every test: a loaded list stays loaded for the life of its module.
const { news, changes } = freshStores({
  news: () => import('../stores/news.ts'),
  changes: () => import('../../live/changes.ts'),
});
silenceConsoleErrors();

const sent = demoStatement;
const inWork = { ...demoStatement, id: 2, visibleId: 1002, status: 'under_review' as const, examinerId: 3 };

describe('new statements', () => {
  it.each([
    ['only the sent ones', [sent, inWork], [sent]],
    [
      'none whose refusal to accept waits for its signature',
      [sent, { ...sent, id: 3, visibleId: 1003, awaitingSignature: true as const }],
      [sent],
    ],
    ['none of a body that is not an array', { unexpected: true }, []],
    ['none of an empty list', [], []],
  ])('keep %s', (_, data, expected) => {
    expect(news.newStatementsOf(data)).toEqual(expected);
  });

  it('put the most urgent intake term first, then the one submitted earliest, whatever the server’s order', () => {
    const due = (dueDate: string, workingDaysLeft: number) => ({ dueDate, workingDaysLeft, provisional: false });
    const row = (id: number, dueDate: string | null, dateCreate: string) => ({
      ...sent,
      id,
      visibleId: 1000 + id,
      dateCreate,
      intakeDeadline: dueDate ? due(dueDate, 1) : null,
    });
    const server = [
      row(1, '2026-12-04', '2026-12-01T10:00:00Z'),
      row(2, null, '2026-11-30T10:00:00Z'),
      row(3, '2026-12-02', '2026-11-27T12:00:00Z'),
      row(4, '2026-12-02', '2026-11-27T09:00:00Z'),
      row(5, '2026-11-30', '2026-11-25T09:00:00Z'),
    ];
    expect(news.newStatementsOf(server).map((item) => item.id)).toEqual([5, 4, 3, 1, 2]);
  });

  it('load for an examiner once watched, quietly, and not for a company user', async () => {
    api.GET.mockResolvedValue(reply(200, [sent, inWork]));
    watch(news.$newStatements);
    await signIn(demoOwner);
    expect(api.GET).not.toHaveBeenCalled();
    await signIn(demoExaminer);
    // Only the sent ones are asked for; a statement of another status in the answer would still be left out.
    expect(api.GET).toHaveBeenCalledExactlyOnceWith('/api/instance/all/statements', {
      params: { query: { status: 'sent' } },
      headers: { 'x-quiet-errors': '1', accept: 'application/vnd.portal.list-columns+json, application/json;q=0.9' },
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
    expect(changes.$liveChange.get()?.own).toBe(true);
  });

  it('say so when another examiner was first, and reload the list all the same', async () => {
    api.POST.mockResolvedValue(reply(409, errorBody('invalid_transition', 'Заявление уже взято в работу')));
    api.GET.mockResolvedValue(reply(200, []));
    expect(await news.takeIntoWork(1)).toBe(false);
    expect(toastTexts()).toEqual([['error', 'Не удалось взять заявление в работу']]);
    expect(api.GET).toHaveBeenCalledOnce();
    expect(changes.$liveChange.get()).toBeNull();
  });
});
