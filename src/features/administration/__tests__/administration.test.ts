import { describe, expect, it, vi } from 'vitest';
import type {
  AdminCatalogItem,
  AdminExaminer,
  AdminLogPage,
  CalendarImportPreview,
  CalendarYearInfo,
  RemarkTemplate,
} from '#domain/contract.ts';
import { demoExaminer, errorBody, reply } from '../../../test-support/api-replies.ts';
import { flush, freshStores, loadFailures, openAs, toastTexts } from '../../../test-support/store-test.ts';
import { changedFields, type FieldSpec, validateFields } from '../lib/fields.ts';

const api = vi.hoisted(() => ({ GET: vi.fn(), POST: vi.fn(), PATCH: vi.fn() }));
vi.mock('../../../stores/api.ts', () => ({ api, uploadPrefile: vi.fn() }));

const { sections, calendar, log, access } = freshStores({
  sections: () => import('../stores/sections.ts'),
  calendar: () => import('../stores/calendar.ts'),
  log: () => import('../stores/log.ts'),
  access: () => import('../stores/access.ts'),
});

const head = { ...demoExaminer, id: 5, fio: 'Орлова Елена Викторовна', isHead: true };

const examiner = {
  id: 7,
  email: 'smirnov@agr.example',
  fio: 'Смирнов Алексей Петрович',
  phone: null,
  position: 'Главный специалист',
  isHead: false,
  active: true,
  deactivatedAt: null,
  createdAt: '2026-11-01T09:00:00Z',
} satisfies AdminExaminer;
const former = { ...examiner, id: 8, fio: 'Кузнецов Олег', active: false, deactivatedAt: '2026-11-20T09:00:00Z' };

const workType = {
  id: 3,
  name: 'Реконструкция',
  value: 'reconstruction',
  legalBasis: null,
  retiredAt: null,
  usage: 4,
} satisfies AdminCatalogItem;

describe('the dialogs’ fields', () => {
  const fields: FieldSpec<{ email: string; fio: string; phone: string }>[] = [
    { name: 'email', label: 'E-mail', kind: 'email', onlyWhenAdding: true, requiredText: 'Укажите почту' },
    { name: 'fio', label: 'ФИО', maxLength: 5 },
    { name: 'phone', label: 'Телефон', optional: true, maxLength: 3 },
  ];

  it.each([
    ['all good', { email: 'a@b.ru', fio: 'Иван', phone: '' }, true, {}],
    ['blank required', { email: ' ', fio: ' ', phone: '' }, true, { email: 'Укажите почту', fio: 'Заполните поле' }],
    ['a bad e-mail', { email: 'a@b', fio: 'Иван', phone: '' }, true, { email: 'Некорректный email' }],
    [
      'too long, counted in code points',
      { email: 'a@b.ru', fio: '😀😀😀😀😀😀', phone: '1234' },
      true,
      {
        fio: 'Не больше 5 символов',
        phone: 'Не больше 3 символов',
      },
    ],
    ['five emoji fit five', { email: 'a@b.ru', fio: '😀😀😀😀😀', phone: '' }, true, {}],
    ['the e-mail is not checked when editing', { email: '', fio: 'Иван', phone: '' }, false, {}],
  ])('%s', (_, values, adding, errors) => {
    expect(validateFields(fields, values, adding)).toEqual(errors);
  });

  it('a patch holds only what changed', () => {
    expect(changedFields({ fio: 'Б', phone: null, position: 'X' }, { fio: 'А', phone: null, position: 'X' })).toEqual({
      fio: 'Б',
    });
    expect(changedFields({ a: 1 }, { a: 1 })).toEqual({});
  });
});

