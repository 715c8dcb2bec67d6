// Remarks pinned to the drawings (docs/product.md «Remarks»): the rules end to end through the API, on the real app and
// database (SQLite here, PostgreSQL in the stage that sets TEST_DATABASE_URL), with real PDFs.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REMARKS_PER_STATEMENT_MAX } from '../../domain/remarks.ts';
import { createCompanyWithOwner } from '../../server/src/companies/companies.service.ts';
import { insertDraft, listRemarkEvents } from '../../server/src/remarks/remarks.repository.ts';
import { demoUsers } from '../../tools/demo.ts';
import { drawingPdf } from '../../tools/drawing-pdf.ts';
import { certificatePrefile, login, startTestPortal, type TestPortal, uploadPrefile, userByEmail } from './helpers.ts';

const OWNER_B = 'owner@remarks-b.example';
const employee = demoUsers.employee.email;
const owner = demoUsers.owner.email;
const examiner = demoUsers.examiner1.email;
const examiner2 = demoUsers.examiner2.email;

let portal: TestPortal;
const tokens: Record<string, string> = {};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(as: string, method: Method, url: string, payload?: object) {
  return portal.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[as]}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function uploaded(as: string, name: string, bytes: Buffer | string): Promise<number> {
  const response = await uploadPrefile(portal, tokens[as] as string, name, bytes);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

const facades = drawingPdf({ pages: 2, label: 'Facades' });

/** A statement of company A with a two-page PDF and a note, taken into work by examiner 1. */
async function underReview(objectName: string) {
  const created = await call(employee, 'POST', '/api/statements', {
    cipher: '',
    objectName,
    address: 'ул. Садовая, 5',
    comment: null,
    prefileIds: [await uploaded(employee, 'Фасады.pdf', facades), await uploaded(employee, 'Записка.docx', 'PK docx')],
  });
  expect(created.statusCode, created.body).toBe(201);
  const statement = created.json();
  const taken = await call(examiner, 'POST', '/api/instance/StartWorkOnStatement', { id: statement.id });
  expect(taken.statusCode, taken.body).toBe(200);
  const [pdf, docx] = statement.stages[0].files as { id: number }[];
  return { id: statement.id as number, visibleId: statement.visibleId as number, pdf: pdf?.id, docx: docx?.id };
}

const addRemark = (id: number, body: object) => call(examiner, 'POST', `/api/instance/statements/${id}/remarks`, body);
const rework = (id: number, comment = 'Исправьте замечания') =>
  call(examiner, 'POST', `/api/instance/${id}/stages`, {
    status: 'has_comments',
    isInstance: true,
    comment,
    prefileIds: [],
  });
const newVersion = async (id: number, answers: object[]) =>
  call(employee, 'POST', `/api/statements/${id}/stages`, {
    status: 'under_review',
    comment: 'Новая версия',
    prefileIds: [await uploaded(employee, 'Фасады.pdf', drawingPdf({ pages: 2, label: 'Facades', revisedPages: [2] }))],
    answers,
  });

beforeAll(async () => {
  portal = await startTestPortal();
  await createCompanyWithOwner(portal.ctx, { email: OWNER_B, legalEntity: 'ООО «Б»', fio: 'Борисов Борис' });
  for (const email of [employee, owner, examiner, examiner2, OWNER_B]) {
    tokens[email] = (await login(portal, email)).accessToken;
  }
}, 60_000);
afterAll(async () => {
  await portal.close();
});

describe('a rework carrying remarks, answered and resolved over two rounds', () => {
  it('numbers the drafts on publication, asks an answer for every required one, and settles them', async () => {
    const s = await underReview('Библиотека');
    // Two pinned (a spot on page 2, a rectangle on page 1) and one without a pin.
    const spot = await addRemark(s.id, {
      text: 'Отметка карниза не совпадает с разрезом',
      severity: 'required',
      pin: { fileId: s.pdf, page: 2, x: 0.42, y: 0.31, width: null, height: null },
    });
    expect(spot.statusCode, spot.body).toBe(201);
    expect(spot.json()).toMatchObject({ number: null, status: 'draft', fileName: 'Фасады.pdf', round: null });
    const area = await addRemark(s.id, {
      text: 'Покажите узел примыкания кровли',
      severity: 'required',
      pin: { fileId: s.pdf, page: 1, x: 0.1, y: 0.2, width: 0.3, height: 0.25 },
    });
    expect(area.statusCode, area.body).toBe(201);
    const advice = await addRemark(s.id, {
      text: 'Рекомендуем светлый тон штукатурки',
      severity: 'advisory',
      pin: null,
    });
    expect(advice.statusCode, advice.body).toBe(201);

    // Drafts are their examiner's alone: the other examiner and the company see none.
    expect((await call(examiner2, 'GET', `/api/instance/statements/${s.id}/remarks`)).json()).toEqual([]);
    expect((await call(employee, 'GET', `/api/statements/${s.id}/remarks`)).json()).toEqual([]);
    // The details carry the same remarks as the remarks endpoints, per reader (one call opens a statement).
    expect((await call(examiner, 'GET', `/api/instance/statements/${s.id}`)).json().remarks).toHaveLength(3);
    expect((await call(examiner2, 'GET', `/api/instance/statements/${s.id}`)).json().remarks).toEqual([]);
    expect((await call(employee, 'GET', `/api/statements/${s.id}`)).json().remarks).toEqual([]);
    // A draft may be edited and deleted; the deleted one never gets a number.
    const scrap = await addRemark(s.id, { text: 'Лишнее', severity: 'advisory', pin: null });
    expect((await call(examiner, 'DELETE', `/api/instance/remarks/${scrap.json().id}`)).statusCode).toBe(204);
    const edited = await call(examiner, 'PUT', `/api/instance/remarks/${spot.json().id}`, {
      text: 'Отметка карниза на фасаде 2 не совпадает с разрезом 1-1',
      severity: 'required',
      pin: { fileId: s.pdf, page: 2, x: 0.42, y: 0.31, width: null, height: null },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    // The rework publishes them in the order written, numbered 1, 2, 3, and says so to the company.
    expect((await rework(s.id)).statusCode).toBe(201);
    const published = (await call(employee, 'GET', `/api/statements/${s.id}/remarks`)).json();
    expect((await call(employee, 'GET', `/api/statements/${s.id}`)).json().remarks).toEqual(published);
    expect(published.map((r: { number: number; status: string }) => [r.number, r.status])).toEqual([
      [1, 'open'],
      [2, 'open'],
      [3, 'open'],
    ]);
    expect(published[0]).toMatchObject({
      text: 'Отметка карниза на фасаде 2 не совпадает с разрезом 1-1',
      pin: { fileId: s.pdf, page: 2, x: 0.42, y: 0.31, width: null, height: null },
      round: 2,
      author: demoUsers.examiner1.fio,
    });
    expect(published[1].pin).toEqual({ fileId: s.pdf, page: 1, x: 0.1, y: 0.2, width: 0.3, height: 0.25 });
    const notices = (await call(employee, 'GET', '/api/notifications')).json() as { message: string }[];
    expect(notices.map((n) => n.message)).toContain(
      `Заявление № ${s.visibleId} «Библиотека» возвращено на доработку: 3 замечания`,
    );
    // The mail says it too (it leaves once the reply committed).
    await vi.waitFor(() =>
      expect(portal.mailbox.messagesTo(employee).map((mail) => mail.subject)).toContain(
        `Заявление № ${s.visibleId} «Библиотека» возвращено на доработку: 3 замечания`,
      ),
    );
    const listed = (await call(employee, 'GET', '/api/statements')).json() as {
      id: number;
      openRequiredRemarks?: number;
    }[];
    expect(listed.find((item) => item.id === s.id)?.openRequiredRemarks).toBe(2);
    const [r1, r2, r3] = published as { id: number }[];

    // Published remarks are the applicant's now: never edited, deleted or resolved before an answer.
    const body = { text: 'x', severity: 'required', pin: null };
    expect((await call(examiner, 'PUT', `/api/instance/remarks/${r1?.id}`, body)).statusCode).toBe(409);

    // A version without the answer to a required remark is refused, naming it, and nothing is stored.
    const stagesBefore = (await call(employee, 'GET', `/api/statements/${s.id}`)).json().stages.length;
    const missing = await newVersion(s.id, [{ remarkId: r1?.id, text: 'Отметки согласованы' }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: 'validation_error',
      field: 'answers',
      message: 'Ответьте на замечание № 2',
    });
    const still = (await call(employee, 'GET', `/api/statements/${s.id}`)).json();
    expect(still.status).toBe('has_comments');
    expect(still.stages.length).toBe(stagesBefore);

    const answered = await newVersion(s.id, [
      { remarkId: r1?.id, text: 'Отметки согласованы, лист 2 заменён' },
      { remarkId: r2?.id, text: 'Узел добавлен на лист 1' },
    ]);
    expect(answered.statusCode, answered.body).toBe(201);
    const afterAnswers = (await call(examiner, 'GET', `/api/instance/statements/${s.id}/remarks`)).json();
    expect(afterAnswers.map((r: { status: string }) => r.status)).toEqual(['answered', 'answered', 'open']);
    expect(afterAnswers[0].answer).toMatchObject({ text: 'Отметки согласованы, лист 2 заменён', round: 3 });

    // The advisory one was not answered: it cannot be resolved; 'Не снято' needs a note.
    const early = await call(examiner, 'POST', `/api/instance/remarks/${r3?.id}/resolution`, {
      resolved: true,
      note: null,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('remark_not_answered');
    const noNote = await call(examiner, 'POST', `/api/instance/remarks/${r2?.id}/resolution`, {
      resolved: false,
      note: ' ',
    });
    expect(noNote.json()).toMatchObject({ error: 'validation_error', field: 'note' });
    expect(
      (await call(examiner, 'POST', `/api/instance/remarks/${r1?.id}/resolution`, { resolved: true, note: null }))
        .statusCode,
    ).toBe(200);
    const kept = await call(examiner, 'POST', `/api/instance/remarks/${r2?.id}/resolution`, {
      resolved: false,
      note: 'Узел показан без утеплителя',
    });
    expect(kept.json()).toMatchObject({
      status: 'reopened',
      resolution: { resolved: false, note: 'Узел показан без утеплителя' },
    });
    const twice = await call(examiner, 'POST', `/api/instance/remarks/${r1?.id}/resolution`, {
      resolved: false,
      note: 'Нет',
    });
    expect(twice.json().error).toBe('remark_closed');

    // Round two: the reopened one goes back with the next rework and must be answered again.
    expect((await rework(s.id, 'Осталось одно замечание')).statusCode).toBe(201);
    expect((await newVersion(s.id, [])).json()).toMatchObject({
      field: 'answers',
      message: 'Ответьте на замечание № 2',
    });
    expect((await newVersion(s.id, [{ remarkId: r2?.id, text: 'Утеплитель показан' }])).statusCode).toBe(201);
    expect(
      (await call(examiner, 'POST', `/api/instance/remarks/${r2?.id}/resolution`, { resolved: true, note: null }))
        .statusCode,
    ).toBe(200);

    // Approval closes the advisory one with the decision; after it, nothing changes.
    const approved = await call(examiner, 'POST', `/api/instance/${s.id}/stages`, {
      status: 'approved',
      isInstance: true,
      comment: null,
      prefileIds: [await certificatePrefile(portal, await userByEmail(portal, examiner), s.id)],
    });
    expect(approved.statusCode, approved.body).toBe(201);
    const final = (await call(employee, 'GET', `/api/statements/${s.id}/remarks`)).json();
    expect(final.map((r: { status: string }) => r.status)).toEqual(['resolved', 'resolved', 'resolved']);
    expect(final[2].resolution).toMatchObject({ resolved: true, byDecision: true });
    expect((await addRemark(s.id, { text: 'Поздно', severity: 'required', pin: null })).statusCode).toBe(409);
    const late = await call(examiner, 'POST', `/api/instance/remarks/${r3?.id}/resolution`, {
      resolved: true,
      note: null,
    });
    expect(late.statusCode).toBe(409);
    const items = (await call(examiner, 'GET', '/api/instance/all/statements')).json() as {
      id: number;
      openRequiredRemarks?: number;
    }[];
    expect(items.find((item) => item.id === s.id)).not.toHaveProperty('openRequiredRemarks');
  });
});

describe('clear refusals, nothing stored', () => {
  let s: Awaited<ReturnType<typeof underReview>>;
  beforeAll(async () => {
    s = await underReview('Школа искусств');
  });

  const pinned = (pin: object, more: object = {}) => ({ text: 'Замечание', severity: 'required', pin, ...more });

  it.each([
    ['a page the document does not have', { page: 3, x: 0.5, y: 0.5 }, 'pin.page', 'В документе 2 страницы'],
    ['a rectangle past the right edge', { page: 1, x: 0.8, y: 0.5, width: 0.3, height: 0.1 }, 'pin.width', null],
    ['a rectangle past the bottom edge', { page: 1, x: 0.1, y: 0.9, width: 0.1, height: 0.2 }, 'pin.height', null],
    [
      'a document that cannot be shown (docx)',
      'docx',
      'pin.fileId',
      'Закрепить замечание можно только на PDF или изображении',
    ],
  ])('refuses %s with 400 naming the field', async (_name, pin, field, message) => {
    const body =
      pin === 'docx'
        ? pinned({ fileId: s.docx, page: 1, x: 0.5, y: 0.5 })
        : pinned({ fileId: s.pdf, width: null, height: null, ...(pin as object) });
    const response = await addRemark(s.id, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().field).toBe(field);
    if (message) expect(response.json().message).toBe(message);
  });

  it('refuses coordinates outside 0…1, a file of another statement, blank or over-long text', async () => {
    const other = await underReview('Дом культуры');
    const cases: [object, number][] = [
      [pinned({ fileId: s.pdf, page: 1, x: 1.2, y: 0.5 }), 400],
      [pinned({ fileId: s.pdf, page: 1, x: 0.5, y: -0.1 }), 400],
      [pinned({ fileId: other.pdf, page: 1, x: 0.5, y: 0.5 }), 400],
      [{ text: '   ', severity: 'required', pin: null }, 400],
      [{ text: 'я'.repeat(4001), severity: 'required', pin: null }, 400],
      [{ text: 'Замечание', severity: 'critical', pin: null }, 400],
    ];
    for (const [body, status] of cases) {
      const response = await addRemark(s.id, body);
      expect(response.statusCode, `${JSON.stringify(body).slice(0, 80)}: ${response.body}`).toBe(status);
      expect(response.json().error).toBe('validation_error');
    }
    const blank = await addRemark(s.id, { text: '   ', severity: 'required', pin: null });
    expect(blank.json()).toMatchObject({ field: 'text', message: 'Введите текст замечания' });
    const foreign = await addRemark(s.id, pinned({ fileId: other.pdf, page: 1, x: 0.5, y: 0.5 }));
    expect(foreign.json()).toMatchObject({ field: 'pin.fileId', message: 'Такого документа в заявлении нет' });
    expect((await call(examiner, 'GET', `/api/instance/statements/${s.id}/remarks`)).json()).toEqual([]);
  });

  it('refuses a pin on a PDF that does not open (broken or encrypted), offering a remark without a place', async () => {
    const created = await call(employee, 'POST', '/api/statements', {
      cipher: '',
      objectName: 'Обсерватория',
      prefileIds: [
        await uploaded(employee, 'Повреждённый.pdf', '%PDF-1.4\nnot a pdf at all\n%%EOF\n'),
        await uploaded(employee, 'Защищённый.pdf', drawingPdf({ pages: 1, label: 'Locked', password: 'секрет' })),
      ],
    });
    const statement = created.json();
    await call(examiner, 'POST', '/api/instance/StartWorkOnStatement', { id: statement.id });
    for (const file of statement.stages[0].files as { id: number }[]) {
      const response = await addRemark(statement.id, pinned({ fileId: file.id, page: 1, x: 0.5, y: 0.5 }));
      expect(response.json()).toMatchObject({
        field: 'pin.fileId',
        message: 'Документ не открывается: добавьте замечание без места на листе',
      });
    }
  });

  it('refuses an answer to a remark of another statement, or two answers to one', async () => {
    const a = await underReview('Музей');
    const b = await underReview('Театр');
    const ra = (await addRemark(a.id, { text: 'Уточните', severity: 'required', pin: null })).json();
    const rb = (await addRemark(b.id, { text: 'Уточните', severity: 'required', pin: null })).json();
    await rework(a.id);
    await rework(b.id);
    const foreign = await newVersion(a.id, [
      { remarkId: ra.id, text: 'Готово' },
      { remarkId: rb.id, text: 'Чужое' },
    ]);
    expect(foreign.json()).toMatchObject({ error: 'validation_error', field: 'answers' });
    const double = await newVersion(a.id, [
      { remarkId: ra.id, text: 'Готово' },
      { remarkId: ra.id, text: 'Ещё раз' },
    ]);
    expect(double.json()).toMatchObject({ field: 'answers', message: 'На замечание № 1 дано два ответа' });
    const untouched = (await call(examiner, 'GET', `/api/instance/statements/${b.id}/remarks`)).json();
    expect(untouched[0]).toMatchObject({ status: 'open', answer: null });
  });

  it('shows another company none of it: the list is 404 exactly as for a missing statement', async () => {
    const foreign = await call(OWNER_B, 'GET', `/api/statements/${s.id}/remarks`);
    const missing = await call(OWNER_B, 'GET', '/api/statements/999999/remarks');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
  });
});

describe('a remark text counted once (the second attack)', () => {
  it('takes 4000 emoji, as the contract counts them, and refuses 4001 naming the field', async () => {
    const s = await underReview('Оранжерея');
    const taken = await addRemark(s.id, { text: '😀'.repeat(4000), severity: 'advisory', pin: null });
    expect(taken.statusCode, taken.body).toBe(201);
    const refused = await addRemark(s.id, { text: '😀'.repeat(4001), severity: 'advisory', pin: null });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe('text');
  });
});

describe('how many remarks a statement holds (the second attack)', () => {
  it('takes 1000 remarks, drafts and published together, and refuses the next with 409', async () => {
    const s = await underReview('Планетарий');
    const author = await userByEmail(portal, examiner);
    const at = new Date().toISOString();
    // 999 drafts straight into the database (what 999 calls would leave), then the last ones through the API.
    for (let i = 0; i < REMARKS_PER_STATEMENT_MAX - 1; i += 1) {
      await insertDraft(portal.db, {
        text: `Замечание ${i}`,
        severity: 'advisory',
        pin: null,
        statementId: s.id,
        author,
        at,
      });
    }
    expect((await addRemark(s.id, { text: 'Тысячное', severity: 'required', pin: null })).statusCode).toBe(201);
    const refused = await addRemark(s.id, { text: 'Лишнее', severity: 'required', pin: null });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'too_many_remarks',
      message: 'В заявлении уже 1000 замечаний: больше добавить нельзя',
    });
    // Published, they can all be answered in one new version.
    expect((await rework(s.id)).statusCode).toBe(201);
    const published = (await call(employee, 'GET', `/api/statements/${s.id}/remarks`)).json() as { id: number }[];
    expect(published).toHaveLength(REMARKS_PER_STATEMENT_MAX);
  }, 120_000);

  it('reads the history of any number of remarks, in batches under each database’s limit on bound values', async () => {
    // 70,000 ids: past SQLite's 32,766 and PostgreSQL's 65,535 bound values in one query.
    const ids = Array.from({ length: 70_000 }, (_, index) => 10_000_000 + index);
    expect((await listRemarkEvents(portal.db, ids)).size).toBe(0);
  });
});

describe('races', () => {
  it('two resolutions at once: exactly one is taken, the other is told the remark is closed', async () => {
    const s = await underReview('Стадион');
    const r = (await addRemark(s.id, { text: 'Трибуны', severity: 'required', pin: null })).json();
    await rework(s.id);
    expect((await newVersion(s.id, [{ remarkId: r.id, text: 'Исправлено' }])).statusCode).toBe(201);
    const answers = await Promise.all([
      call(examiner, 'POST', `/api/instance/remarks/${r.id}/resolution`, { resolved: true, note: null }),
      call(examiner, 'POST', `/api/instance/remarks/${r.id}/resolution`, { resolved: false, note: 'Не исправлено' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const events = await portal.db.selectFrom('remark_events').select('kind').where('remark_id', '=', r.id).execute();
    expect(events.filter((e) => e.kind === 'resolved' || e.kind === 'reopened')).toHaveLength(1);
  });

  it('a draft edited while the rework publishes it: either the edit lands before and is published, or it is refused', async () => {
    const s = await underReview('Бассейн');
    const r = (await addRemark(s.id, { text: 'Первая редакция', severity: 'required', pin: null })).json();
    const [edit, sent] = await Promise.all([
      call(examiner, 'PUT', `/api/instance/remarks/${r.id}`, {
        text: 'Вторая редакция',
        severity: 'required',
        pin: null,
      }),
      rework(s.id),
    ]);
    expect(sent.statusCode).toBe(201);
    const published = (await call(employee, 'GET', `/api/statements/${s.id}/remarks`)).json();
    expect(published).toHaveLength(1);
    expect(published[0].number).toBe(1);
    if (edit.statusCode === 200) expect(published[0].text).toBe('Вторая редакция');
    else {
      expect(edit.statusCode).toBe(409);
      expect(published[0].text).toBe('Первая редакция');
    }
  });

  it('a new version and an attempt to delete the statement at once: the version and its answers stand', async () => {
    const s = await underReview('Каток');
    const r = (await addRemark(s.id, { text: 'Борта', severity: 'required', pin: null })).json();
    await rework(s.id);
    const [version, removal] = await Promise.all([
      newVersion(s.id, [{ remarkId: r.id, text: 'Борта показаны' }]),
      call(owner, 'DELETE', `/api/statements/${s.id}`),
    ]);
    expect(version.statusCode).toBe(201);
    expect(removal.statusCode).toBe(409);
    const remarks = (await call(employee, 'GET', `/api/statements/${s.id}/remarks`)).json();
    expect(remarks[0]).toMatchObject({ status: 'answered', answer: { text: 'Борта показаны' } });
  });
});

describe('fuzzed remark bodies', () => {
  it('answer 400 (or 201 for a valid one), never 500', async () => {
    const s = await underReview('Фонтан');
    let seed = 20261125;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const values = [null, true, 0, -1, 1.5, 2 ** 53, 'я', '', [], {}, { fileId: s.pdf }, 'required', 'advisory', 0.5];
    const pick = () => values[Math.floor(random() * values.length)];
    for (let i = 0; i < 150; i += 1) {
      const body: Record<string, unknown> = {};
      for (const key of ['text', 'severity', 'pin', 'extra']) if (random() < 0.7) body[key] = pick();
      if (random() < 0.5) {
        body.pin = {
          fileId: random() < 0.5 ? s.pdf : pick(),
          page: pick(),
          x: pick(),
          y: pick(),
          width: pick(),
          height: pick(),
        };
      }
      const response = await addRemark(s.id, body);
      expect([201, 400], `${JSON.stringify(body)}: ${response.body}`).toContain(response.statusCode);
    }
  });
});
