import { describe, expect, it, vi } from 'vitest';
import { demoExaminer, demoOwner, demoStatement, errorBody, reply } from '../../../test-support/api-replies.ts';
import { freshStores, signIn, silenceConsoleErrors, toastTexts, watch } from '../../../test-support/store-test.ts';

const api = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn(), DELETE: vi.fn() }));
vi.mock('#stores/api.ts', () => ({ api, uploadPrefile: vi.fn(), QUIET: { 'x-quiet-errors': '1' } }));
vi.mock('#lib/browser.ts', () => ({
  currentPath: vi.fn(() => '/instance/statement/info/1'),
  currentOrigin: vi.fn(() => 'https://portal.example'),
  navigateTo: vi.fn(),
  saveBlob: vi.fn(),
}));

// The refusal to accept (docs/product.md «The regulation's procedures») on its two screens: the news and the
// examiner's detail of a sent statement. Fresh stores for every test.
const { news, detail, changes } = freshStores({
  news: () => import('../stores/news.ts'),
  detail: () => import('../stores/examiner-detail.ts'),
  changes: () => import('../../live/changes.ts'),
});
silenceConsoleErrors();

const grounds = [
  { id: 11, name: 'Представлен неполный комплект документов', legalBasis: 'Регламент, перечень оснований' },
  { id: 12, name: 'Документы содержат подчистки и исправления текста', legalBasis: 'Регламент, перечень оснований' },
  { id: 13, name: 'Заявление подано в орган, в полномочия которого не входит согласование', legalBasis: '—' },
];
const target = { id: demoStatement.id, visibleId: demoStatement.visibleId };
const refusedStatement = {
  ...demoStatement,
  status: 'not_accepted' as const,
  examinerId: demoExaminer.id,
  refusalGrounds: [grounds[0], grounds[1]],
};

describe('the refusal to accept from the news', () => {
  it('loads the intake catalogue (not the rejection’s) for an examiner, once shown', async () => {
    api.GET.mockResolvedValue(reply(200, grounds));
    watch(news.acceptanceRefusal.catalog);
    await signIn(demoOwner);
    expect(api.GET).not.toHaveBeenCalled();
    await signIn(demoExaminer);
    expect(api.GET).toHaveBeenCalledExactlyOnceWith('/api/catalogs/intake-refusal-grounds');
    expect(news.acceptanceRefusal.catalog.get()).toEqual({ status: 'ready', items: grounds });
  });

  it('asks for a ground before anything is sent, and the error goes when one is ticked', async () => {
    const refusal = news.acceptanceRefusal;
    refusal.open(target);
    expect(refusal.$target.get()).toEqual(target);
    expect(refusal.grounds.$error.get()).toBeNull();
    expect(await refusal.send()).toBe(false);
    expect(api.POST).not.toHaveBeenCalled();
    expect(refusal.grounds.$error.get()).toBe('Выберите основание');
    expect(refusal.$target.get()).toEqual(target);
    refusal.grounds.toggle(12);
    expect(refusal.grounds.$error.get()).toBeNull();
    refusal.grounds.toggle(12);
    expect(refusal.grounds.$error.get()).toBe('Выберите основание');
  });

  it('sends the ticked grounds in their order and the comment, then the row leaves the news quietly', async () => {
    api.GET.mockResolvedValueOnce(reply(200, [demoStatement]));
    watch(news.$newStatements);
    await signIn(demoExaminer);
    expect(news.$newStatements.get().items).toEqual([demoStatement]);

    const refusal = news.acceptanceRefusal;
    refusal.open(target);
    refusal.grounds.toggle(12);
    refusal.grounds.toggle(11);
    refusal.form.setValue('comment', '  Нет раздела «Фасады»  ');
    api.POST.mockResolvedValue(reply(200, refusedStatement));
    api.GET.mockResolvedValue(reply(200, []));
    expect(await refusal.send()).toBe(true);

    expect(api.POST).toHaveBeenCalledExactlyOnceWith('/api/instance/statements/{id}/refuse-acceptance', {
      params: { path: { id: 1 } },
      body: { groundIds: [12, 11], comment: 'Нет раздела «Фасады»' },
    });
    expect(refusal.$target.get()).toBeNull();
    expect(news.$newStatements.get().items).toEqual([]);
    expect(changes.$liveChange.get()?.own).toBe(true);
    // Refused here: no word about a colleague.
    expect(toastTexts()).toEqual([['success', 'В приёме документов отказано']]);
  });

  it('keeps the dialog open and busy while the news is read again, so the focus never lands on the leaving row', async () => {
    const refusal = news.acceptanceRefusal;
    refusal.open(target);
    refusal.grounds.toggle(11);
    api.POST.mockResolvedValue(reply(200, refusedStatement));
    const during: unknown[] = [];
    api.GET.mockImplementation(async () => {
      during.push([refusal.$target.get(), refusal.form.$status.get().busy]);
      return reply(200, []);
    });
    expect(await refusal.send()).toBe(true);
    expect(during).toEqual([[target, true]]);
    expect(refusal.$target.get()).toBeNull();
    expect(refusal.form.$status.get().busy).toBe(false);
  });

  it('sends no comment as null', async () => {
    const refusal = news.acceptanceRefusal;
    refusal.open(target);
    refusal.grounds.toggle(11);
    api.POST.mockResolvedValue(reply(200, refusedStatement));
    api.GET.mockResolvedValue(reply(200, []));
    await refusal.send();
    expect(api.POST.mock.calls[0]?.[1]).toMatchObject({ body: { groundIds: [11], comment: null } });
  });

  it('shows the server’s refusal of the grounds beside them, and keeps the dialog open', async () => {
    const refusal = news.acceptanceRefusal;
    refusal.open(target);
    refusal.grounds.toggle(99);
    const unknown = 'Такого основания отказа нет в справочнике';
    api.POST.mockResolvedValue(reply(400, errorBody('validation_error', unknown, { field: 'groundIds' })));
    expect(await refusal.send()).toBe(false);
    expect(refusal.grounds.$error.get()).toBe(unknown);
    expect(toastTexts()).toEqual([['error', unknown]]);
    expect(refusal.$target.get()).toEqual(target);
    expect(changes.$liveChange.get()).toBeNull();
  });

  it('says the status moved (409) in the server’s words, closes the dialog and reads the news again', async () => {
    const refusal = news.acceptanceRefusal;
    refusal.open(target);
    refusal.grounds.toggle(11);
    const moved = 'Статус заявления уже изменился. Обновите страницу.';
    api.POST.mockResolvedValue(reply(409, errorBody('invalid_transition', moved)));
    api.GET.mockResolvedValue(reply(200, []));
    expect(await refusal.send()).toBe(false);
    expect(toastTexts()).toEqual([['error', moved]]);
    expect(refusal.$target.get()).toBeNull();
    expect(api.GET).toHaveBeenCalledWith('/api/instance/all/statements', expect.anything());
  });

  it('opens anew with nothing ticked and no comment', async () => {
    const refusal = news.acceptanceRefusal;
    refusal.open(target);
    refusal.grounds.toggle(11);
    refusal.form.setValue('comment', 'черновик');
    await refusal.send().catch(() => {});
    refusal.close();
    refusal.open({ id: 2, visibleId: 1002 });
    expect(refusal.grounds.$chosen.get()).toEqual([]);
    expect(refusal.form.$values.get().comment).toBe('');
  });
});