describe('examiners', () => {
  it('load for the head only, deactivated ones kept apart', async () => {
    api.GET.mockResolvedValue(reply(200, [examiner, former]));
    await openAs(demoExaminer, sections.examinersList.$list);
    expect(api.GET).not.toHaveBeenCalled();
    expect(access.$adminAccess.get()).toBe('refused');

    await openAs(head, sections.examinersList.$list, sections.examinersList.$current, sections.examinersList.$apart);
    expect(api.GET).toHaveBeenCalledExactlyOnceWith('/api/admin/examiners');
    expect(sections.examinersList.$current.get()).toEqual([examiner]);
    expect(sections.examinersList.$apart.get()).toEqual([former]);
    expect(access.$adminAccess.get()).toBe('head');
  });

  it.each(loadFailures(api.GET))('a load failed by %s says so', async (_, fail) => {
    fail();
    await openAs(head, sections.examinersList.$list);
    expect(sections.examinersList.$list.get().status).toBe('error');
    expect(toastTexts()).toContainEqual(['error', 'Не удалось загрузить экспертов']);
  });

  it('adds one by e-mail and ФИО, the empty optional fields as null, and loads the list again', async () => {
    const list = sections.examinersList;
    api.GET.mockResolvedValue(reply(200, []));
    api.POST.mockResolvedValue(reply(201, examiner));
    await openAs(head, list.$list);
    list.startAdd();
    expect(list.fieldsShown().map((field) => field.name)).toEqual(['email', 'fio', 'phone', 'position']);
    expect(await list.save()).toBe('invalid');
    expect(list.$fieldErrors.get()).toEqual({ email: 'Укажите адрес электронной почты', fio: 'Укажите ФИО' });
    expect(api.POST).not.toHaveBeenCalled();

    list.form.setValue('email', ' smirnov@agr.example ');
    list.form.setValue('fio', 'Смирнов Алексей Петрович ');
    list.form.setValue('phone', '+7 (916) 123-45-67');
    expect(await list.save()).toBe('saved');
    expect(api.POST).toHaveBeenCalledExactlyOnceWith('/api/admin/examiners', {
      body: {
        email: 'smirnov@agr.example',
        fio: 'Смирнов Алексей Петрович',
        phone: '+7 (916) 123-45-67',
        position: null,
      },
    });
    expect(list.$editor.get()).toBeNull();
    expect(toastTexts()).toContainEqual(['success', 'Эксперт добавлен']);
    expect(api.GET).toHaveBeenCalledTimes(2);
  });

  it('shows a taken e-mail beside its field, until it is changed', async () => {
    const list = sections.examinersList;
    api.GET.mockResolvedValue(reply(200, []));
    api.POST.mockResolvedValue(
      reply(409, errorBody('email_taken', 'Этот e-mail уже используется', { field: 'email' })),
    );
    await openAs(head, list.$list);
    list.startAdd();
    list.form.setValue('email', 'taken@agr.example');
    list.form.setValue('fio', 'Иванов');
    expect(await list.save()).toBe('failed');
    expect(list.$fieldErrors.get()).toEqual({ email: 'Этот e-mail уже используется' });
    expect(list.$editor.get()).toEqual({ mode: 'add' });
    list.form.setValue('email', 'free@agr.example');
    expect(list.$fieldErrors.get()).toEqual({});
  });

  it('an edit sends only what changed, never the e-mail, and nothing when nothing changed', async () => {
    const list = sections.examinersList;
    api.GET.mockResolvedValue(reply(200, [examiner]));
    api.PATCH.mockResolvedValue(reply(200, { ...examiner, phone: '123' }));
    await openAs(head, list.$list);
    list.startEdit(examiner);
    expect(list.fieldsShown().map((field) => field.name)).toEqual(['fio', 'phone', 'position']);
    expect(await list.save()).toBe('saved');
    expect(api.PATCH).not.toHaveBeenCalled();

    list.startEdit(examiner);
    list.form.setValue('phone', '123');
    list.form.setValue('position', ' ');
    expect(await list.save()).toBe('saved');
    expect(api.PATCH).toHaveBeenCalledExactlyOnceWith('/api/admin/examiners/{id}', {
      params: { path: { id: 7 } },
      body: { phone: '123', position: null },
    });
  });

  it('deactivation asks first, then says how many statements went to the head’s queue', async () => {
    const list = sections.examinersList;
    api.GET.mockResolvedValue(reply(200, [examiner]));
    api.POST.mockResolvedValue(reply(200, { examiner: { ...examiner, active: false }, handedOver: 2 }));
    await openAs(head, list.$list);
    const deactivate = list.spec.actions.find((action) => action.label === 'Деактивировать');
    if (!deactivate) throw new Error('no deactivation');
    expect(deactivate.shown(examiner)).toBe(true);
    expect(deactivate.shown(former)).toBe(false);

    await list.request(deactivate, examiner);
    expect(api.POST).not.toHaveBeenCalled();
    expect(list.$pending.get()?.action.question?.(examiner)).toMatch(
      /^Деактивировать эксперта Смирнов Алексей Петрович\? Все его сеансы завершатся сразу.*очередь руководителя/,
    );
    expect(await list.confirm()).toBe(true);
    expect(api.POST).toHaveBeenCalledExactlyOnceWith('/api/admin/examiners/{id}/deactivate', {
      params: { path: { id: 7 } },
    });
    expect(list.$pending.get()).toBeNull();
    expect(toastTexts()).toContainEqual([
      'success',
      'Эксперт деактивирован, 2 заявления переданы в очередь руководителя',
    ]);
  });

  it('the last head’s 409 is said above the list in the server’s words', async () => {
    const list = sections.examinersList;
    const lastHead = { ...examiner, isHead: true };
    api.GET.mockResolvedValue(reply(200, [lastHead]));
    api.PATCH.mockResolvedValue(
      reply(409, errorBody('invalid_transition', 'Должен остаться хотя бы один руководитель отдела')),
    );
    await openAs(head, list.$list);
    const unmake = list.spec.actions.find((action) => action.label === 'Снять роль руководителя');
    if (!unmake) throw new Error('no unmake');
    await list.request(unmake, lastHead);
    expect(await list.confirm()).toBe(false);
    expect(api.PATCH).toHaveBeenCalledWith('/api/admin/examiners/{id}', {
      params: { path: { id: 7 } },
      body: { isHead: false },
    });
    expect(list.$refusal.get()).toBe('Должен остаться хотя бы один руководитель отдела');
  });

  it('restoring runs at once', async () => {
    const list = sections.examinersList;
    api.GET.mockResolvedValue(reply(200, [former]));
    api.POST.mockResolvedValue(reply(200, { ...former, active: true }));
    await openAs(head, list.$list);
    const restore = list.spec.actions.find((action) => action.label === 'Восстановить');
    if (!restore) throw new Error('no restore');
    expect(await list.request(restore, former)).toBe(true);
    expect(api.POST).toHaveBeenCalledExactlyOnceWith('/api/admin/examiners/{id}/reactivate', {
      params: { path: { id: 8 } },
    });
    expect(toastTexts()).toContainEqual(['success', 'Эксперт восстановлен']);
  });
});

