import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Stage, StageFile, Statement } from '#domain/contract.ts';
import { demoOwner, demoStatement, errorBody, reply, storedUpload } from '../../../test-support/api-replies.ts';
import { remarkItem } from '../../../test-support/remarks.ts';
import { $session, flush, freshStores, openAs, toastTexts, watch } from '../../../test-support/store-test.ts';

const api = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn(), DELETE: vi.fn() }));
const browser = vi.hoisted(() => ({
  navigateTo: vi.fn(),
  currentPath: vi.fn(() => '/statement/info/7'),
  saveBlob: vi.fn(),
}));
const upload = vi.hoisted(() => ({ uploadPrefile: vi.fn() }));
vi.mock('#stores/api.ts', () => ({ api, ...upload, QUIET: { 'x-quiet-errors': '1' } }));
vi.mock('#lib/browser.ts', () => browser);

const file: StageFile = {
  id: 31,
  url: 'a1b2c3',
  fileName: 'Альбом АГР.pdf',
  size: 193,
  sha256: null,
  change: null,
  previousUrl: null,
  signature: null,
  signatureFile: null,
};
function stage(n: number, isGovernmentAgency: boolean, applicantId: number): Stage {
  return {
    id: n,
    n,
    applicantId,
    applicant: 'Иванов Иван Иванович',
    applicantPhone: null,
    applicantPosition: null,
    applicantMail: null,
    isGovernmentAgency,
    status: isGovernmentAgency ? 'has_comments' : null,
    comment: null,
    dateCreate: '2024-05-05T09:00:00.000Z',
    files: [file],
    absentFiles: [],
  };
}
const sent: Statement = { ...demoStatement, id: 7, stages: [stage(1, false, 2)] };
const withComments: Statement = {
  ...sent,
  status: 'has_comments',
  examinerId: 3,
  stages: [stage(1, false, 2), stage(2, true, 3)],
};

// The first import transforms the whole store graph; done once here, so no test pays for it under its own timeout.
beforeAll(async () => {
  await import('../stores/company-detail.ts');
}, 30_000);

// Before the store is imported: it reads its address when imported.
beforeEach(() => {
  browser.currentPath.mockReturnValue('/statement/info/7');
});
const { detail, downloads } = freshStores({
  detail: () => import('../stores/company-detail.ts'),
  downloads: () => import('#stores/downloads.ts'),
});

async function open(statement: Statement, user = demoOwner) {
  api.GET.mockResolvedValueOnce(reply(200, statement));
  await openAs(user, detail.$detail, detail.$canDelete);
}

describe('loading the statement', () => {
  it('reads the id from the address and loads it once the session is known', async () => {
    await open(sent);
    // One call: the remarks come in the statement (docs/product.md «Remarks»).
    expect(api.GET).toHaveBeenCalledExactlyOnceWith('/api/statements/{id}', { params: { path: { id: 7 } } });
    expect(detail.$detail.get()).toEqual({ status: 'ready', statement: sent });
    expect(detail.$rounds.get().map((round) => round.base.n)).toEqual([1]);
  });

  it.each([
    ['a 404', '/statement/info/7', () => api.GET.mockResolvedValueOnce(reply(404, errorBody('not_found', 'Нет')))],
    ['an address without an id', '/statement/info/shell', () => undefined],
  ])('after %s says the statement is not found, at the same address', async (_name, path, answer) => {
    browser.currentPath.mockReturnValue(path);
    answer();
    await openAs(demoOwner, detail.$detail);
    expect(detail.$detail.get()).toEqual({ status: 'notFound', statement: null });
    expect(toastTexts()).toEqual([]);
    expect(browser.navigateTo).not.toHaveBeenCalled();
  });

  it('after a 5xx shows the failure, and a retry loads the statement', async () => {
    api.GET.mockResolvedValueOnce(reply(500, errorBody('service_unavailable', 'Ошибка')));
    await openAs(demoOwner, detail.$detail);
    expect(detail.$detail.get()).toEqual({ status: 'error', statement: null });
    expect(browser.navigateTo).not.toHaveBeenCalled();
    api.GET.mockResolvedValueOnce(reply(200, sent));
    const retried = detail.retryStatement();
    expect(detail.$detail.get().status).toBe('loading');
    await retried;
    expect(detail.$detail.get()).toEqual({ status: 'ready', statement: sent });
  });

  it('keeps the shown statement when a reload fails, with the toast', async () => {
    await open(sent);
    api.GET.mockResolvedValueOnce(reply(503, errorBody('service_unavailable', 'Ошибка')));
    await detail.reloadStatement();
    expect(detail.$detail.get()).toEqual({ status: 'ready', statement: sent });
    expect(toastTexts()).toEqual([['error', 'Не удалось загрузить заявление']]);
  });
});

