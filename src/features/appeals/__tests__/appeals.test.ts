import { describe, expect, it, vi } from 'vitest';
import type { Appeal, AppealsRegisterItem } from '#domain/contract.ts';
import { petitionLimitText } from '#domain/petitions.ts';
import { demoExaminer, demoOwner, errorBody, reply, storedUpload } from '../../../test-support/api-replies.ts';
import { flush, freshStores, openAs, signIn, toastTexts, watch } from '../../../test-support/store-test.ts';

const api = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn(), DELETE: vi.fn() }));
const upload = vi.hoisted(() => ({ uploadPrefile: vi.fn() }));
vi.mock('#stores/api.ts', () => ({ api, ...upload, QUIET: { 'x-quiet-errors': '1' } }));
vi.mock('#lib/browser.ts', () => ({
  currentPath: vi.fn(() => '/statement/info/7'),
  currentOrigin: vi.fn(() => 'https://portal.example'),
  navigateTo: vi.fn(),
  saveBlob: vi.fn(),
  leavingOnPurpose: vi.fn(() => false),
}));

// Pre-trial appeals on the site (docs/product.md «Appeals»): the company's 'Подать жалобу', the head's 'Рассмотреть
// жалобу' and the register 'Жалобы' with the sidebar's count. Fresh stores for every test.
const { filing, decision, register, changes, leaving } = freshStores({
  filing: () => import('../stores/filing.ts'),
  decision: () => import('../stores/decision.ts'),
  register: () => import('../stores/register.ts'),
  changes: () => import('../../live/changes.ts'),
  leaving: () => import('#stores/leave-guard.ts'),
});

const head = { ...demoExaminer, id: 5, fio: 'Орлова Елена Викторовна', isHead: true };
const filed = (fields: Partial<Appeal> = {}): Appeal => ({
  id: 9,
  subject: 'decision_refusal',
  text: 'Отказ не обоснован',
  files: [],
  filedAt: '2026-12-01T09:00:00.000Z',
  filedBy: 'Иванов Иван Иванович',
  dueDate: '2026-12-22',
  overdue: false,
  status: 'filed',
  decision: null,
  ...fields,
});
const examinerLoad = (examinerId: number, fio: string) => ({
  examinerId,
  fio,
  isHead: false,
  inWork: 1,
  awaitingApplicant: 0,
  overdue: 0,
  dueSoon: 0,
  decidedThisMonth: 0,
  onTimeShare: null,
});
const team = { examiners: [examinerLoad(3, 'Смирнов Алексей Петрович'), examinerLoad(4, 'Кузнецова Мария Игоревна')] };

/** A 'Подать жалобу' on statement 7, with its reload counted. */
function companyFiling() {
  const reload = vi.fn(async () => {});
  return { appeal: filing.createAppealFiling({ statementId: () => 7, reload }), reload };
}

