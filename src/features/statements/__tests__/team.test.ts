import { describe, expect, it, vi } from 'vitest';
import type { StatementListItem, TeamWorkload } from '#domain/contract.ts';
import { routes } from '#domain/routes.ts';
import { demoExaminer, demoOwner, demoStatement, reply } from '../../../test-support/api-replies.ts';
import { freshStores, signIn, silenceConsoleErrors, watch } from '../../../test-support/store-test.ts';
import { formatShare, matchesTeamFilter, parseTeamFilter } from '../lib/team-figures.ts';

const api = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn() }));
vi.mock('#stores/api.ts', () => ({ api, uploadPrefile: vi.fn(), QUIET: { 'x-quiet-errors': '1' } }));

const { team } = freshStores({ team: () => import('../stores/team.ts') });
silenceConsoleErrors();

const head = { ...demoExaminer, isHead: true };
const workload: TeamWorkload = {
  bodies: [],
  examiners: [
    {
      examinerId: 3,
      fio: 'Смирнов Алексей Петрович',
      isHead: false,
      inWork: 2,
      awaitingApplicant: 1,
      overdue: 1,
      dueSoon: 0,
      decidedThisMonth: 0,
      onTimeShare: null,
    },
  ],
  unassigned: [demoStatement],
};

const deadline = (workingDaysLeft: number) => ({ dueDate: '2026-11-30', workingDaysLeft, provisional: false });
const item = (changes: Partial<StatementListItem>): StatementListItem => ({
  ...demoStatement,
  status: 'under_review',
  examinerId: 3,
  ...changes,
});
const NOW = new Date('2026-11-25T09:00:00Z');

describe('the figures of the team on /instance/all', () => {
  it('reads the filter a figure links to, and nothing else', () => {
    const url = new URL(routes.examinerTeamFigure(3, 'overdue'), 'https://portal.example');
    expect(url.pathname).toBe(routes.examinerAll);
    expect(parseTeamFilter(url.search)).toEqual({ examinerId: 3, figure: 'overdue' });
    expect(parseTeamFilter('')).toBeNull();
    expect(parseTeamFilter('?examiner=3')).toBeNull();
    expect(parseTeamFilter('?examiner=0&figure=overdue')).toBeNull();
    expect(parseTeamFilter('?examiner=3&figure=everything')).toBeNull();
  });

  it.each([
    ['inWork', item({}), true],
    ['inWork', item({ examinerId: 4 }), false],
    ['inWork', item({ status: 'has_comments' }), false],
    ['awaitingApplicant', item({ status: 'has_comments' }), true],
    ['overdue', item({ reviewDeadline: deadline(-1) }), true],
    ['overdue', item({ reviewDeadline: deadline(0) }), false],
    ['dueSoon', item({ reviewDeadline: deadline(0) }), true],
    ['dueSoon', item({ reviewDeadline: deadline(3) }), true],
    ['dueSoon', item({ reviewDeadline: deadline(4) }), false],
    ['dueSoon', item({ reviewDeadline: deadline(-1) }), false],
    ['decidedThisMonth', item({ status: 'approved', lastUpdate: '2026-11-01T00:30:00+03:00' }), true],
    // 31 October 23:30 in Moscow is still October there, though November in UTC+4.
    ['decidedThisMonth', item({ status: 'rejected', lastUpdate: '2026-10-31T23:30:00+03:00' }), false],
    ['decidedThisMonth', item({ status: 'under_review', lastUpdate: '2026-11-20T10:00:00+03:00' }), false],
  ] as const)('%s holds %#', (figure, statement, expected) => {
    expect(matchesTeamFilter(statement, { examinerId: 3, figure }, NOW)).toBe(expected);
  });

  it('says the on-time share in per cent, a dash for none', () => {
    expect(formatShare(2 / 3)).toBe('67 %');
    expect(formatShare(1)).toBe('100 %');
    expect(formatShare(null)).toBe('—');
  });
});

describe('the team store', () => {
  it('loads for the head once watched, quietly, and refuses anyone else without asking', async () => {
    api.GET.mockResolvedValue(reply(200, workload));
    watch(team.$team);
    await signIn(demoOwner);
    expect(team.$teamAccess.get()).toBe('refused');
    await signIn(demoExaminer);
    expect(team.$teamAccess.get()).toBe('refused');
    expect(api.GET).not.toHaveBeenCalled();
    await signIn(head);
    expect(team.$teamAccess.get()).toBe('head');
    await vi.waitFor(() => expect(team.$team.get()).toEqual({ status: 'ready', team: workload }));
    expect(api.GET).toHaveBeenCalledExactlyOnceWith('/api/instance/team', { headers: { 'x-quiet-errors': '1' } });
  });

  it('says it failed when the first load fails, and keeps the figures when a reload fails', async () => {
    api.GET.mockResolvedValueOnce(reply(500, { message: 'Ошибка' }));
    watch(team.$team);
    await signIn(head);
    await vi.waitFor(() => expect(team.$team.get().status).toBe('error'));
    api.GET.mockResolvedValueOnce(reply(200, workload));
    await team.reloadTeam();
    expect(team.$team.get()).toEqual({ status: 'ready', team: workload });
    api.GET.mockResolvedValueOnce(reply(500, { message: 'Ошибка' }));
    await team.reloadTeam();
    expect(team.$team.get()).toEqual({ status: 'ready', team: workload });
  });
});
