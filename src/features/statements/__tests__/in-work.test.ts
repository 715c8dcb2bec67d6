import Papa from 'papaparse';
import { describe, expect, it, vi } from 'vitest';
import { demoExaminer, demoOwner, demoStatement, errorBody, reply } from '../../../test-support/api-replies.ts';
import { flush, freshStores, openAs, signIn, silenceConsoleErrors, watch } from '../../../test-support/store-test.ts';

const api = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn() }));
vi.mock('#stores/api.ts', () => ({ api, uploadPrefile: vi.fn(), QUIET: { 'x-quiet-errors': '1' } }));
const saved = vi.hoisted(() => ({ saveBlob: vi.fn() }));
vi.mock('#lib/browser.ts', async (original) => ({ ...(await original()), saveBlob: saved.saveBlob }));

// Fresh stores for every test: a loaded table stays loaded for the life of its module.
const { tables, changes } = freshStores({
  tables: () => import('../stores/in-work.ts'),
  changes: () => import('../../live/changes.ts'),
});
silenceConsoleErrors();

// Quiet, and asking for the list's columns (the decoder's own tests: domain/__tests__/list-columns.test.ts).
const quiet = {
  headers: { 'x-quiet-errors': '1', accept: 'application/vnd.portal.list-columns+json, application/json;q=0.9' },
};

const statement = (id: number, status: string, dateCreate: string, title = `Объект ${id}`) => ({
  ...demoStatement,
  id,
  visibleId: 1000 + id,
  status,
  dateCreate,
  title,
});
const seeded = [
  statement(1, 'sent', '2026-05-10T10:00:00Z', 'Жилой комплекс «Северный»'),
  statement(2, 'under_review', '2026-05-06T10:00:00Z', 'Школа на 550 мест'),
  statement(3, 'has_comments', '2026-05-01T10:00:00Z', 'Торговый центр «Квартал»'),
  statement(4, 'approved', 'не дата', 'Поликлиника'),
  statement(5, 'rejected', '2026-04-20T10:00:00Z', 'Административное здание'),
];
const ids = (items: ReadonlyArray<{ id: number }>) => items.map((item) => item.id);

describe('the table of statements in work (/instance/all)', () => {
  it('waits for an examiner, loads once, leaves out sent statements and invalid dates, newest first', async () => {
    api.GET.mockResolvedValue(reply(200, seeded));
    const table = tables.inWorkTable;
    watch(table.$visible);
    await flush();
    expect(api.GET).not.toHaveBeenCalled();

    await signIn(demoExaminer);
    expect(api.GET).toHaveBeenCalledExactlyOnceWith('/api/instance/all/statements', quiet);
    expect(ids(table.$list.get().items)).toEqual([2, 3, 4, 5]);
    expect(ids(table.$visible.get())).toEqual([2, 3, 5]);
    expect(table.$range.get()).toEqual({ start: new Date(2026, 3, 20), end: new Date(2026, 4, 6) });

    table.sortBy('submitted');
    expect(ids(table.$visible.get())).toEqual([5, 3, 2]);
  });

  it('is never loaded for a company user', async () => {
    await openAs(demoOwner, tables.inWorkTable.$list);
    expect(api.GET).not.toHaveBeenCalled();
  });

  it('narrows by search and date range', async () => {
    api.GET.mockResolvedValue(reply(200, seeded));
    const table = tables.inWorkTable;
    await openAs(demoExaminer, table.$visible);

    table.setSearch('  ШКОЛА ');
    expect(ids(table.$visible.get())).toEqual([2]);
    table.setSearch('1005');
    expect(ids(table.$visible.get())).toEqual([5]);
    table.setSearch('');

    table.setStart(new Date(2026, 4, 1));
    expect(ids(table.$visible.get())).toEqual([2, 3]);
    // An end before the start moves the start down to it.
    table.setEnd(new Date(2026, 3, 25));
    expect(table.$range.get()).toEqual({ start: new Date(2026, 3, 25), end: new Date(2026, 3, 25) });
    expect(ids(table.$visible.get())).toEqual([]);
    table.setStart(null);
    expect(ids(table.$visible.get())).toEqual([5]);
  });

  it('reloads after the user changes a statement', async () => {
    api.GET.mockResolvedValue(reply(200, seeded));
    await openAs(demoExaminer, tables.inWorkTable.$list);
    api.GET.mockResolvedValue(reply(200, [...seeded, statement(6, 'under_review', '2026-05-11T10:00:00Z')]));
    changes.announceStatementChange();
    await flush();
    expect(api.GET).toHaveBeenCalledTimes(2);
    expect(ids(tables.inWorkTable.$visible.get())).toEqual([6, 2, 3, 5]);
  });

  it('is quiet about a failed load or a body that is not an array', async () => {
    api.GET.mockResolvedValue(reply(501, errorBody('not_implemented', 'Не реализовано')));
    await openAs(demoExaminer, tables.inWorkTable.$list);
    expect(tables.inWorkTable.$list.get()).toEqual({ status: 'error', items: [] });
    expect(console.error).toHaveBeenCalledWith('Could not load statements', 501);

    api.GET.mockResolvedValue(reply(200, { items: seeded }));
    await tables.inWorkTable.reload();
    expect(tables.inWorkTable.$list.get()).toEqual({ status: 'ready', items: [] });
  });
});