describe("the company's 'Подать жалобу'", () => {
  it('offers only the subjects allowed, chooses the only one, and asks for the text before sending', async () => {
    const { appeal } = companyFiling();
    appeal.open(['decision_refusal']);
    expect(appeal.$subjects.get()).toEqual(['decision_refusal']);
    expect(appeal.form.$values.get()).toEqual({ subject: 'decision_refusal', text: '' });
    expect(await appeal.send()).toBe(false);
    expect(appeal.$fieldErrors.get()).toEqual({ text: 'Опишите, с чем вы не согласны' });
    expect(api.POST).not.toHaveBeenCalled();

    appeal.close();
    appeal.open(['decision_refusal', 'missed_term', 'other']);
    expect(appeal.form.$values.get().subject).toBe('');
    appeal.form.setValue('text', 'Отказ не обоснован');
    expect(await appeal.send()).toBe(false);
    expect(appeal.$fieldErrors.get()).toEqual({ subject: 'Выберите, на что вы жалуетесь' });
    // A subject the statement does not allow now is no choice either.
    appeal.form.setValue('subject', 'acceptance_refusal');
    expect(appeal.form.$errors.get().subject).toBe('Выберите, на что вы жалуетесь');
  });

  it('refuses a text over 10,000 characters', () => {
    const { appeal } = companyFiling();
    appeal.open(['other']);
    appeal.form.setValue('text', 'ж'.repeat(10_001));
    expect(appeal.form.validate()).toBe(false);
    expect(appeal.$fieldErrors.get().text).toMatch(/^Не больше 10\s000 символов$/);
    appeal.form.setValue('text', 'ж'.repeat(10_000));
    expect(appeal.form.validate()).toBe(true);
  });

  it('asks before the page is left once something is typed, only while the dialog is open', () => {
    const { appeal } = companyFiling();
    appeal.open(['other']);
    expect(leaving.leavingLoses()).toBe(false);
    appeal.form.setValue('text', 'Не согласны');
    expect(leaving.leavingLoses()).toBe(true);
    appeal.close();
    expect(leaving.leavingLoses()).toBe(false);
  });

  it('sends the subject, the trimmed text and the files, tells the due date and reads the statement again', async () => {
    const { appeal, reload } = companyFiling();
    const told = vi.fn();
    watch(changes.$liveChange);
    changes.$liveChange.listen(told);
    appeal.open(['decision_refusal', 'other']);
    appeal.form.setValue('subject', 'decision_refusal');
    appeal.form.setValue('text', '  Отказ не обоснован  ');
    upload.uploadPrefile.mockResolvedValueOnce(storedUpload(40, 'Заключение.pdf'));
    appeal.uploads.addFiles([new File(['%PDF'], 'Заключение.pdf')]);
    await flush();
    api.POST.mockResolvedValue(reply(201, { id: 9, status: 'filed', dueDate: '2026-12-22' }));

    expect(await appeal.send()).toBe(true);
    expect(api.POST).toHaveBeenCalledExactlyOnceWith('/api/statements/{id}/appeals', {
      params: { path: { id: 7 } },
      body: { subject: 'decision_refusal', text: 'Отказ не обоснован', prefileIds: [40] },
    });
    expect(toastTexts()).toEqual([['success', 'Жалоба подана. Ответ — до 22 декабря 2026 г.']]);
    expect(reload).toHaveBeenCalledOnce();
    expect(told).toHaveBeenCalled();
    expect(appeal.$subjects.get()).toBeNull();
    // The files belong to the appeal now: none is deleted, nothing is left to ask about.
    expect(api.DELETE).not.toHaveBeenCalled();
    expect(leaving.leavingLoses()).toBe(false);
  });

  it('waits for files on their way', async () => {
    const { appeal } = companyFiling();
    appeal.open(['other']);
    appeal.form.setValue('text', 'Не согласны');
    upload.uploadPrefile.mockReturnValueOnce(new Promise(() => {}));
    appeal.uploads.addFiles([new File(['%PDF'], 'a.pdf')]);
    expect(await appeal.send()).toBe(false);
    expect(toastTexts()).toEqual([['info', 'Дождитесь окончания загрузки файлов']]);
    expect(api.POST).not.toHaveBeenCalled();
  });

  it("shows the server's refusal beside the field it names, until the value changes", async () => {
    const { appeal } = companyFiling();
    appeal.open(['missed_term', 'other']);
    appeal.form.setValue('subject', 'missed_term');
    appeal.form.setValue('text', 'Не согласны');
    const refusal = 'По этому заявлению сейчас нельзя подать жалобу на это';
    api.POST.mockResolvedValue(reply(400, errorBody('validation_error', refusal, { field: 'subject' })));
    expect(await appeal.send()).toBe(false);
    expect(appeal.$fieldErrors.get()).toEqual({ subject: refusal });
    expect(appeal.$subjects.get()).toEqual(['missed_term', 'other']);
    appeal.form.setValue('subject', 'other');
    expect(appeal.$fieldErrors.get()).toEqual({});
  });

  it('shows a refusal of the files beside them', async () => {
    const { appeal } = companyFiling();
    appeal.open(['other']);
    appeal.form.setValue('text', 'Не согласны');
    upload.uploadPrefile.mockResolvedValueOnce(storedUpload(41));
    appeal.uploads.addFiles([new File(['%PDF'], '41.pdf')]);
    await flush();
    const refusal = 'Файлы не найдены или уже приложены. Загрузите их заново.';
    api.POST.mockResolvedValue(reply(400, errorBody('invalid_prefiles', refusal)));
    expect(await appeal.send()).toBe(false);
    expect(appeal.$filesError.get()).toBe(refusal);
  });

  it('reads the statement again behind the dialog when the same appeal was filed meanwhile (409), keeping the text', async () => {
    const { appeal, reload } = companyFiling();
    appeal.open(['other']);
    appeal.form.setValue('text', 'Не согласны');
    const refusal = 'Жалоба на это уже подана и ещё не рассмотрена';
    api.POST.mockResolvedValue(reply(409, errorBody('invalid_transition', refusal)));
    expect(await appeal.send()).toBe(false);
    expect(toastTexts()).toEqual([['error', refusal]]);
    expect(reload).toHaveBeenCalledOnce();
    expect(appeal.$subjects.get()).toEqual(['other']);
    expect(appeal.form.$values.get().text).toBe('Не согласны');
  });

  it("says the company's daily limit in the server's words (429), keeping the dialog and its text", async () => {
    const { appeal, reload } = companyFiling();
    appeal.open(['other']);
    appeal.form.setValue('text', 'Не согласны');
    const refusal = petitionLimitText(20);
    api.POST.mockResolvedValue(reply(429, errorBody('too_many_requests', refusal)));
    expect(await appeal.send()).toBe(false);
    expect(toastTexts()).toEqual([['error', refusal]]);
    expect(reload).not.toHaveBeenCalled();
    expect(appeal.$subjects.get()).toEqual(['other']);
    expect(appeal.form.$values.get().text).toBe('Не согласны');
  });

  it('deletes the uploaded files when the dialog is closed without sending', async () => {
    const { appeal } = companyFiling();
    appeal.open(['other']);
    upload.uploadPrefile.mockResolvedValueOnce(storedUpload(42));
    appeal.uploads.addFiles([new File(['%PDF'], '42.pdf')]);
    await flush();
    api.DELETE.mockResolvedValue(reply(204));
    appeal.close();
    await flush();
    expect(api.DELETE).toHaveBeenCalledWith(
      '/api/prefiles/{id}',
      expect.objectContaining({ params: { path: { id: 42 } } }),
    );
  });
});

