import { describe, expect, it, vi } from 'vitest';
import { demoExaminer, demoStatement, errorBody, reply } from '../../../test-support/api-replies.ts';
import { freshStores, signIn, silenceConsoleErrors, toastTexts, watch } from '../../../test-support/store-test.ts';

const api = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn(), DELETE: vi.fn() }));
vi.mock('#stores/api.ts', () => ({ api, uploadPrefile: vi.fn(), QUIET: { 'x-quiet-errors': '1' } }));
vi.mock('#lib/browser.ts', () => ({
  currentPath: vi.fn(() => '/instance/statement/info/1'),
  currentOrigin: vi.fn(() => 'https://portal.example'),
  navigateTo: vi.fn(),
  saveBlob: vi.fn(),
}));

// The head's assigning (docs/product.md «Assigning») on its two screens: the news ('Назначить эксперту') and the
// examiner's detail ('Передать другому эксперту' too). Fresh stores for every test.
const { news, detail, changes } = freshStores({
  news: () => import('../stores/news.ts'),
  detail: () => import('../stores/examiner-detail.ts'),
  changes: () => import('../../live/changes.ts'),
});
silenceConsoleErrors();

const head = { ...demoExaminer, id: 3, fio: 'Орлова Елена Викторовна', isHead: true };
const load = (examinerId: number, fio: string, inWork: number, overdue: number) => ({
  examinerId,
  fio,
  isHead: false,
  inWork,
  awaitingApplicant: 0,
  overdue,
  dueSoon: 0,
  decidedThisMonth: 0,
  onTimeShare: null,
});
const team = {
  examiners: [load(4, 'Смирнов Алексей Петрович', 5, 3), load(5, 'Кузнецова Мария Игоревна', 1, 0)],
  unassigned: [],
};
const sentTarget = {
  id: demoStatement.id,
  visibleId: demoStatement.visibleId,
  status: 'sent' as const,
  examinerId: null,
};
const assigned = { ...demoStatement, status: 'under_review' as const, examinerId: 5 };

