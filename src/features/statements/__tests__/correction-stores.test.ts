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
  await Promise.all([import('../stores/company-corrections.ts'), import('../stores/examiner-corrections.ts')]);
}, 30_000);

const { company, companyDetail, examiner, examinerDetail } = freshStores({
  company: () => import('../stores/company-corrections.ts'),
  companyDetail: () => import('../stores/company-detail.ts'),
  examiner: () => import('../stores/examiner-corrections.ts'),
  examinerDetail: () => import('../stores/examiner-detail.ts'),
});
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
    company.openCorrectionRequest();
    expect(company.$correctionRequestOpen.get()).toBe(true);
    expect(await company.sendCorrectionRequest()).toBe(false);
    expect(company.correctionRequestForm.$shownErrors.get()).toEqual({ text: CORRECTION_TEXTS.textRequired });
    expect(api.POST).not.toHaveBeenCalled();

    company.correctionRequestForm.setValue('text', '  В адресе опечатка  ');
    const asked = { ...approved, corrections: [requested] };
    api.POST.mockResolvedValueOnce(reply(201, asked));
    api.GET.mockResolvedValue(reply(200, asked));
    expect(await company.sendCorrectionRequest()).toBe(true);
    expect(api.POST).toHaveBeenCalledExactlyOnceWith('/api/statements/{id}/corrections', {
      params: { path: { id: 7 } },
      body: { text: 'В адресе опечатка' },
    });
    expect(company.$correctionRequestOpen.get()).toBe(false);
    expect(companyDetail.$detail.get().statement?.corrections).toEqual([requested]);
    expect(toastTexts()).toEqual([['success', 'Запрос на исправление отправлен']]);
  });

  it('tells the server’s refusal in its own words and keeps the dialog open', async () => {
    api.GET.mockResolvedValue(reply(200, approved));
    await openAs(demoOwner, companyDetail.$detail);
    company.openCorrectionRequest();
    company.correctionRequestForm.setValue('text', 'Опечатка');
    api.POST.mockResolvedValueOnce(reply(409, errorBody('invalid_transition', CORRECTION_TEXTS.notApproved)));
    expect(await company.sendCorrectionRequest()).toBe(false);
    expect(company.$correctionRequestOpen.get()).toBe(true);
    expect(toastTexts()).toEqual([['error', CORRECTION_TEXTS.notApproved]]);
  });
});

describe('the examiner answers', () => {
  async function openExaminer() {
    browser.currentPath.mockReturnValue('/instance/statement/info/7');
    api.GET.mockResolvedValue(reply(200, { ...approved, corrections: [requested] }));
    await openAs(demoExaminer, examinerDetail.$examinerStatement, examiner.$canAnswerCorrections);
  }

  it('declines only with a reason', async () => {
    await openExaminer();
    expect(examiner.$canAnswerCorrections.get()).toBe(true);
    examiner.openCorrectionAnswer(requested, false);
    expect(await examiner.sendCorrectionAnswer()).toBe(false);
    expect(examiner.correctionAnswerForm.$shownErrors.get()).toEqual({ note: CORRECTION_TEXTS.noteRequired });
    examiner.correctionAnswerForm.setValue('note', 'Адрес верный');
    api.POST.mockResolvedValueOnce(reply(200, approved));
    expect(await examiner.sendCorrectionAnswer()).toBe(true);
    expect(api.POST).toHaveBeenCalledExactlyOnceWith('/api/instance/corrections/{id}/decision', {
      params: { path: { id: 5 } },
      body: { accept: false, note: 'Адрес верный', prefileIds: [] },
    });
    expect(examiner.$correctionAnswer.get()).toBeNull();
    expect(certificate.certificatePdf).not.toHaveBeenCalled();
  });

  it('corrects with the certificate in force prefilled, made anew and attached', async () => {
    await openExaminer();
    examiner.openCorrectionAnswer(requested, true);
    expect(examiner.correctionAnswerForm.$values.get()).toMatchObject({
      objectName: 'Школа',
      address: 'ул. Садвая, 1',
    });
    examiner.correctionAnswerForm.setValue('address', 'ул. Садовая, 1');
    certificate.certificatePdf.mockResolvedValueOnce(new ArrayBuffer(8));
    upload.uploadPrefile.mockResolvedValueOnce({ ok: true, prefile: { id: 41 } });
    api.POST.mockResolvedValueOnce(reply(200, approved));
    expect(await examiner.sendCorrectionAnswer()).toBe(true);
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
    examiner.openCorrectionAnswer(requested, true);
    certificate.certificatePdf.mockRejectedValueOnce(new Error('no font'));
    expect(await examiner.sendCorrectionAnswer()).toBe(false);
    expect(api.POST).not.toHaveBeenCalled();
    expect(toastTexts()).toEqual([['error', 'Не удалось сформировать исправленное свидетельство']]);
  });
});