/** A 'Рассмотреть жалобу' with its reload counted, opened on `appeal` of statement № 1005 (examiner 3 decided). */
async function headDecision(appeal = filed()) {
  const reload = vi.fn(async () => {});
  const dialog = decision.createAppealDecision({ reload });
  api.GET.mockResolvedValue(reply(200, team));
  dialog.open({ appeal, visibleId: 1005, examinerId: 3 });
  await vi.waitFor(() => expect(dialog.examiners.$examiners.get().status).toBe('ready'));
  return { dialog, reload };
}

describe("the head's 'Рассмотреть жалобу'", () => {
  it('asks for the outcome and the answer; the examiner who decided is chosen first', async () => {
    const { dialog } = await headDecision();
    expect(api.GET).toHaveBeenCalledExactlyOnceWith('/api/instance/team');
    expect(dialog.examiners.$chosen.get()).toBe(3);
    expect(await dialog.send()).toBe(false);
    expect(dialog.$fieldErrors.get()).toEqual({
      outcome: 'Выберите решение',
      text: 'Напишите ответ заявителю: он войдёт в письмо',
    });
    expect(api.POST).not.toHaveBeenCalled();
  });

  it('asks for the examiner only when upholding cancels a refusal', async () => {
    const { dialog } = await headDecision();
    expect(dialog.$asksExaminer.get()).toBe(false);
    dialog.form.setValue('outcome', 'upheld');
    expect(dialog.$asksExaminer.get()).toBe(true);
    dialog.form.setValue('outcome', 'dismissed');
    expect(dialog.$asksExaminer.get()).toBe(false);
    dialog.close();
    const { dialog: term } = await headDecision(filed({ subject: 'missed_term' }));
    term.form.setValue('outcome', 'upheld');
    expect(term.$asksExaminer.get()).toBe(false);
  });

  it('upholds with the examiner chosen, then reads the statement again while still busy', async () => {
    const { dialog, reload } = await headDecision();
    dialog.form.setValue('outcome', 'upheld');
    dialog.examiners.choose(4);
    dialog.form.setValue('text', ' Отказ отменён: основания не подтвердились. ');
    let busyWhileReading = false;
    reload.mockImplementation(async () => {
      busyWhileReading = dialog.form.$status.get().busy;
    });
    api.POST.mockResolvedValue(reply(200, filed({ status: 'upheld' })));

    expect(await dialog.send()).toBe(true);
    expect(api.POST).toHaveBeenCalledExactlyOnceWith('/api/instance/appeals/{id}/decision', {
      params: { path: { id: 9 } },
      body: { upheld: true, text: 'Отказ отменён: основания не подтвердились.', examinerId: 4 },
    });
    expect(toastTexts()).toEqual([['success', 'Жалоба удовлетворена']]);
    expect(busyWhileReading).toBe(true);
    expect(dialog.$target.get()).toBeNull();
    expect(dialog.form.$status.get().busy).toBe(false);
  });

  it('dismisses without an examiner', async () => {
    const { dialog } = await headDecision();
    dialog.form.setValue('outcome', 'dismissed');
    dialog.form.setValue('text', 'Отказ обоснован');
    api.POST.mockResolvedValue(reply(200, filed({ status: 'dismissed' })));
    expect(await dialog.send()).toBe(true);
    expect(api.POST.mock.calls[0]?.[1]).toEqual({
      params: { path: { id: 9 } },
      body: { upheld: false, text: 'Отказ обоснован' },
    });
    expect(toastTexts()).toEqual([['success', 'В удовлетворении жалобы отказано']]);
  });

  it('asks for an examiner when the statement has none to return to', async () => {
    const reload = vi.fn();
    const dialog = decision.createAppealDecision({ reload });
    api.GET.mockResolvedValue(reply(200, team));
    dialog.open({ appeal: filed({ subject: 'acceptance_refusal' }), visibleId: 1006, examinerId: null });
    dialog.form.setValue('outcome', 'upheld');
    dialog.form.setValue('text', 'Документы были полными');
    expect(await dialog.send()).toBe(false);
    expect(dialog.examiners.$error.get()).toBe('Выберите эксперта');
    expect(api.POST).not.toHaveBeenCalled();
  });

  it("shows the server's word on the examiner beside the examiners", async () => {
    const { dialog } = await headDecision();
    dialog.form.setValue('outcome', 'upheld');
    dialog.form.setValue('text', 'Отказ отменён');
    api.POST.mockResolvedValue(
      reply(400, errorBody('validation_error', 'Такого эксперта нет', { field: 'examinerId' })),
    );
    expect(await dialog.send()).toBe(false);
    expect(dialog.examiners.$error.get()).toBe('Такого эксперта нет');
    expect(dialog.$target.get()).not.toBeNull();
  });

  it('closes and reads the statement again when another head answered first (409)', async () => {
    const { dialog, reload } = await headDecision();
    dialog.form.setValue('outcome', 'dismissed');
    dialog.form.setValue('text', 'Отказ обоснован');
    const refusal = 'На эту жалобу уже ответили. Обновите страницу.';
    api.POST.mockResolvedValue(reply(409, errorBody('invalid_transition', refusal)));
    expect(await dialog.send()).toBe(false);
    expect(toastTexts()).toEqual([['error', refusal]]);
    expect(dialog.$target.get()).toBeNull();
    expect(reload).toHaveBeenCalledOnce();
  });
});