describe('catalogues', () => {
  it('only the grounds have a legal basis, required', async () => {
    const workTypes = sections.catalogLists['work-types'];
    const grounds = sections.catalogLists['refusal-grounds'];
    workTypes.startAdd();
    expect(workTypes.fieldsShown().map((field) => field.name)).toEqual(['name']);
    grounds.startAdd();
    expect(grounds.fieldsShown().map((field) => field.name)).toEqual(['name', 'legalBasis']);
    grounds.form.setValue('name', 'Несоответствие');
    expect(await grounds.save()).toBe('invalid');
    expect(grounds.$fieldErrors.get()).toEqual({ legalBasis: 'Заполните поле' });
  });

  it('shows the server’s refusal of a name beside it: taken, or holding invisible characters', async () => {
    const workTypes = sections.catalogLists['work-types'];
    api.GET.mockResolvedValue(reply(200, []));
    await openAs(head, workTypes.$list);
    for (const message of [
      'Такой элемент уже есть в справочнике',
      'Наименование не должно содержать управляющих, невидимых символов и знаков направления письма',
    ]) {
      api.POST.mockResolvedValueOnce(reply(400, errorBody('validation_error', message, { field: 'name' })));
      workTypes.startAdd();
      workTypes.form.setValue('name', 'Снос');
      expect(await workTypes.save()).toBe('failed');
      expect(workTypes.$fieldErrors.get()).toEqual({ name: message });
      expect(workTypes.$editor.get()).toEqual({ mode: 'add' });
      workTypes.closeEditor();
    }
  });

  it('adds a work type to its own catalogue', async () => {
    const workTypes = sections.catalogLists['work-types'];
    api.GET.mockResolvedValue(reply(200, []));
    api.POST.mockResolvedValue(reply(201, workType));
    await openAs(head, workTypes.$list);
    expect(api.GET).toHaveBeenCalledWith('/api/admin/catalogs/{kind}', { params: { path: { kind: 'work-types' } } });
    workTypes.startAdd();
    workTypes.form.setValue('name', ' Реконструкция ');
    expect(await workTypes.save()).toBe('saved');
    expect(api.POST).toHaveBeenCalledExactlyOnceWith('/api/admin/catalogs/{kind}', {
      params: { path: { kind: 'work-types' } },
      body: { name: 'Реконструкция' },
    });
    expect(toastTexts()).toContainEqual(['success', 'Запись добавлена']);
  });

  it('retiring asks first and keeps the item apart; restoring runs at once', async () => {
    const workTypes = sections.catalogLists['work-types'];
    const retired = { ...workType, retiredAt: '2026-11-26T10:00:00Z' };
    api.GET.mockResolvedValueOnce(reply(200, [workType])).mockResolvedValue(reply(200, [retired]));
    api.POST.mockResolvedValue(reply(200, retired));
    await openAs(head, workTypes.$list, workTypes.$current, workTypes.$apart);
    const [retire, restore] = workTypes.spec.actions;
    if (!retire || !restore) throw new Error('no actions');
    expect([retire.shown(workType), restore.shown(workType)]).toEqual([true, false]);
    await workTypes.request(retire, workType);
    expect(workTypes.$pending.get()?.action.question?.(workType)).toMatch(/^Вывести «Реконструкция» из употребления\?/);
    await workTypes.confirm();
    expect(api.POST).toHaveBeenCalledExactlyOnceWith('/api/admin/catalogs/{kind}/{itemId}/retire', {
      params: { path: { kind: 'work-types', itemId: 3 } },
    });
    expect(workTypes.$current.get()).toEqual([]);
    expect(workTypes.$apart.get()).toEqual([retired]);

    expect([retire.shown(retired), restore.shown(retired)]).toEqual([false, true]);
    await workTypes.request(restore, retired);
    expect(api.POST).toHaveBeenLastCalledWith('/api/admin/catalogs/{kind}/{itemId}/restore', {
      params: { path: { kind: 'work-types', itemId: 3 } },
    });
  });
});

