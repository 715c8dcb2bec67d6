import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatementListItem } from '#domain/contract.ts';
import { encodeListColumns, isListColumns } from '#domain/list-columns.ts';
import { demoExaminer, demoOwner, demoStatement, errorBody, reply } from '../../../test-support/api-replies.ts';
import {
  $session,
  flush,
  freshStores,
  nextPage,
  openAs,
  signIn,
  silenceConsoleErrors,
  watch,
} from '../../../test-support/store-test.ts';

const api = vi.hoisted(() => ({ GET: vi.fn() }));
vi.mock('../../../stores/api.ts', () => ({ api, uploadPrefile: vi.fn(), QUIET: { 'x-quiet-errors': '1' } }));

/** The tab's sessionStorage (the unit tests run in Node, which has none). */
const tabStorage = new Map<string, string>();
vi.stubGlobal('sessionStorage', {
  getItem: (key: string) => tabStorage.get(key) ?? null,
  setItem: (key: string, value: string) => void tabStorage.set(key, value),
  removeItem: (key: string) => void tabStorage.delete(key),
  clear: () => tabStorage.clear(),
  key: (index: number) => [...tabStorage.keys()][index] ?? null,
  get length() {
    return tabStorage.size;
  },
});

/** The next page of the same tab: fresh modules, the tab's sessionStorage kept, no calls made yet. */
async function nextTabPage() {
  api.GET.mockClear();
  await nextPage();
}

beforeEach(() => tabStorage.clear());
// Fresh stores for every test: a loaded list stays loaded for the life of its module.
const { lists, counters, changes } = freshStores({
  changes: () => import('../../live/changes.ts'),
  lists: () => import('../stores/lists.ts'),
  counters: () => import('../counters.ts'),
});
silenceConsoleErrors();

/** A list call: quiet, and asking for the list's columns. */
const listHeaders = {
  'x-quiet-errors': '1',
  accept: 'application/vnd.portal.list-columns+json, application/json;q=0.9',
};