describe("the examiner's own table (/instance/filter/{filter})", () => {
  it('loads GET /api/instance/me/statements and filters by the route status', async () => {
    api.GET.mockResolvedValue(reply(200, seeded.slice(1)));
    const table = tables.statementTables.mine;
    table.setStatus('has_comments');
    await openAs(demoExaminer, table.$visible);
    expect(api.GET).toHaveBeenCalledExactlyOnceWith('/api/instance/me/statements', quiet);
    expect(ids(table.$visible.get())).toEqual([3]);
    table.setStatus('approved');
    // Its creation date is invalid: hidden.
    expect(ids(table.$visible.get())).toEqual([]);
    table.setStatus('all');
    expect(ids(table.$visible.get())).toEqual([2, 3, 5]);
  });

  it("gives the sidebar its counts: the examiner's whole own list is their scope (no call of their own)", async () => {
    const overdue = { dueDate: '2026-11-18', workingDaysLeft: -2, provisional: false };
    const refused = statement(6, 'not_accepted', '2026-05-12T10:00:00Z', 'Гараж');
    const withdrawn = statement(7, 'withdrawn', '2026-05-13T10:00:00Z', 'Склад');
    api.GET.mockResolvedValue(
      reply(200, [{ ...seeded[1], reviewDeadline: overdue }, seeded[2], seeded[4], refused, withdrawn]),
    );
    await openAs(demoExaminer, tables.statementTables.mine.$visible);
    const counters = await import('../counters.ts');
    // The regulation's statuses are counted apart: the spec's total keeps its formula.
    expect(counters.$statusCounters.get()).toEqual({
      sent: 0,
      under_review: 1,
      has_comments: 1,
      approved: 0,
      rejected: 1,
      not_accepted: 1,
      withdrawn: 1,
      total: 3,
    });
    expect(counters.$examinerOverdue.get()).toBe(1);
  });
});