describe('remark templates', () => {
  const template = {
    id: 11,
    text: 'Укажите цвет фасада по RAL',
    severity: 'advisory',
    workType: { id: 3, name: 'Реконструкция', value: 'reconstruction' },
    createdBy: 'Орлова Елена Викторовна',
    createdAt: '2026-11-20T09:00:00Z',
    retiredAt: null,
  } satisfies RemarkTemplate;

  it('offer the work types to choose, a retired one shown but not offered', async () => {
    api.GET.mockImplementation((path: string) =>
      Promise.resolve(
        path === '/api/admin/catalogs/{kind}'
          ? reply(200, [workType, { ...workType, id: 4, name: 'Снос', retiredAt: '2026-11-01T00:00:00Z' }])
          : reply(200, [template]),
      ),
    );
    const list = sections.templatesList;
    const field = list.spec.fields.find((candidate) => candidate.name === 'workTypeId');
    if (!field?.options) throw new Error('no work types');
    await openAs(head, list.$list, field.options);
    expect(field.options.get()).toEqual([
      { value: '', label: 'Для всех видов работ' },
      { value: '3', label: 'Реконструкция', disabled: false },
      { value: '4', label: 'Снос (выведен из употребления)', disabled: true },
    ]);
  });

  it('send the work type as a number, none as null', async () => {
    const list = sections.templatesList;
    api.GET.mockResolvedValue(reply(200, [template]));
    api.POST.mockResolvedValue(reply(201, template));
    api.PATCH.mockResolvedValue(reply(200, template));
    await openAs(head, list.$list);
    list.startAdd();
    list.form.setValue('text', 'Укажите цвет фасада по RAL');
    expect(await list.save()).toBe('saved');
    expect(api.POST).toHaveBeenCalledWith('/api/admin/remark-templates', {
      body: { text: 'Укажите цвет фасада по RAL', severity: 'required', workTypeId: null },
    });
    list.startEdit(template);
    list.form.setValue('workTypeId', '');
    list.form.setValue('severity', 'required');
    expect(await list.save()).toBe('saved');
    expect(api.PATCH).toHaveBeenCalledExactlyOnceWith('/api/admin/remark-templates/{id}', {
      params: { path: { id: 11 } },
      body: { severity: 'required', workTypeId: null },
    });
  });
});