describe('assigning from the news', () => {
  it('reads the examiners with their load at each opening, and asks for one before anything is sent', async () => {
    api.GET.mockResolvedValue(reply(200, team));
    const assigning = news.assigning;
    assigning.open(sentTarget);
    expect(assigning.$examiners.get()).toEqual({ status: 'loading' });
    await vi.waitFor(() => expect(assigning.$examiners.get().status).toBe('ready'));
    expect(api.GET).toHaveBeenCalledExactlyOnceWith('/api/instance/team');
    expect(assigning.$examiners.get()).toEqual({ status: 'ready', examiners: team.examiners });
    expect(await assigning.send()).toBe(false);
    expect(api.POST).not.toHaveBeenCalled();
    expect(assigning.$error.get()).toBe('Выберите эксперта');
    assigning.choose(5);
    expect(assigning.$error.get()).toBeNull();
    assigning.close();
    assigning.open(sentTarget);
    expect(assigning.$chosen.get()).toBeNull();
    expect(api.GET).toHaveBeenCalledTimes(2);
  });

  it('says when the examiners could not be read', async () => {
    api.GET.mockResolvedValue(reply(500, errorBody('internal_error', 'Внутренняя ошибка')));
    news.assigning.open(sentTarget);
    await vi.waitFor(() => expect(news.assigning.$examiners.get()).toEqual({ status: 'failed' }));
  });

  it('sends the examiner, the comment and the examiner the head saw; the row leaves the news quietly', async () => {
    api.GET.mockResolvedValueOnce(reply(200, [demoStatement]));
    watch(news.$newStatements);
    await signIn(head);
    expect(news.$newStatements.get().items).toEqual([demoStatement]);
    api.GET.mockResolvedValue(reply(200, team));
    const assigning = news.assigning;
    assigning.open(sentTarget);
    await vi.waitFor(() => expect(assigning.$examiners.get().status).toBe('ready'));
    assigning.choose(5);
    assigning.form.setValue('comment', '  Срочно  ');
    api.POST.mockResolvedValue(reply(200, assigned));
    api.GET.mockResolvedValue(reply(200, []));
    expect(await assigning.send()).toBe(true);
    expect(api.POST).toHaveBeenCalledExactlyOnceWith('/api/instance/statements/{id}/assign', {
      params: { path: { id: 1 } },
      body: { examinerId: 5, comment: 'Срочно', currentExaminerId: null },
    });
    expect(assigning.$target.get()).toBeNull();
    expect(news.$newStatements.get().items).toEqual([]);
    expect(changes.$liveChange.get()?.own).toBe(true);
    // Assigned here: no word about a colleague taking it.
    expect(toastTexts()).toEqual([['success', 'Заявление передано: Кузнецова Мария Игоревна']]);
  });

  it('shows the server’s refusal of the examiner beside them and keeps the dialog open', async () => {
    api.GET.mockResolvedValue(reply(200, team));
    const assigning = news.assigning;
    assigning.open(sentTarget);
    assigning.choose(77);
    api.POST.mockResolvedValue(
      reply(400, errorBody('validation_error', 'Такого эксперта нет', { field: 'examinerId' })),
    );
    expect(await assigning.send()).toBe(false);
    expect(assigning.$error.get()).toBe('Такого эксперта нет');
    expect(toastTexts()).toEqual([['error', 'Такого эксперта нет']]);
    expect(assigning.$target.get()).toEqual(sentTarget);
    expect(changes.$liveChange.get()).toBeNull();
  });

  it('on a 409 (another head or a take came first) says so, closes the dialog and reads the news again', async () => {
    api.GET.mockResolvedValue(reply(200, team));
    const assigning = news.assigning;
    assigning.open(sentTarget);
    assigning.choose(4);
    const changed = 'Заявление уже передано другому эксперту. Обновите страницу.';
    api.POST.mockResolvedValue(reply(409, errorBody('invalid_transition', changed)));
    api.GET.mockResolvedValue(reply(200, []));
    expect(await assigning.send()).toBe(false);
    expect(toastTexts()).toEqual([['error', changed]]);
    expect(assigning.$target.get()).toBeNull();
    expect(api.GET).toHaveBeenCalledWith('/api/instance/all/statements', expect.anything());
  });
});

describe('assigning on the examiner’s detail', () => {
  async function open(statement: typeof demoStatement, user: typeof head) {
    api.GET.mockResolvedValue(reply(200, statement));
    detail.$examinerStatement.listen(() => {});
    detail.$canAssign.listen(() => {});
    await signIn(user);
  }

  it.each([
    ['sent', true],
    ['under_review', true],
    ['has_comments', true],
    ['approved', false],
    ['rejected', false],
    ['not_accepted', false],
    ['withdrawn', false],
  ] as const)('a head may assign a statement in %s: %s', async (status, can) => {
    await open({ ...demoStatement, status, examinerId: status === 'sent' ? null : 4 }, head);
    await vi.waitFor(() => expect(detail.$examinerStatement.get().statement?.status).toBe(status));
    expect(detail.$canAssign.get()).toBe(can);
  });

  it('an examiner who is not the head may not', async () => {
    await open({ ...demoStatement, status: 'under_review', examinerId: demoExaminer.id }, demoExaminer);
    await vi.waitFor(() => expect(detail.$examinerStatement.get().statement).not.toBeNull());
    expect(detail.$canAssign.get()).toBe(false);
  });

  it('hands a statement in work over with the examiner it has, and shows the answer', async () => {
    const inWork = { ...demoStatement, status: 'under_review' as const, examinerId: 4 };
    await open(inWork, head);
    await vi.waitFor(() => expect(detail.$examinerStatement.get().statement).not.toBeNull());
    api.GET.mockResolvedValue(reply(200, team));
    detail.assigning.open({ id: inWork.id, visibleId: inWork.visibleId, status: 'under_review', examinerId: 4 });
    detail.assigning.choose(5);
    api.POST.mockResolvedValue(reply(200, { ...inWork, examinerId: 5 }));
    api.GET.mockResolvedValue(reply(200, { ...inWork, examinerId: 5 }));
    expect(await detail.assigning.send()).toBe(true);
    expect(api.POST.mock.calls[0]?.[1]).toMatchObject({ body: { examinerId: 5, comment: null, currentExaminerId: 4 } });
    expect(detail.$examinerStatement.get().statement?.examinerId).toBe(5);
  });
});