describe('company statement list', () => {
  it('waits for the session, then loads once on mount; later subscribers share it', async () => {
    api.GET.mockResolvedValue(
      reply(200, [demoStatement, { ...demoStatement, id: 2, status: 'approved' }, { ...demoStatement, id: 3 }]),
    );
    watch(lists.$companyStatements);
    await flush();
    expect(api.GET).not.toHaveBeenCalled();

    await signIn(demoOwner);
    expect(api.GET).toHaveBeenCalledExactlyOnceWith('/api/statements', { headers: listHeaders });
    expect(lists.$companyStatements.get().status).toBe('ready');
    expect(lists.$companyStatements.get().items).toHaveLength(3);

    watch(lists.$companyStatements);
    await flush();
    expect(api.GET).toHaveBeenCalledOnce();
  });

  it('reads a list the server answered in columns as the same items', async () => {
    const items = [demoStatement, { ...demoStatement, id: 2, status: 'approved' as const, title: 'Другой объект' }];
    api.GET.mockResolvedValue(reply(200, encodeListColumns(items)));
    await openAs(demoOwner, lists.$companyStatements);
    const shown = lists.$companyStatements.get();
    expect(shown.status).toBe('ready');
    const seen = ({ id, status, title, dateCreate, companyName }: StatementListItem) =>
      JSON.stringify({ id, status, title, dateCreate, companyName });
    expect(shown.items.map(seen)).toEqual(items.map(seen));
  });

  it('unpacks a long list in tasks of its own, and shows none read before a later read began', async () => {
    const long = Array.from({ length: 1200 }, (_, i) => ({ ...demoStatement, id: i + 1 }));
    const later = { ...demoStatement, id: 5000, title: 'Прочитано позже' };
    const answers: Array<(value: unknown) => void> = [];
    api.GET.mockImplementation((path: string) =>
      path === '/api/statements' ? new Promise((resolve) => answers.push(resolve)) : Promise.resolve(reply(500, {})),
    );
    const lengths: number[] = [];
    watch(lists.$companyStatements);
    lists.$companyStatements.listen((list) => lengths.push(list.items.length));
    await signIn(demoOwner);
    answers[0]?.(reply(200, encodeListColumns(long)));
    // Unpacked a slice at a time: the answer is not shown in the task it came in.
    await flush();
    expect(lists.$companyStatements.get().status).toBe('loading');
    await vi.waitFor(() => expect(lists.$companyStatements.get().items).toHaveLength(1200));

    // A change told by the stream reads the list again; a reload by hand begins another read meanwhile: the first
    // read's answer is never shown, the later one is.
    changes.receiveLiveEvent({ seq: 1, statements: [1], notifications: false, lists: false, reset: false });
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    void lists.reloadCompanyStatements();
    answers[1]?.(reply(200, encodeListColumns(long.slice(0, 900))));
    await vi.waitFor(() => expect(answers).toHaveLength(3));
    answers[2]?.(reply(200, [later]));
    await vi.waitFor(() => expect(lists.$companyStatements.get().items.map((item) => item.id)).toEqual([5000]));
    expect(lengths).not.toContain(900);
  });

  it('is quiet about a failed load: error state, a log line and no toast', async () => {
    api.GET.mockResolvedValue(reply(501, errorBody('not_implemented', 'Не реализовано')));
    await openAs(demoOwner, lists.$companyStatements);
    expect(lists.$companyStatements.get()).toEqual({ status: 'error', items: [] });
    expect(console.error).toHaveBeenCalledWith('Could not load statements', 501);
  });

  it('treats a network failure the same way', async () => {
    api.GET.mockRejectedValue(new TypeError('Failed to fetch'));
    await openAs(demoOwner, lists.$companyStatements);
    expect(lists.$companyStatements.get().status).toBe('error');
  });

  it('shares one request between concurrent reloads', async () => {
    api.GET.mockResolvedValue(reply(200, []));
    await Promise.all([lists.reloadCompanyStatements(), lists.reloadCompanyStatements()]);
    expect(api.GET.mock.calls.filter(([path]) => path === '/api/statements')).toHaveLength(1);
  });

  it('is not loaded for an examiner', async () => {
    await openAs(demoExaminer, lists.$companyStatements);
    expect(api.GET).not.toHaveBeenCalled();
  });

  it('is kept for the tab: the next page shows it at once and asks only for what changed', async () => {
    const withRevision = (answer: ReturnType<typeof reply>, revision: string) => ({
      ...answer,
      response: { ...answer.response, headers: new Headers({ 'x-list-revision': revision }) },
    });
    const first = { ...demoStatement, id: 1, dateCreate: '2026-11-20T10:00:00.000Z' };
    const second = { ...demoStatement, id: 2, dateCreate: '2026-11-21T10:00:00.000Z' };
    api.GET.mockResolvedValue(withRevision(reply(200, [second, first]), '10.0.20261125'));
    await openAs(demoOwner, lists.$companyStatements);
    await vi.waitFor(() => expect(tabStorage.has('portal-list:company')).toBe(true));

    // The next page: the kept rows at once, while the call asks for the changes since their revision.
    await nextTabPage();
    let answer: (value: unknown) => void = () => undefined;
    api.GET.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await openAs(demoOwner, lists.$companyStatements);
    await vi.waitFor(() => expect(lists.$companyStatements.get().items.map((item) => item.id)).toEqual([2, 1]));
    expect(api.GET).toHaveBeenCalledExactlyOnceWith('/api/statements', {
      params: { query: { since: '10.0.20261125' } },
      headers: listHeaders,
    });
    const third = { ...demoStatement, id: 3, dateCreate: '2026-11-25T10:00:00.000Z' };
    answer(reply(200, { revision: '12.0.20261125', changed: [third], removed: [1] }));
    // Microtasks only, so the changed list has just started being compressed for the tab when the session ends.
    const shown = () =>
      lists.$companyStatements
        .get()
        .items.map((item) => item.id)
        .join() === '3,2';
    for (let turn = 0; turn < 100 && !shown(); turn++) await Promise.resolve();
    expect(shown()).toBe(true);

    // Signed out while the changed list is still being compressed for the tab: the tab keeps nothing, then or after.
    $session.set({ status: 'anonymous', user: null });
    expect(tabStorage.has('portal-list:company')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(tabStorage.has('portal-list:company')).toBe(false);
  });
});

describe("the tab's copy of the company list", () => {
  const withRevision = (answer: ReturnType<typeof reply>, revision: string) => ({
    ...answer,
    response: { ...answer.response, headers: new Headers({ 'x-list-revision': revision }) },
  });
  const kept = { ...demoStatement, id: 1, title: 'Объект из копии вкладки' };
  const fresh = { ...demoStatement, id: 7, title: 'Объект с сервера' };
  const ids = () => lists.$companyStatements.get().items.map((item) => item.id);

  /** The owner's list kept in the tab, then the next page of the tab, watched before its session is known. */
  async function keptThenNextPage() {
    api.GET.mockResolvedValue(withRevision(reply(200, [kept]), '10.0.20261125'));
    await openAs(demoOwner, lists.$companyStatements);
    await vi.waitFor(() => expect(tabStorage.has('portal-list:company')).toBe(true));
    await nextTabPage();
    api.GET.mockResolvedValue(withRevision(reply(200, [fresh]), '11.0.20261125'));
    $session.set({ status: 'loading', user: null });
    watch(lists.$companyStatements);
    await flush();
    expect(api.GET).not.toHaveBeenCalled();
  }

  it('is kept in columns, read without unpacking', async () => {
    api.GET.mockResolvedValue(withRevision(reply(200, [kept]), '10.0.20261125'));
    await openAs(demoOwner, lists.$companyStatements);
    await vi.waitFor(() => expect(tabStorage.has('portal-list:company')).toBe(true));
    const stored = JSON.parse(tabStorage.get('portal-list:company') ?? '{}') as { userId: number; columns: unknown };
    expect(stored.userId).toBe(demoOwner.id);
    expect(isListColumns(stored.columns)).toBe(true);
  });

  it('is kept in the columns the server sent, not encoded again', async () => {
    const columns = encodeListColumns([kept, { ...kept, id: 2 }]);
    // The same title sent twice instead of referred back to: columns this site's encoder would not write.
    const sent = {
      ...columns,
      text: columns.text.map((text) =>
        text.field === 'title' ? { ...text, values: [kept.title, kept.title], refs: [0, 0] } : text,
      ),
    };
    api.GET.mockResolvedValue(withRevision(reply(200, sent), '10.0.20261125'));
    await openAs(demoOwner, lists.$companyStatements);
    await vi.waitFor(() => expect(tabStorage.has('portal-list:company')).toBe(true));
    expect(ids()).toEqual([1, 2]);
    expect((JSON.parse(tabStorage.get('portal-list:company') ?? '{}') as { columns: unknown }).columns).toEqual(sent);
  });

  it('is read before the session is known, and shown once it is its user', async () => {
    await keptThenNextPage();
    let answer: (value: unknown) => void = () => undefined;
    api.GET.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await signIn(demoOwner);
    await vi.waitFor(() => expect(ids()).toEqual([1]));
    expect(api.GET).toHaveBeenCalledExactlyOnceWith('/api/statements', {
      params: { query: { since: '10.0.20261125' } },
      headers: listHeaders,
    });
    answer(reply(200, { revision: '10.0.20261125', changed: [], removed: [] }));
  });

  it('is never shown to another user of the tab, though read before the session was known', async () => {
    await keptThenNextPage();
    const other = { ...demoOwner, id: 99, email: 'other@demo.example' };
    await signIn(other);
    await vi.waitFor(() => expect(lists.$companyStatements.get().status).toBe('ready'));
    expect(ids()).toEqual([7]);
    expect(api.GET).toHaveBeenCalledExactlyOnceWith('/api/statements', { headers: listHeaders });
  });

  it('is not shown when the session ended after it was read, even to the same user again', async () => {
    await keptThenNextPage();
    $session.set({ status: 'anonymous', user: null });
    await flush();
    await signIn(demoOwner);
    await vi.waitFor(() => expect(lists.$companyStatements.get().status).toBe('ready'));
    expect(ids()).toEqual([7]);
    expect(api.GET).toHaveBeenCalledExactlyOnceWith('/api/statements', { headers: listHeaders });
  });
});

describe("the first screen of the company list, kept apart from the tab's copy", () => {
  const withRevision = (answer: ReturnType<typeof reply>, revision: string) => ({
    ...answer,
    response: { ...answer.response, headers: new Headers({ 'x-list-revision': revision }) },
  });
  // 45 statements, newest first: more than a first screen keeps.
  const many = Array.from({ length: 45 }, (_, i) => ({
    ...demoStatement,
    id: 100 - i,
    dateCreate: new Date(Date.UTC(2026, 10, 25, 10) - i * 3_600_000).toISOString(),
  }));
  const visibleIds = () => lists.$visibleCompanyStatements.get().map((item) => item.id);
  const FIRST = 'portal-list:company#first:all';

  /** The owner's list read whole on one page, its copy and first screen kept; then the tab's next page. */
  async function keptThenNextPage() {
    api.GET.mockResolvedValue(withRevision(reply(200, many), '10.0.20261125'));
    await openAs(demoOwner, lists.$visibleCompanyStatements);
    await vi.waitFor(() => expect(tabStorage.has(FIRST) && tabStorage.has('portal-list:company')).toBe(true));
    await nextTabPage();
    api.GET.mockReturnValue(new Promise(() => undefined));
    $session.set({ status: 'loading', user: null });
    watch(lists.$visibleCompanyStatements);
    await flush();
  }

  it('keeps the first rows of the view a page opens with', async () => {
    await keptThenNextPage();
    const stored = JSON.parse(tabStorage.get(FIRST) ?? '{}') as { userId: number; rows: StatementListItem[] };
    expect(stored.userId).toBe(demoOwner.id);
    expect(stored.rows.map((item) => item.id)).toEqual(many.slice(0, 40).map((item) => item.id));
  });

  it('shows them as soon as the session knows its user, before the whole copy is read, which then replaces them', async () => {
    await keptThenNextPage();
    expect(visibleIds()).toEqual([]);
    $session.set({ status: 'authenticated', user: demoOwner });
    // At once: the whole copy is unpacked in tasks of its own, after this one.
    expect(lists.$companyStatements.get()).toMatchObject({ status: 'loading', firstScreen: true });
    expect(visibleIds()).toEqual(many.slice(0, 40).map((item) => item.id));
    // A first screen's days are not the list's: the range stays open.
    expect(lists.$companyDateRange.get()).toEqual({ start: null, end: null });
    await vi.waitFor(() => expect(visibleIds()).toHaveLength(45));
    expect(lists.$companyStatements.get().firstScreen).toBeUndefined();
  });

  it('is never shown to another user of the tab', async () => {
    await keptThenNextPage();
    $session.set({ status: 'authenticated', user: { ...demoOwner, id: 99, email: 'other@demo.example' } });
    expect(lists.$companyStatements.get()).toEqual({ status: 'loading', items: [] });
    expect(visibleIds()).toEqual([]);
  });

  it('is gone when the session ends', async () => {
    await keptThenNextPage();
    $session.set({ status: 'anonymous', user: null });
    expect(tabStorage.has(FIRST)).toBe(false);
  });

  it('leaves the rows on screen as they are when the server says nothing changed', async () => {
    await keptThenNextPage();
    let answer: (value: unknown) => void = () => undefined;
    api.GET.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await signIn(demoOwner);
    await vi.waitFor(() => expect(visibleIds()).toHaveLength(45));
    const before = lists.$visibleCompanyStatements.get();
    answer(withRevision(reply(200, { revision: '10.0.20261125', changed: [], removed: [] }), '10.0.20261125'));
    await vi.waitFor(() => expect(lists.$companyStatements.get().status).toBe('ready'));
    await flush();
    expect(lists.$visibleCompanyStatements.get()).toBe(before);
  });
});

describe('sidebar counters (GET /api/users/me/counters)', () => {
  const counts = {
    sent: 2,
    under_review: 3,
    has_comments: 1,
    approved: 4,
    rejected: 0,
    not_accepted: 1,
    withdrawn: 2,
    total: 8,
    overdue: 2,
  };
  const byPath = (path: string) => api.GET.mock.calls.filter(([called]) => called === path).length;

  it('load once the session is known, with one small call and no list', async () => {
    api.GET.mockResolvedValue(reply(200, counts));
    watch(counters.$statusCounters);
    await flush();
    expect(api.GET).not.toHaveBeenCalled();
    // Not known yet: no count at all rather than zeros.
    expect(counters.$statusCounters.get()).toEqual({});
    expect(counters.$examinerOverdue.get()).toBeUndefined();
    await signIn(demoOwner);
    expect(api.GET).toHaveBeenCalledExactlyOnceWith('/api/users/me/counters', { headers: { 'x-quiet-errors': '1' } });
    expect(counters.$statusCounters.get()).toEqual({
      sent: 2,
      under_review: 3,
      has_comments: 1,
      approved: 4,
      rejected: 0,
      not_accepted: 1,
      withdrawn: 2,
      total: 8,
    });
    watch(counters.$examinerOverdue);
    await flush();
    expect(counters.$examinerOverdue.get()).toBe(2);
    expect(api.GET).toHaveBeenCalledOnce();
  });

  it("give the head's 'Жалобы' its count without reading the appeals register, and a list on screen keeps it", async () => {
    const inWork = { ...demoStatement, id: 1, status: 'under_review' as const };
    const list = reply(200, [inWork]);
    api.GET.mockImplementation((path: string) =>
      Promise.resolve(path === '/api/users/me/counters' ? reply(200, { ...counts, openAppeals: 3 }) : list),
    );
    watch(counters.$openAppeals);
    expect(counters.$openAppeals.get()).toBeUndefined();
    await signIn({ ...demoExaminer, isHead: true });
    await vi.waitFor(() => expect(counters.$openAppeals.get()).toBe(3));
    expect(byPath('/api/instance/appeals')).toBe(0);
    expect(counters.$statusCounters.get()).not.toHaveProperty('openAppeals');
    // Counts taken from a list of statements say nothing about appeals.
    counters.countFromList([inWork]);
    expect(counters.$openAppeals.get()).toBe(3);
    expect(counters.$statusCounters.get().under_review).toBe(1);
  });

  it('reload when this user changes a statement, once more when asked during a load', async () => {
    api.GET.mockResolvedValue(reply(200, counts));
    await openAs(demoExaminer, counters.$statusCounters);
    expect(byPath('/api/users/me/counters')).toBe(1);

    api.GET.mockResolvedValue(reply(200, { ...counts, under_review: 4, total: 9 }));
    changes.announceStatementChange();
    changes.announceStatementChange();
    await flush();
    await flush();
    expect(byPath('/api/users/me/counters')).toBe(3);
    expect(counters.$statusCounters.get().under_review).toBe(4);
  });

  it('reload with the list when the list is reloaded by hand', async () => {
    api.GET.mockImplementation((path: string) =>
      Promise.resolve(path === '/api/users/me/counters' ? reply(200, counts) : reply(200, [demoStatement])),
    );
    await lists.reloadCompanyStatements();
    expect(byPath('/api/statements')).toBe(1);
    expect(byPath('/api/users/me/counters')).toBe(1);
  });

  it('keep agreeing with the list on screen when a counters answer asked before it comes after it', async () => {
    const list = reply(200, [
      {
        ...demoStatement,
        id: 1,
        status: 'under_review',
        reviewDeadline: { dueDate: '2026-11-18', workingDaysLeft: -2, provisional: false },
      },
    ]);
    let answerCounters: (value: unknown) => void = () => undefined;
    api.GET.mockImplementation((path: string) =>
      path === '/api/users/me/counters'
        ? new Promise((resolve) => {
            answerCounters = resolve;
          })
        : Promise.resolve(list),
    );
    // A page with the sidebar and the list: both load once the session is known; the counters answer comes last.
    watch(counters.$examinerOverdue);
    watch(lists.$companyStatements);
    await signIn(demoOwner);
    await vi.waitFor(() => expect(counters.$examinerOverdue.get()).toBe(1));
    answerCounters(reply(200, { ...counts, overdue: 0 }));
    await flush();
    expect(byPath('/api/users/me/counters')).toBe(1);
    expect(counters.$examinerOverdue.get()).toBe(1);
  });

  it('come with a list of their scope, and the next page takes them from this tab for a minute', async () => {
    const list = reply(200, [
      {
        ...demoStatement,
        id: 1,
        status: 'under_review',
        reviewDeadline: { dueDate: '2026-11-18', workingDaysLeft: -1, provisional: false },
      },
      { ...demoStatement, id: 2, status: 'approved', reviewDeadline: null },
    ]);
    // The counters call of a manual reload fails here: the list alone sets the counts.
    api.GET.mockImplementation((path: string) =>
      Promise.resolve(path === '/api/statements' ? list : reply(500, errorBody('internal_error', 'Ошибка'))),
    );
    $session.set({ status: 'authenticated', user: demoOwner });
    await lists.reloadCompanyStatements();
    const fromList = {
      sent: 0,
      under_review: 1,
      has_comments: 0,
      approved: 1,
      rejected: 0,
      not_accepted: 0,
      withdrawn: 0,
      total: 2,
    };
    expect(counters.$statusCounters.get()).toEqual(fromList);
    expect(counters.$examinerOverdue.get()).toBe(1);

    // The next page (a fresh module) draws the sidebar from this tab's copy, without a call.
    await nextTabPage();
    await openAs(demoOwner, counters.$statusCounters);
    expect(api.GET).not.toHaveBeenCalled();
    expect(counters.$statusCounters.get()).toEqual(fromList);
  });

  it("never show another user's copy, nor one older than a minute", async () => {
    api.GET.mockResolvedValue(reply(200, counts));
    $session.set({ status: 'authenticated', user: demoOwner });
    await counters.reloadStatementCounters();
    await nextTabPage();
    await openAs(demoExaminer, counters.$statusCounters);
    expect(byPath('/api/users/me/counters')).toBe(1);

    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    try {
      await nextTabPage();
      await openAs(demoExaminer, counters.$statusCounters);
      expect(byPath('/api/users/me/counters')).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('show none and log on a failure, without a toast', async () => {
    api.GET.mockResolvedValue(reply(500, errorBody('internal_error', 'Ошибка')));
    await openAs(demoOwner, counters.$statusCounters);
    expect(counters.$statusCounters.get()).toEqual({});
    expect(console.error).toHaveBeenCalledWith('Could not load statements', 500);
  });
});

describe('company list view: filters feeding the visible list', () => {
  const statements = [
    { ...demoStatement, id: 1, visibleId: 1001, title: 'Жилой дом', dateCreate: '2024-05-01T10:00:00' },
    { ...demoStatement, id: 2, visibleId: 1002, title: 'Школа', status: 'approved', dateCreate: '2024-05-03T10:00:00' },
    { ...demoStatement, id: 3, visibleId: 1003, title: 'Школа искусств', dateCreate: '2024-05-05T10:00:00' },
    { ...demoStatement, id: 4, visibleId: 1004, title: 'Без даты', dateCreate: 'invalid' },
  ];
  const visibleIds = () => lists.$visibleCompanyStatements.get().map((statement) => statement.id);

  beforeEach(async () => {
    api.GET.mockResolvedValue(reply(200, statements));
    await openAs(demoOwner, lists.$visibleCompanyStatements);
  });

  it('shows every valid statement newest first, within the loaded days by default', () => {
    expect(visibleIds()).toEqual([3, 2, 1]);
    expect(lists.$companyDateRange.get()).toEqual({ start: new Date(2024, 4, 1), end: new Date(2024, 4, 5) });
  });

  it('filters by status, search and sort', () => {
    lists.setCompanyStatusFilter('sent');
    expect(visibleIds()).toEqual([3, 1]);
    lists.setCompanySearch('ШКОЛА');
    expect(visibleIds()).toEqual([3]);
    lists.setCompanyStatusFilter('all');
    lists.toggleCompanySortOrder();
    expect(lists.$companySortOrder.get()).toBe('oldest');
    expect(visibleIds()).toEqual([2, 3]);
  });

  it('applies the range rules: a start after the end moves the end, a cleared side is open', () => {
    lists.setCompanyRangeStart(new Date(2024, 4, 3, 15));
    expect(visibleIds()).toEqual([3, 2]);
    lists.setCompanyRangeEnd(new Date(2024, 4, 2));
    expect(lists.$companyDateRange.get()).toEqual({ start: new Date(2024, 4, 2), end: new Date(2024, 4, 2) });
    expect(visibleIds()).toEqual([]);
    lists.setCompanyRangeStart(null);
    expect(visibleIds()).toEqual([1]);
  });
});