describe('a statement leaving the news under the reader’s eyes', () => {
  async function goneAs(statement: unknown, status = 200) {
    api.GET.mockResolvedValueOnce(reply(200, [demoStatement]));
    watch(news.$newStatements);
    await signIn(demoExaminer);
    api.GET.mockResolvedValueOnce(reply(200, []));
    api.GET.mockResolvedValueOnce(reply(status, statement));
    await news.reloadNewStatements();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }

  it.each([
    ['withdrawn by the applicant', { ...demoStatement, status: 'withdrawn' }, 'Заявление № 1001 отозвано заявителем'],
    [
      'refused by a colleague',
      { ...refusedStatement, examinerId: 9 },
      'В приёме заявления № 1001 отказал другой эксперт',
    ],
    [
      'taken by a colleague',
      { ...demoStatement, status: 'under_review', examinerId: 9 },
      'Заявление № 1001 взял в работу другой эксперт',
    ],
  ])('%s', async (_, statement, text) => {
    await goneAs(statement);
    expect(toastTexts()).toEqual([['info', text]]);
  });

  it('deleted by the applicant', async () => {
    await goneAs(errorBody('not_found', 'Заявление не найдено'), 404);
    expect(toastTexts()).toEqual([['info', 'Заявление № 1001 удалено заявителем']]);
  });

  it('refused by this examiner in another tab: no news', async () => {
    await goneAs(refusedStatement);
    expect(toastTexts()).toEqual([]);
  });
});

describe('the refusal to accept on the examiner’s detail', () => {
  async function open(statement: typeof demoStatement) {
    api.GET.mockResolvedValue(reply(200, statement));
    detail.$examinerStatement.listen(() => {});
    detail.$canRefuseAcceptance.listen(() => {});
    await signIn(demoExaminer);
  }

  it.each([
    ['a sent statement', 'sent', true],
    ['one taken into work', 'under_review', false],
    ['one already refused', 'not_accepted', false],
    ['one withdrawn', 'withdrawn', false],
  ] as const)('is offered to any examiner on %s', async (_, status, offered) => {
    await open({ ...demoStatement, status });
    expect(detail.$canRefuseAcceptance.get()).toBe(offered);
  });

  it('shows the refused statement with its grounds, read again', async () => {
    await open(demoStatement);
    const refusal = detail.acceptanceRefusal;
    refusal.open(target);
    refusal.grounds.toggle(11);
    refusal.grounds.toggle(12);
    api.POST.mockResolvedValue(reply(200, refusedStatement));
    api.GET.mockClear();
    // The reading again brings the round's notice file as well.
    api.GET.mockResolvedValue(reply(200, refusedStatement));
    expect(await refusal.send()).toBe(true);
    expect(detail.$examinerStatement.get().statement?.status).toBe('not_accepted');
    expect(detail.$examinerStatement.get().statement?.refusalGrounds).toEqual([grounds[0], grounds[1]]);
    expect(detail.$canRefuseAcceptance.get()).toBe(false);
    expect(api.GET).toHaveBeenCalledWith('/api/instance/statements/{id}', { params: { path: { id: 1 } } });
  });
});
