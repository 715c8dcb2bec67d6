import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Correction, Statement } from '#domain/contract.ts';
import { CORRECTION_TEXTS } from '#domain/corrections.ts';
import { demoExaminer, demoOwner, demoStatement, errorBody, reply } from '../../../test-support/api-replies.ts';
import { freshStores, openAs, silenceConsoleErrors, toastTexts } from '../../../test-support/store-test.ts';

const api = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn(), DELETE: vi.fn() }));
const upload = vi.hoisted(() => ({ uploadPrefile: vi.fn() }));
vi.mock('#stores/api.ts', () => ({ api, ...upload, API_BASE_URL: '', QUIET: { 'x-quiet-errors': '1' } }));
const certificate = vi.hoisted(() => ({ certificatePdf: vi.fn(), downloadCertificate: vi.fn() }));
vi.mock('../../certificates/certificate-download.ts', () => certificate);
const browser = vi.hoisted(() => ({
  currentPath: vi.fn(() => '/statement/info/7'),
  currentOrigin: vi.fn(() => 'https://portal.example'),
  navigateTo: vi.fn(),
  saveBlob: vi.fn(),
}));
vi.mock('#lib/browser.ts', () => browser);

// The first import transforms the whole store graph; done once here, so no test pays for it under its own timeout.
beforeAll(async () => {
  await Promise.all([import('../stores/company-detail.ts'), import('../stores/examiner-detail.ts')]);
}, 30_000);

const { companyDetail, examinerDetail } = freshStores({
  companyDetail: () => import('../stores/company-detail.ts'),
  examinerDetail: () => import('../stores/examiner-detail.ts'),
});
/** The detail's correction stores (the corrections capability, handed each detail). */
const request = () => companyDetail.correctionRequest;
const answer = () => examinerDetail.correctionAnswer;
silenceConsoleErrors();

const requested: Correction = {
  id: 5,
  text: 'Опечатка в адресе',
  status: 'requested',
  requestedAt: '2026-11-20T07:00:00.000Z',
  requestedBy: 'Иванов Иван Иванович',
  dueDate: '2026-11-27',
  deadline: { dueDate: '2026-11-27', workingDaysLeft: 1, provisional: false },
  answer: null,
  answeredAt: null,
  replacesDate: '2026-11-19T09:00:00.000Z',
  checkUrl: '/check/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  requisites: null,
  files: [],
};
const approved: Statement = {
  ...demoStatement,
  id: 7,
  status: 'approved',
  examinerId: demoExaminer.id,
  title: 'Школа',
  address: 'ул. Садвая, 1',
};

describe('the company asks for a correction', () => {
  it('sends nothing without a description, then sends it trimmed and reads the statement again', async () => {
    browser.currentPath.mockReturnValue('/statement/info/7');
    api.GET.mockResolvedValue(reply(200, approved));
    await openAs(demoOwner, companyDetail.$detail);
    request().open();
    expect(request().$open.get()).toBe(true);
    expect(await request().send()).toBe(false);
    expect(request().form.$shownErrors.get()).toEqual({ text: CORRECTION_TEXTS.textRequired });
    expect(api.POST).not.toHaveBeenCalled();

    request().form.setValue('text', '  В адресе опечатка  ');
    const asked = { ...approved, corrections: [requested] };
    api.POST.mockResolvedValueOnce(reply(201, asked));
    api.GET.mockResolvedValue(reply(200, asked));
    expect(await request().send()).toBe(true);
    expect(api.POST).toHaveBeenCalledExactlyOnceWith('/api/statements/{id}/corrections', {
      params: { path: { id: 7 } },
      body: { text: 'В адресе опечатка' },
    });
    expect(request().$open.get()).toBe(false);
    expect(companyDetail.$detail.get().statement?.corrections).toEqual([requested]);
    expect(toastTexts()).toEqual([['success', 'Запрос на исправление отправлен']]);
  });

  it('tells the server’s refusal in its own words; a 409 closes the dialog and reads the statement again', async () => {
    api.GET.mockResolvedValue(reply(200, approved));
    await openAs(demoOwner, companyDetail.$detail);
    request().open();
    request().form.setValue('text', 'Опечатка');
    api.POST.mockResolvedValueOnce(reply(409, errorBody('invalid_transition', CORRECTION_TEXTS.notApproved)));
    const reads = api.GET.mock.calls.length;
    expect(await request().send()).toBe(false);
    expect(request().$open.get()).toBe(false);
    expect(api.GET.mock.calls.length).toBeGreaterThan(reads);
    expect(toastTexts()).toEqual([['error', CORRECTION_TEXTS.notApproved]]);
  });
});

describe('the examiner answers', () => {
  async function openExaminer() {
    browser.currentPath.mockReturnValue('/instance/statement/info/7');
    api.GET.mockResolvedValue(reply(200, { ...approved, corrections: [requested] }));
    await openAs(demoExaminer, examinerDetail.$examinerStatement, answer().$canAnswer);
  }

  it('declines only with a reason', async () => {
    await openExaminer();
    expect(answer().$canAnswer.get()).toBe(true);
    answer().open(requested, false);
    expect(await answer().send()).toBe(false);
    expect(answer().form.$shownErrors.get()).toEqual({ note: CORRECTION_TEXTS.noteRequired });
    answer().form.setValue('note', 'Адрес верный');
    api.POST.mockResolvedValueOnce(reply(200, approved));
    expect(await answer().send()).toBe(true);
    expect(api.POST).toHaveBeenCalledExactlyOnceWith('/api/instance/corrections/{id}/decision', {
      params: { path: { id: 5 } },
      body: { accept: false, note: 'Адрес верный', prefileIds: [] },
    });
    expect(answer().$answering.get()).toBeNull();
    expect(certificate.certificatePdf).not.toHaveBeenCalled();
  });

  it('corrects with the certificate in force prefilled, made anew and attached', async () => {
    await openExaminer();
    answer().open(requested, true);
    expect(answer().form.$values.get()).toMatchObject({
      objectName: 'Школа',
      address: 'ул. Садвая, 1',
    });
    answer().form.setValue('address', 'ул. Садовая, 1');
    certificate.certificatePdf.mockResolvedValueOnce(new ArrayBuffer(8));
    upload.uploadPrefile.mockResolvedValueOnce({ ok: true, prefile: { id: 41 } });
    api.POST.mockResolvedValueOnce(reply(200, approved));
    expect(await answer().send()).toBe(true);
    const [data] = certificate.certificatePdf.mock.calls[0] as [Record<string, string>];
    expect(data).toMatchObject({
      address: 'ул. Садовая, 1',
      checkUrl: 'https://portal.example/check/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      replaces: 'взамен ранее выданного от 19.11.2026',
    });
    expect(upload.uploadPrefile.mock.calls[0]?.[1]).toBe('Свидетельство_1001_исправленное.pdf');
    expect(api.POST).toHaveBeenCalledExactlyOnceWith('/api/instance/corrections/{id}/decision', {
      params: { path: { id: 5 } },
      body: {
        accept: true,
        note: null,
        prefileIds: [41],
        requisites: { objectName: 'Школа', address: 'ул. Садовая, 1', cadastralNumber: null },
      },
    });
  });

  it('sends nothing when the corrected certificate cannot be made', async () => {
    await openExaminer();
    answer().open(requested, true);
    certificate.certificatePdf.mockRejectedValueOnce(new Error('no font'));
    expect(await answer().send()).toBe(false);
    expect(api.POST).not.toHaveBeenCalled();
    expect(toastTexts()).toEqual([['error', 'Не удалось сформировать исправленное свидетельство']]);
  });
});
