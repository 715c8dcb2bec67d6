import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanyWithOwner } from '../../server/src/companies/companies.service.ts';
import { MAX_FILE_BYTES, removeStalePrefiles } from '../../server/src/prefiles/prefiles.service.ts';
import type { UserRow } from '../../server/src/users/user.ts';
import { takeIntoWork } from '../../server/src/workflow/intake.ts';
import { replyToStatement } from '../../server/src/workflow/review.ts';
import { demoUsers } from '../../tools/demo.ts';
import { login, startTestPortal, type TestPortal, uploadPrefile, userByEmail } from './helpers.ts';

let portal: TestPortal;
const tokens: Record<string, string> = {};
let examiner1: UserRow;

const OWNER_B = 'owner@company-b.example';

beforeAll(async () => {
  portal = await startTestPortal();
  await createCompanyWithOwner(portal.ctx, { email: OWNER_B, legalEntity: 'ООО «Б»', fio: 'Борисов Борис' });
  for (const email of [demoUsers.owner.email, demoUsers.employee.email, demoUsers.examiner1.email, OWNER_B]) {
    tokens[email] = (await login(portal, email)).accessToken;
  }
  examiner1 = await userByEmail(portal, demoUsers.examiner1.email);
}, 60_000);
afterAll(async () => {
  await portal.close();
});

type Method = 'GET' | 'POST' | 'DELETE';
function call(as: string, method: Method, url: string, payload?: object) {
  return portal.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[as]}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

const upload = (as: string, name: string, bytes: Buffer | string = `%PDF-1.4 ${name}`) =>
  uploadPrefile(portal, tokens[as] as string, name, bytes);