describe('the deadline column: order and export', () => {
  const due = (workingDaysLeft: number) => ({ dueDate: '2026-12-04', workingDaysLeft, provisional: false });
  const withTerms = [
    { ...statement(2, 'under_review', '2026-05-06T10:00:00Z', 'Школа на 550 мест'), reviewDeadline: due(4) },
    {
      ...statement(3, 'has_comments', '2026-05-01T10:00:00Z', 'ТЦ «Квартал»'),
      companyName: 'ООО «Ёж»',
      name: 'ул. Садовая; корп. "Б"',
    },
    { ...statement(5, 'under_review', '2026-04-20T10:00:00Z', 'Склад'), reviewDeadline: due(-2) },
    { ...statement(6, 'under_review', '2026-05-08T10:00:00Z', 'Школа искусств'), reviewDeadline: due(0) },
  ];

  async function loaded() {
    api.GET.mockResolvedValue(reply(200, withTerms));
    const table = tables.statementTables.mine;
    await openAs(demoExaminer, table.$visible);
    return table;
  }

  it('sorts by days left (overdue first, no term last), turns round, and goes back to the creation date', async () => {
    const table = await loaded();
    expect(ids(table.$visible.get())).toEqual([6, 2, 3, 5]);
    table.sortBy('deadline');
    expect(table.$sort.get()).toEqual({ key: 'deadline', direction: 'ascending' });
    expect(ids(table.$visible.get())).toEqual([5, 6, 2, 3]);
    table.sortBy('deadline');
    expect(ids(table.$visible.get())).toEqual([2, 6, 5, 3]);
    // The search still narrows a list ordered by deadline.
    table.setSearch('школа');
    expect(ids(table.$visible.get())).toEqual([2, 6]);
    table.setSearch('');
    table.sortBy('submitted');
    expect(ids(table.$visible.get())).toEqual([6, 2, 3, 5]);
  });

  it('exports exactly the rows shown, in their order, with the deadline column, as a CSV for Excel', async () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 22, 12, 0), toFake: ['Date'] });
    try {
      api.POST.mockResolvedValue(reply(204, null));
      const table = await loaded();
      table.setSearch('школа');
      table.sortBy('deadline');
      await table.exportCsv();
      // The access log records the export first.
      expect(api.POST).toHaveBeenCalledWith('/api/instance/personal-data-access/exports', {
        body: { what: 'statements', rows: 2 },
      });
      expect(saved.saveBlob).toHaveBeenCalledOnce();
      const [blob, fileName] = saved.saveBlob.mock.calls[0] as [Blob, string];
      expect(fileName).toBe('zayavleniya-2026-11-22.csv');
      expect(blob.type).toBe('text/csv;charset=utf-8');
      const bytes = new Uint8Array(await blob.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
      expect(lines[0]).toBe(
        'ID;Наименование объекта;Компания;Адрес объекта;Кадастровый номер;Категория объекта;Тип работ;Дата подачи;Статус;Срок;Время в статусе (часов)',
      );
      const cells = Papa.parse<string[]>(lines.slice(1, -1).join('\r\n'), { delimiter: ';' }).data;
      expect(cells.map((row) => [row[0], row[9]])).toEqual([
        ['1006', 'Последний день, до 04.12.2026'],
        ['1002', '4 раб. дн., до 04.12.2026'],
      ]);
      expect(lines.at(-1)).toBe('');
      expect(table.$exporting.get()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('saves no file when the export could not be recorded in the access log', async () => {
    api.POST.mockResolvedValue(reply(503, errorBody('service_unavailable', 'Недоступно')));
    const table = await loaded();
    await table.exportCsv();
    expect(saved.saveBlob).not.toHaveBeenCalled();
    expect(table.$exporting.get()).toBe(false);
  });

  it('quotes what would break a field in the export', async () => {
    api.POST.mockResolvedValue(reply(204, null));
    const table = await loaded();
    table.setSearch('квартал');
    await table.exportCsv();
    const [blob] = saved.saveBlob.mock.calls[0] as [Blob];
    const text = new TextDecoder().decode(new Uint8Array(await blob.arrayBuffer()));
    expect(text).toContain('\r\n1003;ТЦ «Квартал»;ООО «Ёж»;"ул. Садовая; корп. ""Б""";');
    expect(text).toContain(';На доработке;—;');
  });
});

describe('the clock of time in status', () => {
  it('ticks every minute while watched', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T12:00:00Z') });
    try {
      const seen: number[] = [];
      const stop = tables.$now.subscribe((now) => seen.push(now));
      vi.advanceTimersByTime(60_000);
      stop();
      expect(seen.at(-1)).toBe(new Date('2026-11-22T12:01:00Z').getTime());
    } finally {
      vi.useRealTimers();
    }
  });
});
