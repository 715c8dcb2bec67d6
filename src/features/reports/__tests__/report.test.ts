import { describe, expect, it, vi } from 'vitest';
import type { TermsReport } from '#domain/contract.ts';
import { reportNumber, reportPercent, reportRows } from '#domain/terms-report.ts';
import { reportCsv } from '#domain/terms-report-csv.ts';
import { demoExaminer, reply } from '../../../test-support/api-replies.ts';
import { flush, freshStores, signIn } from '../../../test-support/store-test.ts';
import { dateOf, dayOf, quarterOf } from '../lib/quarter.ts';

const api = vi.hoisted(() => ({ GET: vi.fn() }));
vi.mock('#stores/api.ts', () => ({ api, uploadPrefile: vi.fn(), QUIET: { 'x-quiet-errors': '1' } }));

const { store } = freshStores({ store: () => import('../stores/report.ts') });

const figures = {
  decided: 5,
  approved: 2,
  rejected: 1,
  notAccepted: 1,
  withdrawn: 1,
  onTime: 3,
  onTimeShare: 0.75,
  medianWorkingDays: 7.5,
  p90WorkingDays: 12,
  roundsPerStatement: 1.25,
  grounds: [{ groundId: 4, kind: 'decision' as const, name: '=HYPERLINK("x")', count: 2 }],
};
const report: TermsReport = {
  from: '2026-04-01',
  to: '2026-04-30',
  received: 6,
  total: figures,
  examiners: [{ examinerId: 3, fio: 'Петрова Анна Сергеевна', figures: { ...figures, onTimeShare: null } }],
  weeks: [{ weekStart: '2026-03-30', decisions: 1, onTime: 1 }],
  bodies: [
    {
      bodyId: 2,
      name: 'Департамент транспорта',
      kind: 'external',
      requested: 3,
      answered: 2,
      answeredOnTime: 1,
      overdue: 2,
      medianWorkingDays: 4.5,
    },
  ],
};

describe('the report’s range', () => {
  it.each([
    ['2026-01-01', '2026-01-01', '2026-03-31'],
    ['2026-05-17', '2026-04-01', '2026-06-30'],
    ['2026-09-30', '2026-07-01', '2026-09-30'],
    ['2026-11-26', '2026-10-01', '2026-12-31'],
    ['2028-02-10', '2028-01-01', '2028-03-31'],
  ])('puts %s in the quarter %s – %s', (day, from, to) => {
    expect(quarterOf(day)).toEqual({ from, to });
  });

  it('turns picker dates into days and back', () => {
    expect(dayOf(new Date(2026, 3, 9))).toBe('2026-04-09');
    expect(dayOf(dateOf('2026-12-31'))).toBe('2026-12-31');
  });

  it('starts at the committee’s current quarter', () => {
    expect(store.currentQuarter(new Date('2026-09-30T22:00:00Z'))).toEqual({ from: '2026-10-01', to: '2026-12-31' });
  });
});

describe('the report’s numbers', () => {
  it('writes one decimal the Russian way, a dash for none', () => {
    expect(reportNumber(7.5)).toBe('7,5');
    expect(reportNumber(1.25)).toBe('1,3');
    expect(reportNumber(12)).toBe('12');
    expect(reportNumber(null)).toBe('—');
    expect(reportPercent(0.75)).toBe('75');
    expect(reportPercent(2 / 3)).toBe('66,7');
    expect(reportPercent(null)).toBe('—');
  });

  it('lays the CSV out as the page shows it, a formula-like ground neutralized', () => {
    const rows = reportRows(report);
    expect(rows).toContainEqual(['Итого', '', 'Поступило заявлений', '6']);
    expect(rows).toContainEqual(['Итого', '', 'Доля решений в срок, %', '75']);
    expect(rows).toContainEqual(['Эксперт', 'Петрова Анна Сергеевна', 'Доля решений в срок, %', '—']);
    expect(rows).toContainEqual(['Неделя', '', 'В срок с 30.03.2026', '1']);
    expect(rows).toContainEqual(['Заключения', 'Департамент транспорта', 'Получено в срок', '1']);
    expect(rows).toContainEqual(['Заключения', 'Департамент транспорта', 'Медиана, рабочих дней до заключения', '4,5']);
    const csv = reportCsv(report);
    expect(csv.startsWith('\uFEFFРаздел;Эксперт;Показатель;Значение\r\n')).toBe(true);
    expect(csv).toContain(`Основания: Отказ в согласовании;;"'=HYPERLINK(""x"")";2\r\n`);
  });
});

describe('the report’s store', () => {
  it('asks nothing for an examiner who is not the head', async () => {
    api.GET.mockResolvedValue(reply(200, report));
    const stop = store.$report.listen(() => {});
    await signIn(demoExaminer);
    await flush();
    expect(api.GET).not.toHaveBeenCalled();
    stop();
  });

  it('loads the current quarter once the head is signed in', async () => {
    api.GET.mockResolvedValue(reply(200, report));
    const stop = store.$report.listen(() => {});
    await signIn({ ...demoExaminer, isHead: true });
    await flush();
    expect(api.GET).toHaveBeenCalledExactlyOnceWith('/api/instance/reports', {
      params: { query: store.currentQuarter() },
    });
    expect(store.$report.get()).toEqual({ status: 'ready', report });
    stop();
  });

  it('shows the report the API answers, a 403 as the refusal and a 400 in its words', async () => {
    api.GET.mockResolvedValue(reply(200, report));
    store.setReportRange({ from: '2026-04-01', to: '2026-04-30' });
    await flush();
    expect(api.GET).toHaveBeenLastCalledWith('/api/instance/reports', {
      params: { query: { from: '2026-04-01', to: '2026-04-30' } },
    });
    expect(store.$report.get()).toEqual({ status: 'ready', report });
    api.GET.mockResolvedValue(
      reply(403, { error: 'forbidden', message: 'Раздел доступен только руководителю отдела' }),
    );
    store.setReportRange({ to: '2026-05-31' });
    await flush();
    expect(store.$report.get()).toEqual({ status: 'refused' });
    api.GET.mockResolvedValue(
      reply(400, { error: 'validation_error', message: 'Дата окончания периода раньше даты начала', field: 'to' }),
    );
    store.setReportRange({ to: '2026-03-01' });
    await flush();
    expect(store.$report.get()).toEqual({ status: 'error', message: 'Дата окончания периода раньше даты начала' });
    const calls = api.GET.mock.calls.length;
    store.setReportRange({ from: null });
    await flush();
    expect(api.GET.mock.calls.length).toBe(calls);
    expect(store.$report.get()).toEqual({ status: 'idle' });
  });
});