async function uploaded(as: string, name: string, bytes?: Buffer | string): Promise<number> {
  const response = await upload(as, name, bytes);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

const storedFiles = () => readdirSync(portal.config.filesDir).length;
const owner = demoUsers.owner.email;
const employee = demoUsers.employee.email;

async function create(as: string, objectName: string, prefileIds: number[]) {
  const response = await call(as, 'POST', '/api/statements', {
    cipher: '',
    objectName,
    address: 'ул. Тестовая, 1',
    comment: 'Просим согласовать',
    prefileIds,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('prefiles', () => {
  it('keeps the original name, size and SHA-256 of an upload under an opaque key', async () => {
    const bytes = Buffer.from('%PDF-1.4 альбом');
    const response = await upload(owner, 'Альбом АГР.pdf', bytes);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      name: 'Альбом АГР.pdf',
      contentType: 'application/pdf',
      size: bytes.length,
    });
    const row = await portal.db
      .selectFrom('prefiles')
      .selectAll()
      .where('id', '=', response.json().id)
      .executeTakeFirst();
    expect(row?.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(row?.storage_key).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('refuses blocked extensions however they are disguised, keeping nothing', async () => {
    const before = storedFiles();
    for (const name of ['EVIL.EXE', 'a.pdf.exe', 'a.exe.', 'a.exe . ', 'script.Ps1', 'a.exe\u0000.pdf']) {
      const response = await upload(owner, name);
      expect(response.statusCode, name).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'blocked_extension',
        message: expect.stringMatching(/^Недопустимый тип файла: \.\w+$/),
      });
    }
    expect(storedFiles()).toBe(before);
  });

  it('takes a file of exactly 100 MB and refuses one byte more with 413, keeping nothing', async () => {
    const exact = await upload(employee, 'ровно.pdf', Buffer.alloc(MAX_FILE_BYTES, 1));
    expect(exact.statusCode).toBe(201);
    expect(exact.json().size).toBe(MAX_FILE_BYTES);
    const before = storedFiles();
    const rows = (await portal.db.selectFrom('prefiles').select('id').execute()).length;
    const over = await upload(employee, 'большой.pdf', Buffer.alloc(MAX_FILE_BYTES + 1, 1));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ error: 'file_too_large', message: 'Файл «большой.pdf» больше 100 МБ' });
    expect(storedFiles()).toBe(before);
    expect((await portal.db.selectFrom('prefiles').select('id').execute()).length).toBe(rows);
  }, 60_000);

  it('lets only its uploader delete an unattached prefile', async () => {
    const id = await uploaded(owner, 'черновик.pdf');
    expect((await call(employee, 'DELETE', `/api/prefiles/${id}`)).statusCode).toBe(404);
    const before = storedFiles();
    expect((await call(owner, 'DELETE', `/api/prefiles/${id}`)).statusCode).toBe(204);
    expect(storedFiles()).toBe(before - 1);
  });

  it('removes prefiles left unattached for 24 hours with their bytes, and only those', async () => {
    const stale = await uploaded(owner, 'забытый.pdf');
    const kept = await uploaded(owner, 'приложенный.pdf');
    await create(owner, 'Склад', [kept]);
    portal.clock.advance(24 * 60 * 60 * 1000 + 1000);
    const before = storedFiles();
    expect(await removeStalePrefiles(portal.ctx)).toBeGreaterThanOrEqual(1);
    const ids = (await portal.db.selectFrom('prefiles').select('id').execute()).map((row) => row.id);
    expect(ids).not.toContain(stale);
    expect(ids).toContain(kept);
    expect(storedFiles()).toBeLessThan(before);
  });
});

describe('statements of a company', () => {
  it('creates a statement with its documents, numbered by the server, and tells every examiner', async () => {
    const files = [await uploaded(owner, 'Альбом АГР.pdf'), await uploaded(owner, 'plan.pdf')];
    const statement = await create(owner, '  Библиотека  ', files);
    expect(statement).toMatchObject({
      visibleId: expect.any(Number),
      status: 'sent',
      title: 'Библиотека',
      cipher: null,
      address: 'ул. Тестовая, 1',
      examiner: null,
      companyName: 'ООО «СтройПроект»',
      companyDirector: 'Иванов Иван Иванович',
    });
    expect(statement.stages).toHaveLength(1);
    expect(statement.stages[0]).toMatchObject({
      n: 1,
      applicant: demoUsers.owner.fio,
      comment: 'Просим согласовать',
      isGovernmentAgency: false,
      files: [{ fileName: 'Альбом АГР.pdf' }, { fileName: 'plan.pdf' }],
    });
    const notifications = (await call(demoUsers.examiner1.email, 'GET', '/api/notifications')).json();
    expect(notifications[0]).toMatchObject({
      message: `Новое заявление № ${statement.visibleId} «Библиотека»`,
      route: `/instance/statement/info/${statement.id}`,
    });
    const subject = `Новое заявление № ${statement.visibleId} «Библиотека»`;
    const mailed = () => portal.mailbox.messagesTo(demoUsers.examiner2.email).find((mail) => mail.subject === subject);
    await expect.poll(mailed).toBeDefined();
    expect(mailed()?.text).toContain(`Открыть заявление: /instance/statement/info/${statement.id}`);
    expect(portal.mailbox.messagesTo(demoUsers.employee.email).some((mail) => mail.subject === subject)).toBe(false);
  });

  it('keeps the land plot’s cadastral number, and refuses a malformed one naming the field, storing nothing', async () => {
    const body = (cadastralNumber: string | null, prefileId: number) => ({
      cipher: null,
      objectName: 'Сквер',
      address: null,
      cadastralNumber,
      comment: null,
      prefileIds: [prefileId],
    });
    const listed = async () => (await call(owner, 'GET', '/api/statements')).json().length;
    const before = await listed();
    for (const malformed of ['77:01:12345:1', '77-01-0001001-1', '77:01:0001001:']) {
      const refused = await call(owner, 'POST', '/api/statements', body(malformed, await uploaded(owner, 'Сквер.pdf')));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        error: 'validation_error',
        message: 'Некорректный кадастровый номер',
        field: 'cadastralNumber',
      });
    }
    expect(await listed()).toBe(before);

    const created = await call(
      owner,
      'POST',
      '/api/statements',
      body(' 77:01:0001001:1234 ', await uploaded(owner, 'Сквер.pdf')),
    );
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    expect(created.json().cadastralNumber).toBe('77:01:0001001:1234');
    const asExaminer = await call(demoUsers.examiner1.email, 'GET', `/api/instance/statements/${id}`);
    expect(asExaminer.json().cadastralNumber).toBe('77:01:0001001:1234');
    const items = (await call(demoUsers.examiner1.email, 'GET', '/api/instance/all/statements')).json();
    expect(items.find((item: { id: number }) => item.id === id)?.cadastralNumber).toBe('77:01:0001001:1234');
    const without = await call(owner, 'POST', '/api/statements', body('  ', await uploaded(owner, 'Сквер.pdf')));
    expect(without.json().cadastralNumber).toBeNull();
  });

  it('keeps each company’s statements, files and actions to itself: another company gets 404', async () => {
    const fileId = await uploaded(owner, 'секретный.pdf', 'секрет');
    const statement = await create(owner, 'Закрытый объект', [fileId]);
    const key = statement.stages[0].files[0].url;
    const listB = (await call(OWNER_B, 'GET', '/api/statements')).json();
    expect(listB).toEqual([]);
    expect((await call(OWNER_B, 'GET', `/api/statements/${statement.id}`)).statusCode).toBe(404);
    expect((await call(OWNER_B, 'GET', `/api/files?path=${key}`)).statusCode).toBe(404);
    expect((await call(OWNER_B, 'GET', `/files/${key}`)).statusCode).toBe(404);
    expect((await call(OWNER_B, 'DELETE', `/api/statements/${statement.id}`)).statusCode).toBe(404);
    const versionB = await call(OWNER_B, 'POST', `/api/statements/${statement.id}/stages`, {
      prefileIds: [await uploaded(OWNER_B, 'b.pdf')],
      status: 'under_review',
    });
    expect(versionB.statusCode).toBe(404);
    const listA = (await call(employee, 'GET', '/api/statements')).json();
    expect(listA.map((item: { id: number }) => item.id)).toContain(statement.id);
    expect(listA.every((item: { companyName: string }) => item.companyName === 'ООО «СтройПроект»')).toBe(true);
    expect(listA.some((item: object) => 'stages' in item || 'examiner' in item)).toBe(false);
  });

  it('downloads a file with its bytes and name, as an attachment never cached', async () => {
    const bytes = Buffer.from('%PDF-1.4 чертёж фасада');
    const statement = await create(owner, 'Музей', [await uploaded(owner, 'Фасад "главный".pdf', bytes)]);
    const key = statement.stages[0].files[0].url;
    for (const [who, url] of [
      [employee, `/api/files?path=${key}`],
      [demoUsers.examiner1.email, `/files/${key}`],
    ] as const) {
      const response = await call(who, 'GET', url);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(bytes)).toBe(true);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="_____ _________.pdf"; filename*=UTF-8''${encodeURIComponent('Фасад "главный".pdf')}`,
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('private, no-store');
    }
    for (const bad of [
      '../portal.sqlite',
      '%2e%2e%2fportal.sqlite',
      '..%5cportal.sqlite',
      `${key}%00`,
      '/etc/passwd',
      'abc',
    ]) {
      const response = await call(owner, 'GET', `/api/files?path=${bad}`);
      expect(response.statusCode, bad).toBe(404);
      expect(response.json().error).toBe('not_found');
    }
  });

  it('deletes a sent statement by its applicant or the owner only, and its files with it', async () => {
    const statement = await create(owner, 'Киоск', [await uploaded(owner, 'киоск.pdf')]);
    const key = statement.stages[0].files[0].url;
    const refused = await call(employee, 'DELETE', `/api/statements/${statement.id}`);
    expect(refused.statusCode).toBe(403);
    expect((await call(owner, 'DELETE', `/api/statements/${statement.id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `/api/statements/${statement.id}`)).statusCode).toBe(404);
    expect(await portal.ctx.files.exists(key)).toBe(false);

    const own = await create(employee, 'Павильон', [await uploaded(employee, 'павильон.pdf')]);
    await takeIntoWork(portal.ctx, examiner1, own.id);
    const late = await call(employee, 'DELETE', `/api/statements/${own.id}`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('not_deletable');
  });

  it('takes a new version only in has_comments, with a file, as the next round; each side is told', async () => {
    const statement = await create(employee, 'Сквер', [await uploaded(employee, 'сквер.pdf')]);
    const early = await call(owner, 'POST', `/api/statements/${statement.id}/stages`, {
      prefileIds: [await uploaded(owner, 'рано.pdf')],
      status: 'under_review',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/[а-я]/);

    await takeIntoWork(portal.ctx, examiner1, statement.id);
    await replyToStatement(portal.ctx, examiner1, statement.id, {
      status: 'has_comments',
      comment: 'Добавьте развёртку фасадов',
      prefileIds: [],
    });
    const version = await call(owner, 'POST', `/api/statements/${statement.id}/stages`, {
      prefileIds: [await uploaded(owner, 'сквер v2.pdf')],
      comment: 'Исправлено',
      isInstance: false,
      status: 'under_review',
    });
    expect(version.statusCode, version.body).toBe(201);
    const body = version.json();
    expect(body.status).toBe('under_review');
    expect(body.examiner).toMatchObject({ fio: examiner1.fio, governmentAgency: expect.any(String) });
    expect(body.stages.map((stage: { n: number; status: string }) => [stage.n, stage.status])).toEqual([
      [1, 'sent'],
      [2, 'has_comments'],
      [3, 'under_review'],
    ]);
    const again = await call(owner, 'POST', `/api/statements/${statement.id}/stages`, {
      prefileIds: [await uploaded(owner, 'ещё.pdf')],
      status: 'under_review',
    });
    expect(again.statusCode).toBe(409);

    const companyNews = (await call(employee, 'GET', '/api/notifications'))
      .json()
      .map((n: { message: string }) => n.message);
    expect(companyNews).toContain(`Заявление № ${statement.visibleId} «Сквер» взято в работу`);
    expect(companyNews).toContain(`Заявление № ${statement.visibleId} «Сквер» возвращено на доработку`);
    const examinerNews = (await call(demoUsers.examiner1.email, 'GET', '/api/notifications')).json();
    expect(examinerNews[0]).toMatchObject({
      message: `По заявлению № ${statement.visibleId} «Сквер» загружена новая версия`,
      route: `/instance/statement/info/${statement.id}`,
    });
  });
});