describe('the production calendar', () => {
  const year2027 = {
    year: 2027,
    preliminary: true,
    source: 'statutory',
    importedAt: null,
    nonWorking: ['2027-01-01'],
    working: [],
    workingDays: 247,
    nonWorkingDays: 118,
  } satisfies CalendarYearInfo;
  const preview = {
    year: 2027,
    before: year2027,
    after: { ...year2027, preliminary: false, source: 'imported' },
    days: [{ date: '2027-05-10', before: 'working', after: 'non_working' }],
    terms: [
      {
        statementId: 4,
        visibleId: 1004,
        objectName: 'Дом',
        status: 'under_review',
        kind: 'review',
        dueDateBefore: '2027-05-10',
        dueDateAfter: '2027-05-11',
      },
    ],
  } satisfies CalendarImportPreview;
  const file = (text: string) => ({ name: 'calendar-2027.txt', text: () => Promise.resolve(text) }) as File;

  it('checks the file, shows what changes, and applies that same file', async () => {
    api.GET.mockResolvedValue(reply(200, { years: [year2027] }));
    api.POST.mockResolvedValueOnce(reply(200, preview)).mockResolvedValueOnce(
      reply(200, { year: preview.after, days: preview.days, terms: preview.terms }),
    );
    await openAs(head, calendar.$calendar, calendar.$importPreview, calendar.$importErrors);
    expect(calendar.$calendar.get()).toEqual({ status: 'ready', years: [year2027] });

    calendar.startImport(2027);
    expect(await calendar.checkImport()).toBe('invalid');
    expect(calendar.$importErrors.get()).toEqual({ text: 'Выберите файл календаря' });
    expect(api.POST).not.toHaveBeenCalled();

    await calendar.chooseFile(file('нерабочие: 2027-05-10'));
    expect(await calendar.checkImport()).toBe('saved');
    expect(api.POST).toHaveBeenCalledWith('/api/admin/calendar/{year}/preview', {
      params: { path: { year: 2027 } },
      body: { text: 'нерабочие: 2027-05-10' },
    });
    expect(calendar.$importPreview.get()).toEqual(preview);

    expect(await calendar.applyImport()).toBe(true);
    expect(api.POST).toHaveBeenLastCalledWith('/api/admin/calendar/{year}', {
      params: { path: { year: 2027 } },
      body: { text: 'нерабочие: 2027-05-10' },
    });
    expect(calendar.$importYear.get()).toBeNull();
    expect(toastTexts()).toContainEqual(['success', 'Календарь на 2027 год загружен']);
    expect(api.GET).toHaveBeenCalledTimes(2);
  });

  it('says every problem of a refused file beside the field; another file forgets the preview', async () => {
    api.GET.mockResolvedValue(reply(200, { years: [year2027] }));
    api.POST.mockResolvedValueOnce(
      reply(
        400,
        errorBody('validation_error', 'строка 1: 2027-05-11 уже указан\nстрока 2: нет даты', { field: 'text' }),
      ),
    );
    await openAs(head, calendar.$calendar, calendar.$importPreview, calendar.$importErrors);
    calendar.startImport(2027);
    await calendar.chooseFile(file('плохой файл'));
    expect(await calendar.checkImport()).toBe('failed');
    expect(calendar.$importErrors.get()).toEqual({ text: 'строка 1: 2027-05-11 уже указан\nстрока 2: нет даты' });
    expect(await calendar.applyImport()).toBe(false);

    await calendar.chooseFile(file('другой файл'));
    expect(calendar.$importErrors.get()).toEqual({});
    expect(calendar.$importPreview.get()).toBeNull();
  });

  it('warns of a year of 0 working days and applies it only once the head confirms it', async () => {
    const empty = {
      ...preview,
      after: { ...preview.after, workingDays: 0, nonWorkingDays: 365 },
    } satisfies CalendarImportPreview;
    api.GET.mockResolvedValue(reply(200, { years: [year2027] }));
    api.POST.mockResolvedValueOnce(reply(200, empty)).mockResolvedValueOnce(
      reply(200, { year: empty.after, days: empty.days, terms: empty.terms }),
    );
    await openAs(head, calendar.$calendar, calendar.$importPreview, calendar.$unusualYear);
    calendar.startImport(2027);
    await calendar.chooseFile(file('нерабочие: 2027-01-01..2027-12-31'));
    expect(await calendar.checkImport()).toBe('saved');
    expect(calendar.$unusualYear.get()).toBe(
      'В 2027 году получается 0 рабочих дней, а обычно их от 200 до 300. Проверьте файл или подтвердите, что так и задумано.',
    );

    // Not confirmed: nothing is sent, the checkbox says why.
    expect(await calendar.applyImport()).toBe(false);
    expect(calendar.$unusualConfirmError.get()).toBe('Подтвердите, что так и задумано, или выберите другой файл');
    expect(api.POST).toHaveBeenCalledTimes(1);

    calendar.confirmUnusualYear(true);
    expect(calendar.$unusualConfirmError.get()).toBeNull();
    expect(await calendar.applyImport()).toBe(true);
    expect(api.POST).toHaveBeenLastCalledWith('/api/admin/calendar/{year}', {
      params: { path: { year: 2027 } },
      body: { text: 'нерабочие: 2027-01-01..2027-12-31', confirmUnusualYear: true },
    });
  });

  it('forgets the confirmation with the preview: another file asks again', async () => {
    const empty = { ...preview, after: { ...preview.after, workingDays: 0 } } satisfies CalendarImportPreview;
    api.GET.mockResolvedValue(reply(200, { years: [year2027] }));
    api.POST.mockResolvedValue(reply(200, empty));
    await openAs(head, calendar.$calendar, calendar.$importPreview, calendar.$unusualYear);
    calendar.startImport(2027);
    await calendar.chooseFile(file('нерабочие: 2027-01-01..2027-12-31'));
    await calendar.checkImport();
    calendar.confirmUnusualYear(true);
    await calendar.chooseFile(file('нерабочие: 2027-01-01..2027-12-30'));
    expect(calendar.$unusualConfirmed.get()).toBe(false);
    expect(calendar.$unusualYear.get()).toBeNull();
    await calendar.checkImport();
    expect(calendar.$unusualYear.get()).not.toBeNull();
    expect(await calendar.applyImport()).toBe(false);
  });
});