describe('delete', () => {
  it('is offered to an owner while sent, and to the applicant, but not to a colleague', async () => {
    await open(sent);
    expect(detail.$canDelete.get()).toBe(true);
    $session.set({ status: 'authenticated', user: { ...demoOwner, id: 2, isOwner: false, role: 'employee' } });
    expect(detail.$canDelete.get()).toBe(true);
    $session.set({ status: 'authenticated', user: { ...demoOwner, id: 5, isOwner: false, role: 'employee' } });
    expect(detail.$canDelete.get()).toBe(false);
  });

  it('deletes and opens the company list with the success toast', async () => {
    await open(sent);
    api.DELETE.mockResolvedValue(reply(204));
    expect(await detail.deleteStatement()).toBe(true);
    expect(api.DELETE).toHaveBeenCalledExactlyOnceWith('/api/statements/{id}', { params: { path: { id: 7 } } });
    expect(toastTexts()).toEqual([['success', 'Заявление удалено']]);
    expect(browser.navigateTo).toHaveBeenCalledExactlyOnceWith('/company');
  });

  it('stays on the page with the failure toast when refused', async () => {
    await open(sent);
    api.DELETE.mockResolvedValue(reply(409, errorBody('not_deletable', 'Заявление уже в работе')));
    expect(await detail.deleteStatement()).toBe(false);
    expect(toastTexts()).toEqual([['error', 'Не удалось удалить заявление']]);
    expect(browser.navigateTo).not.toHaveBeenCalled();
  });
});

