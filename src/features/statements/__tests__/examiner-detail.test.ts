import { describe, expect, it, vi } from 'vitest';
import type { Stage } from '#domain/contract.ts';
import { demoExaminer, demoStatement, errorBody, reply } from '../../../test-support/api-replies.ts';
import { freshStores, signIn, silenceConsoleErrors, toastTexts } from '../../../test-support/store-test.ts';

const api = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn(), DELETE: vi.fn() }));
vi.mock('#stores/api.ts', () => ({
  api,
  uploadPrefile: vi.fn(),
  API_BASE_URL: '',
  QUIET: { 'x-quiet-errors': '1' },
}));
const certificate = vi.hoisted(() => ({ downloadCertificate: vi.fn() }));
vi.mock('../../certificates/certificate-download.ts', () => certificate);
const browser = vi.hoisted(() => ({
  currentPath: vi.fn(() => '/instance/statement/info/1'),
  currentOrigin: vi.fn(() => 'https://portal.example'),
  navigateTo: vi.fn(),
}));
vi.mock('#lib/browser.ts', () => ({ ...browser, saveBlob: vi.fn() }));

// Fresh stores for every test: the detail is loaded once for the life of its module.
const { detail, changes } = freshStores({
  detail: () => import('../stores/examiner-detail.ts'),
  changes: () => import('../../live/changes.ts'),
});
silenceConsoleErrors();

const inReview = {
  ...demoStatement,
  status: 'under_review' as const,
  examinerId: demoExaminer.id,
  examiner: { fio: 'Петрова Анна Сергеевна', governmentAgency: 'Комитет', phone: null, email: null },
};

async function open(statement: typeof inReview) {
  api.GET.mockResolvedValue(reply(200, statement));
  detail.$examinerStatement.listen(() => {});
  await signIn(demoExaminer);
}