const item = (fields: Partial<AppealsRegisterItem>): AppealsRegisterItem => ({
  id: 1,
  statementId: 7,
  visibleId: 1005,
  objectName: 'Административное здание',
  companyName: 'ООО «СтройПроект»',
  subject: 'decision_refusal',
  filedAt: '2026-12-01T09:00:00.000Z',
  dueDate: '2026-12-22',
  overdue: false,
  status: 'filed',
  ...fields,
});

describe("the head's register 'Жалобы'", () => {
  it('loads for the head only, open appeals first by their term', async () => {
    const answered = item({ id: 1, status: 'upheld', dueDate: '2026-11-01' });
    const later = item({ id: 2, dueDate: '2026-12-22' });
    const sooner = item({ id: 3, dueDate: '2026-12-08', overdue: true });
    api.GET.mockResolvedValue(reply(200, { items: [answered, later, sooner], open: 2, overdue: 1 }));
    await openAs(demoOwner, register.$registerRows);
    expect(api.GET).not.toHaveBeenCalled();
    expect(register.$registerAccess.get()).toBe('refused');

    await signIn(head);
    expect(api.GET).toHaveBeenCalledExactlyOnceWith('/api/instance/appeals', { headers: { 'x-quiet-errors': '1' } });
    expect(register.$appealsRegister.get()).toMatchObject({ status: 'ready', open: 2 });
    expect(register.$registerRows.get().map((row) => row.id)).toEqual([3, 2, 1]);
  });

  it('reads the register again when a statement changes', async () => {
    api.GET.mockResolvedValue(reply(200, { items: [], open: 0, overdue: 0 }));
    await openAs(head, register.$appealsRegister);
    expect(register.$appealsRegister.get().status).toBe('ready');
    api.GET.mockResolvedValue(reply(200, { items: [item({})], open: 1, overdue: 0 }));
    changes.announceStatementChange();
    await vi.waitFor(() => expect(register.$appealsRegister.get().open).toBe(1));
  });

  it('says when the register could not be read, and keeps the one on screen after', async () => {
    api.GET.mockResolvedValue(reply(500, errorBody('internal_error', 'Ошибка')));
    await openAs(head, register.$appealsRegister);
    expect(register.$appealsRegister.get().status).toBe('error');
    api.GET.mockResolvedValue(reply(200, { items: [item({})], open: 1, overdue: 0 }));
    await register.reloadAppealsRegister();
    api.GET.mockResolvedValue(reply(500, errorBody('internal_error', 'Ошибка')));
    await register.reloadAppealsRegister();
    expect(register.$appealsRegister.get()).toMatchObject({ status: 'ready', open: 1 });
  });
});