describe('withdrawal', () => {
  const inReview: Statement = { ...sent, status: 'under_review', examinerId: 3 };
  const withdrawn: Statement = { ...inReview, status: 'withdrawn' };

  it('is offered before a decision to an owner and the applicant, not to a colleague', async () => {
    api.GET.mockResolvedValueOnce(reply(200, inReview));
    await openAs(demoOwner, detail.$detail, detail.$canWithdraw, detail.$canDelete);
    expect(detail.$canWithdraw.get()).toBe(true);
    // Taken into work: no delete any more, the withdrawal stays.
    expect(detail.$canDelete.get()).toBe(false);
    $session.set({ status: 'authenticated', user: { ...demoOwner, id: 2, isOwner: false, role: 'employee' } });
    expect(detail.$canWithdraw.get()).toBe(true);
    $session.set({ status: 'authenticated', user: { ...demoOwner, id: 5, isOwner: false, role: 'employee' } });
    expect(detail.$canWithdraw.get()).toBe(false);
  });

  it('is offered beside the delete of an untaken statement', async () => {
    api.GET.mockResolvedValueOnce(reply(200, sent));
    await openAs(demoOwner, detail.$detail, detail.$canWithdraw, detail.$canDelete);
    expect([detail.$canWithdraw.get(), detail.$canDelete.get()]).toEqual([true, true]);
  });

  it.each(['approved', 'rejected', 'not_accepted', 'withdrawn'] as const)('is not offered once %s', async (status) => {
    api.GET.mockResolvedValueOnce(reply(200, { ...inReview, status }));
    await openAs(demoOwner, detail.$detail, detail.$canWithdraw);
    expect(detail.$canWithdraw.get()).toBe(false);
  });

  it('sends the reason, shows «Отозвано» and tells the lists', async () => {
    api.GET.mockResolvedValueOnce(reply(200, inReview));
    await openAs(demoOwner, detail.$detail, detail.$canWithdraw);
    detail.startWithdrawal();
    detail.withdrawalForm.setValue('reason', '  Проект будет переработан  ');
    api.POST.mockResolvedValue(reply(200, withdrawn));
    api.GET.mockResolvedValue(reply(200, withdrawn));
    expect(await detail.withdrawStatement()).toBe(true);
    expect(api.POST).toHaveBeenCalledExactlyOnceWith('/api/statements/{id}/withdraw', {
      params: { path: { id: 7 } },
      body: { reason: 'Проект будет переработан' },
    });
    expect(detail.$detail.get().statement?.status).toBe('withdrawn');
    expect(detail.$canWithdraw.get()).toBe(false);
    expect(toastTexts()).toEqual([['success', 'Заявление отозвано']]);
    const { $liveChange } = await import('../../live/changes.ts');
    expect($liveChange.get()?.own).toBe(true);
  });

  it('sends an empty reason as null, and starts each withdrawal with none', async () => {
    api.GET.mockResolvedValueOnce(reply(200, inReview));
    await openAs(demoOwner, detail.$detail);
    detail.withdrawalForm.setValue('reason', 'старое');
    detail.startWithdrawal();
    api.POST.mockResolvedValue(reply(200, withdrawn));
    api.GET.mockResolvedValue(reply(200, withdrawn));
    await detail.withdrawStatement();
    expect(api.POST.mock.calls[0]?.[1]).toMatchObject({ body: { reason: null } });
  });

  it('says a refusal in the server’s words, and reads the statement again after a decision (409)', async () => {
    api.GET.mockResolvedValueOnce(reply(200, inReview));
    await openAs(demoOwner, detail.$detail);
    const moved = 'Статус заявления уже изменился. Обновите страницу.';
    api.POST.mockResolvedValue(reply(409, errorBody('invalid_transition', moved)));
    api.GET.mockResolvedValue(reply(200, { ...inReview, status: 'approved' }));
    expect(await detail.withdrawStatement()).toBe(false);
    expect(toastTexts()).toEqual([['error', moved]]);
    expect(detail.$detail.get().statement?.status).toBe('approved');
  });
});