describe('examiner statement detail', () => {
  it('loads the statement of the address for an examiner', async () => {
    await open(inReview);
    expect(api.GET).toHaveBeenCalledWith('/api/instance/statements/{id}', { params: { path: { id: 1 } } });
    expect(detail.$examinerStatement.get()).toEqual({ status: 'ready', statement: inReview });
    expect(detail.$canReply.get()).toBe(true);
  });

  it('says the statement is not found, at the same address, when the API answers 404', async () => {
    api.GET.mockResolvedValue(reply(404, errorBody('not_found', 'Заявление не найдено')));
    detail.$examinerStatement.listen(() => {});
    await signIn(demoExaminer);
    expect(detail.$examinerStatement.get()).toEqual({ status: 'notFound', statement: null });
    expect(browser.navigateTo).not.toHaveBeenCalled();
  });

  it.each([
    ['another examiner', { ...inReview, examinerId: 99 }],
    ['a statement already approved', { ...inReview, status: 'approved' as const }],
  ])('offers no answer to %s', async (_, statement) => {
    await open(statement as typeof inReview);
    expect(detail.$canReply.get()).toBe(false);
    await detail.startReply('rejected');
    expect(detail.$replyStatus.get()).toBeNull();
  });

  const token = 'dWpth7Z2F6ymlXVJh0sO8NxLjyOwmy0A';

  it('asks for the check token, then makes and downloads the certificate before the approval dialog opens', async () => {
    await open(inReview);
    api.POST.mockResolvedValue(reply(200, { token, checkUrl: `https://agr.example.ru/check/${token}` }));
    certificate.downloadCertificate.mockResolvedValue(undefined);
    await detail.startReply('approved');
    expect(api.POST).toHaveBeenCalledWith('/api/instance/statements/{id}/certificate', { params: { path: { id: 1 } } });
    expect(certificate.downloadCertificate).toHaveBeenCalledOnce();
    const [data, visibleId] = certificate.downloadCertificate.mock.calls[0] ?? [];
    expect(visibleId).toBe(1001);
    expect(data).toMatchObject({
      number: '№ 1001',
      objectName: 'Жилой дом',
      examiner: 'Петрова Анна Сергеевна',
      checkUrl: `https://agr.example.ru/check/${token}`,
    });
    expect(detail.$replyStatus.get()).toBe('approved');
  });

  it('makes the check address absolute on this site when the server answers a path', async () => {
    await open(inReview);
    api.POST.mockResolvedValue(reply(200, { token, checkUrl: `/check/${token}` }));
    certificate.downloadCertificate.mockResolvedValue(undefined);
    await detail.startReply('approved');
    const [data] = certificate.downloadCertificate.mock.calls[0] ?? [];
    expect(data.checkUrl).toBe(`https://portal.example/check/${token}`);
  });

  it('makes no certificate and opens no dialog when the check token is refused', async () => {
    await open(inReview);
    api.POST.mockResolvedValue(reply(409, errorBody('invalid_transition', 'Статус заявления уже изменился')));
    await detail.startReply('approved');
    expect(certificate.downloadCertificate).not.toHaveBeenCalled();
    expect(detail.$replyStatus.get()).toBeNull();
    expect(toastTexts()).toContainEqual(['error', 'Не удалось сформировать свидетельство']);
  });

  it('keeps the dialog closed and says so when the certificate cannot be made', async () => {
    await open(inReview);
    api.POST.mockResolvedValue(reply(200, { token, checkUrl: `/check/${token}` }));
    certificate.downloadCertificate.mockRejectedValue(new Error('no jspdf'));
    await detail.startReply('approved');
    expect(detail.$replyStatus.get()).toBeNull();
    expect(console.error).toHaveBeenCalled();
    expect(toastTexts()).toEqual([['error', 'Не удалось сформировать свидетельство']]);
  });

  it('opens the rework and reject dialogs without a certificate', async () => {
    await open(inReview);
    await detail.startReply('has_comments');
    expect(certificate.downloadCertificate).not.toHaveBeenCalled();
    expect(detail.$replyStatus.get()).toBe('has_comments');
  });

  it('sends the answer, reloads the statement and the counters, and says so', async () => {
    await open(inReview);
    await detail.startReply('has_comments');
    detail.replyForm.setValue('comment', '  Уточните фасады  ');
    api.POST.mockResolvedValue(reply(201, { ...inReview, status: 'has_comments' }));
    api.GET.mockResolvedValue(reply(200, { ...inReview, status: 'has_comments' }));
    expect(await detail.sendReply()).toBe(true);
    expect(api.POST).toHaveBeenCalledWith('/api/instance/{id}/stages', {
      params: { path: { id: 1 } },
      body: { prefileIds: [], comment: 'Уточните фасады', isInstance: true, status: 'has_comments' },
    });
    expect(detail.$replyStatus.get()).toBeNull();
    expect(detail.$examinerStatement.get().statement?.status).toBe('has_comments');
    expect(changes.$liveChange.get()?.own).toBe(true);
    expect(toastTexts()).toEqual([['info', 'Ответ на заявление был отправлен']]);
  });

  it('says a decision held for its signature has not reached the applicant yet', async () => {
    await open(inReview);
    await detail.startReply('has_comments');
    const decision: Stage = {
      id: 99,
      n: 2,
      applicantId: demoExaminer.id,
      applicant: null,
      applicantPhone: null,
      applicantPosition: null,
      applicantMail: null,
      isGovernmentAgency: true,
      status: 'rejected',
      comment: null,
      dateCreate: '2024-05-06T09:00:00.000Z',
      files: [],
      absentFiles: [],
      awaitingSignature: true,
    };
    const held = { ...inReview, stages: [decision] };
    api.POST.mockResolvedValue(reply(201, held));
    api.GET.mockResolvedValue(reply(200, held));
    expect(await detail.sendReply()).toBe(true);
    expect(toastTexts()).toEqual([
      ['info', 'Решение записано и ожидает подписи: заявитель получит его, когда вы подпишете документ решения'],
    ]);
  });

  it('keeps the dialog open with the product text when the answer fails', async () => {
    await open(inReview);
    await detail.startReply('rejected');
    detail.toggleGround(6);
    api.POST.mockResolvedValue(reply(409, errorBody('invalid_transition', 'Заявление уже не на рассмотрении')));
    expect(await detail.sendReply()).toBe(false);
    expect(detail.$replyStatus.get()).toBe('rejected');
    expect(toastTexts()).toEqual([['error', 'Не удалось предоставить ответ']]);
  });

  it('sends a rejection only with a ground, in the order they were ticked, and asks for one otherwise', async () => {
    await open(inReview);
    await detail.startReply('rejected');
    expect(await detail.sendReply()).toBe(false);
    expect(api.POST).not.toHaveBeenCalled();
    expect(detail.$groundsError.get()).toBe('Выберите основание отказа');
    detail.toggleGround(8);
    expect(detail.$groundsError.get()).toBeNull();
    detail.toggleGround(6);
    detail.toggleGround(7);
    detail.toggleGround(6);
    api.POST.mockResolvedValue(reply(201, { ...inReview, status: 'rejected' }));
    expect(await detail.sendReply()).toBe(true);
    expect(api.POST).toHaveBeenCalledWith('/api/instance/{id}/stages', {
      params: { path: { id: 1 } },
      body: { prefileIds: [], comment: null, isInstance: true, status: 'rejected', refusalGroundIds: [8, 7] },
    });
    // A new answer starts with nothing ticked and no error.
    await detail.startReply('rejected');
    expect(detail.$replyGrounds.get()).toEqual([]);
    expect(detail.$groundsError.get()).toBeNull();
  });
});
