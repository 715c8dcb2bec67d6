import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoExaminer, demoOwner, demoStatement, errorBody, reply } from '../../../test-support/api-replies.ts';

const api = vi.hoisted(() => ({ GET: vi.fn() }));
vi.mock('../../../lib/api/client.ts', () => ({ api, QUIET: { 'x-quiet-errors': '1' } }));

// Fresh stores for every test: a loaded list stays loaded for the life of its module.
let $session: typeof import('../../../stores/session.ts').$session;
let lists: typeof import('../stores/lists.ts');
let counters: typeof import('../stores/counters.ts');

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const unsubscribe: Array<() => void> = [];

beforeEach(async () => {
  vi.clearAllMocks();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.resetModules();
  ({ $session } = await import('../../../stores/session.ts'));
  lists = await import('../stores/lists.ts');
  counters = await import('../stores/counters.ts');
  // The first import transforms date-fns and the client: seconds on a busy machine.
}, 30_000);

afterEach(() => {
  for (const stop of unsubscribe.splice(0)) stop();
});

describe('company statement list', () => {
  it('waits for the session, then loads once on mount and feeds the counters', async () => {
    api.GET.mockResolvedValue(
      reply(200, [demoStatement, { ...demoStatement, id: 2, status: 'approved' }, { ...demoStatement, id: 3 }]),
    );
    unsubscribe.push(counters.$companyCounters.listen(() => {}));
    await flush();
    expect(api.GET).not.toHaveBeenCalled();

    $session.set({ status: 'authenticated', user: demoOwner });
    await flush();
    expect(api.GET).toHaveBeenCalledExactlyOnceWith('/api/statements', { headers: { 'x-quiet-errors': '1' } });
    expect(lists.$companyStatements.get().status).toBe('ready');
    expect(counters.$companyCounters.get()).toEqual({
      sent: 2,
      under_review: 0,
      has_comments: 0,
      approved: 1,
      rejected: 0,
      total: 1,
    });

    unsubscribe.push(lists.$companyStatements.listen(() => {}));
    await flush();
    expect(api.GET).toHaveBeenCalledOnce();
  });

  it('is quiet about a failed load: error state, zero counters, a log line and no toast', async () => {
    api.GET.mockResolvedValue(reply(501, errorBody('not_implemented', 'Не реализовано')));
    $session.set({ status: 'authenticated', user: demoOwner });
    unsubscribe.push(counters.$companyCounters.listen(() => {}));
    await flush();
    expect(lists.$companyStatements.get()).toEqual({ status: 'error', items: [] });
    expect(counters.$companyCounters.get().sent).toBe(0);
    expect(console.error).toHaveBeenCalledWith('Could not load statements', 501);
  });

  it('treats a network failure the same way', async () => {
    api.GET.mockRejectedValue(new TypeError('Failed to fetch'));
    $session.set({ status: 'authenticated', user: demoOwner });
    unsubscribe.push(lists.$companyStatements.listen(() => {}));
    await flush();
    expect(lists.$companyStatements.get().status).toBe('error');
  });

  it('shares one request between concurrent reloads', async () => {
    api.GET.mockResolvedValue(reply(200, []));
    await Promise.all([lists.reloadCompanyStatements(), lists.reloadCompanyStatements()]);
    expect(api.GET).toHaveBeenCalledOnce();
  });

  it('is not loaded for an examiner', async () => {
    $session.set({ status: 'authenticated', user: demoExaminer });
    unsubscribe.push(lists.$companyStatements.listen(() => {}));
    await flush();
    expect(api.GET).not.toHaveBeenCalled();
  });
});

describe("examiner's own statement list", () => {
  it('loads GET /api/instance/me/statements for an examiner', async () => {
    api.GET.mockResolvedValue(reply(200, [{ ...demoStatement, status: 'under_review' }]));
    $session.set({ status: 'authenticated', user: demoExaminer });
    unsubscribe.push(counters.$instanceCounters.listen(() => {}));
    await flush();
    expect(api.GET).toHaveBeenCalledExactlyOnceWith('/api/instance/me/statements', {
      headers: { 'x-quiet-errors': '1' },
    });
    expect(lists.$myInstanceStatements.get().status).toBe('ready');
    expect(counters.$instanceCounters.get().under_review).toBe(1);
  });

  it('counts the overdue ones from the same load (no request of its own)', async () => {
    const term = (workingDaysLeft: number) => ({ dueDate: '2026-11-18', workingDaysLeft, provisional: false });
    api.GET.mockResolvedValue(
      reply(200, [
        { ...demoStatement, id: 1, status: 'under_review', reviewDeadline: term(-2) },
        { ...demoStatement, id: 2, status: 'sent', reviewDeadline: term(-1) },
        { ...demoStatement, id: 3, status: 'under_review', reviewDeadline: term(0) },
        { ...demoStatement, id: 4, status: 'has_comments', reviewDeadline: null },
      ]),
    );
    $session.set({ status: 'authenticated', user: demoExaminer });
    unsubscribe.push(counters.$instanceCounters.listen(() => {}));
    unsubscribe.push(counters.$instanceOverdue.listen(() => {}));
    await flush();
    expect(api.GET).toHaveBeenCalledOnce();
    expect(counters.$instanceOverdue.get()).toBe(2);
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
    $session.set({ status: 'authenticated', user: demoOwner });
    unsubscribe.push(lists.$visibleCompanyStatements.listen(() => {}));
    await flush();
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