describe('new version', () => {
  /** Opens the new-version dialog of a statement with comments and uploads v2.pdf (prefile 40) into it. */
  async function openVersionWithFile() {
    await open(withComments);
    detail.openVersionDialog();
    upload.uploadPrefile.mockResolvedValueOnce(storedUpload(40, 'v2.pdf'));
    detail.versionUploads.addFiles([new File(['%PDF'], 'v2.pdf')]);
    await flush();
  }

  it('asks an answer for every required remark waiting for one, and sends the answers with the version', async () => {
    const required = remarkItem({ id: 11, number: 1 });
    const advisory = remarkItem({ id: 12, number: 2, severity: 'advisory' });
    api.GET.mockResolvedValueOnce(reply(200, { ...withComments, remarks: [required, advisory] }));
    await openAs(demoOwner, detail.$detail, detail.$canDelete);
    await flush();
    expect(detail.$answerable.get().map((remark) => remark.id)).toEqual([11, 12]);
    detail.openVersionDialog();
    upload.uploadPrefile.mockResolvedValueOnce(storedUpload(40, 'v2.pdf'));
    detail.versionUploads.addFiles([new File(['%PDF'], 'v2.pdf')]);
    await flush();

    expect(await detail.submitVersion()).toBe(false);
    expect(detail.$answerErrors.get()).toEqual({ 11: 'Ответьте на замечание № 1' });
    expect(api.POST).not.toHaveBeenCalled();

    detail.setAnswer(11, ' Исправлено на листе 2 ');
    api.POST.mockResolvedValue(reply(201, withComments));
    api.GET.mockResolvedValueOnce(reply(200, withComments));
    expect(await detail.submitVersion()).toBe(true);
    expect(api.POST.mock.calls[0]?.[1]).toMatchObject({
      body: { answers: [{ remarkId: 11, text: 'Исправлено на листе 2' }] },
    });
  });

  it('needs at least one file', async () => {
    await open(withComments);
    detail.openVersionDialog();
    expect(await detail.submitVersion()).toBe(false);
    expect(detail.$versionErrors.get()).toEqual({ files: 'Загрузите хотя бы один файл' });
    expect(api.POST).not.toHaveBeenCalled();
  });

  it('needs the statement id', async () => {
    browser.currentPath.mockReturnValue('/statement/info/x');
    $session.set({ status: 'anonymous', user: null });
    watch(detail.$detail);
    detail.openVersionDialog();
    expect(await detail.submitVersion()).toBe(false);
    expect(toastTexts()).toEqual([['error', 'Не указано заявление для добавления версии']]);
  });

  it('posts the files and the comment with status under_review, then reloads and closes', async () => {
    await openVersionWithFile();
    detail.versionForm.setValue('comment', ' Исправлено ');
    const next: Statement = {
      ...withComments,
      status: 'under_review',
      stages: [...withComments.stages, stage(3, false, 1)],
    };
    api.POST.mockResolvedValue(reply(201, next));
    api.GET.mockResolvedValueOnce(reply(200, next));

    expect(await detail.submitVersion()).toBe(true);
    expect(api.POST).toHaveBeenCalledExactlyOnceWith('/api/statements/{id}/stages', {
      params: { path: { id: 7 } },
      body: { prefileIds: [40], comment: 'Исправлено', isInstance: false, status: 'under_review', answers: [] },
    });
    expect(toastTexts()).toEqual([['success', 'Версия добавлена']]);
    expect(detail.$versionDialogOpen.get()).toBe(false);
    expect(detail.$rounds.get().map((round) => round.base.n)).toEqual([1, 3]);
  });

  it('keeps the dialog open with the failure toast', async () => {
    await openVersionWithFile();
    api.POST.mockResolvedValue(reply(409, errorBody('invalid_transition', 'Статус уже изменился')));
    expect(await detail.submitVersion()).toBe(false);
    expect(toastTexts()).toEqual([['error', 'Не удалось загрузить новую версию']]);
    expect(detail.$versionDialogOpen.get()).toBe(true);
  });
});

describe('downloadStageFile', () => {
  it('fetches the file as a blob with the client and saves it under its original name', async () => {
    const blob = new Blob(['%PDF']);
    api.GET.mockResolvedValueOnce(reply(200, blob));
    await downloads.downloadStageFile(file);
    expect(api.GET).toHaveBeenCalledExactlyOnceWith('/api/files', {
      params: { query: { path: 'a1b2c3' } },
      parseAs: 'blob',
    });
    expect(browser.saveBlob).toHaveBeenCalledExactlyOnceWith(blob, 'Альбом АГР.pdf');
    expect(downloads.$downloading.get().size).toBe(0);
  });

  it('toasts a failed download', async () => {
    api.GET.mockResolvedValueOnce(reply(404, errorBody('not_found', 'Нет')));
    await downloads.downloadStageFile(file);
    expect(browser.saveBlob).not.toHaveBeenCalled();
    expect(toastTexts()).toEqual([['error', 'Не удалось скачать «Альбом АГР.pdf»']]);
  });
});

describe('the examiner block without an examiner', () => {
  it('promises one only while the statement waits to be taken', async () => {
    const { detailTexts } = await import('../texts/company-detail.ts');
    expect(detailTexts.noExaminer('sent')).toBe('Эксперт будет назначен, когда заявление возьмут в работу.');
    for (const status of ['withdrawn', 'not_accepted'] as const) {
      expect(detailTexts.noExaminer(status)).toBe('Эксперт не назначался.');
    }
  });
});