describe('the administration log', () => {
  const page = (number: number, total = 120) =>
    ({
      entries: [
        {
          id: 200 - number,
          at: '2026-11-26T10:00:00Z',
          actorId: 5,
          actorName: 'Орлова Елена Викторовна',
          action: 'examiner_created',
          subject: 'Смирнов А. П. (smirnov@agr.example)',
          description: 'Эксперт добавлен',
          details: {},
        },
      ],
      page: number,
      pageSize: 50,
      total,
    }) satisfies AdminLogPage;

  it('loads the newest page for the head and pages within bounds', async () => {
    api.GET.mockImplementation((_: string, options: { params: { query: { page: number } } }) =>
      Promise.resolve(reply(200, page(options.params.query.page))),
    );
    await openAs(head, log.$adminLog);
    expect(api.GET).toHaveBeenCalledExactlyOnceWith('/api/admin/log', { params: { query: { page: 1 } } });
    expect(log.$adminLog.get()).toMatchObject({ status: 'ready', page: 1 });
    await log.showLogPage(3);
    expect(log.$adminLog.get()).toMatchObject({ status: 'ready', page: 3 });
    await log.showLogPage(4);
    expect(log.$adminLog.get().page).toBe(3);
    expect(log.pageCount({ total: 0, pageSize: 50 })).toBe(1);
    await flush();
  });
});

describe('the sections', () => {
  it.each([
    ['', 'examiners'],
    ['#catalogs', 'catalogs'],
    ['#templates', 'templates'],
    ['#calendar', 'calendar'],
    ['#other', 'examiners'],
  ])('%j opens %s', (hash, section) => {
    expect(access.sectionOf(hash)).toBe(section);
  });
});