describe('the history of an assignment', () => {
  it('names the examiner, and the comment where the reader is given it; a release names who had it', async () => {
    const { timelineEntries } = await import('#lib/timeline.ts');
    const base = { byCommittee: true, term: null, actor: 'Орлова Елена Викторовна' };
    const entries = timelineEntries([
      { ...base, status: 'sent', at: '2026-11-20T09:00:00Z', byCommittee: false, actor: 'Иванов Иван Иванович' },
      {
        ...base,
        status: 'under_review',
        at: '2026-11-20T10:00:00Z',
        assignment: { examiner: 'Смирнов Алексей Петрович', comment: null },
      },
      {
        ...base,
        status: 'under_review',
        at: '2026-11-21T10:00:00Z',
        assignment: { examiner: 'Кузнецова Мария Игоревна', comment: 'Эксперт в отпуске' },
      },
      {
        ...base,
        status: 'under_review',
        at: '2026-11-22T10:00:00Z',
        release: { examiner: 'Кузнецова Мария Игоревна' },
      },
      { ...base, status: 'under_review', at: '2026-11-23T10:00:00Z', actor: null, release: { examiner: null } },
    ]);
    expect(entries.map((entry) => [entry.label, entry.actor, entry.notes])).toEqual([
      ['Заявление подано', 'Иванов Иван Иванович', undefined],
      ['Назначен эксперт', 'Орлова Елена Викторовна', ['Эксперт: Смирнов Алексей Петрович']],
      [
        'Передано другому эксперту',
        'Орлова Елена Викторовна',
        ['Эксперт: Кузнецова Мария Игоревна', 'Комментарий: Эксперт в отпуске'],
      ],
      // A deactivation returns the statement to the head's queue: by the head, or by the console (no actor).
      ['Возвращено в очередь руководителя', 'Орлова Елена Викторовна', ['Эксперт: Кузнецова Мария Игоревна']],
      ['Возвращено в очередь руководителя', null, undefined],
    ]);
  });

  it('names the decision a deactivation or a withdrawal dropped unsigned, and returns a refusal to accept to the news', async () => {
    const { timelineEntries } = await import('#lib/timeline.ts');
    const base = { byCommittee: true, term: null, actor: 'Орлова Елена Викторовна' };
    const release = { examiner: 'Кузнецова Мария Игоревна' };
    const entries = timelineEntries([
      { ...base, status: 'sent', at: '2026-11-20T09:00:00Z', byCommittee: false, actor: 'Иванов Иван Иванович' },
      { ...base, status: 'sent', at: '2026-11-20T10:00:00Z', release, discardedDecision: 'not_accepted' },
      { ...base, status: 'under_review', at: '2026-11-21T10:00:00Z', release, discardedDecision: 'rejected' },
      {
        ...base,
        status: 'withdrawn',
        at: '2026-11-22T10:00:00Z',
        byCommittee: false,
        actor: 'Иванов Иван Иванович',
        discardedDecision: 'approved',
      },
    ]);
    expect(entries.slice(1).map((entry) => [entry.label, entry.notes])).toEqual([
      [
        'Возвращено в новые заявления',
        ['Эксперт: Кузнецова Мария Игоревна', 'Неподписанное решение «Отказано в приёме» отменено'],
      ],
      [
        'Возвращено в очередь руководителя',
        ['Эксперт: Кузнецова Мария Игоревна', 'Неподписанное решение «Отказано» отменено'],
      ],
      ['Отозвано', ['Неподписанное решение «Согласовано» отменено']],
    ]);
  });
});
