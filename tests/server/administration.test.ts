import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminCalendar,
  AdminCatalogItem,
  AdminExaminer,
  AdminExaminerDeactivation,
  AdminLogPage,
  CalendarImportPreview,
  CalendarImportResult,
  CatalogItem,
  RefusalGround,
  RemarkTemplate,
  Statement,
  TeamWorkload,
} from '#domain/contract.ts';
import { signAccessToken } from '../../server/src/auth/tokens.ts';
import { storePrefile } from '../../server/src/prefiles/prefiles.service.ts';
import { submitStatement } from '../../server/src/statements/statements.service.ts';
import type { UserRow } from '../../server/src/users/user.ts';
import { findUserByEmail, findUserById } from '../../server/src/users/users.repository.ts';
import { takeIntoWork } from '../../server/src/workflow/intake.ts';
import type { Child } from '../../tools/child.ts';
import { demoUsers } from '../../tools/demo.ts';
import { logInByCode } from '../../tools/login.ts';
import {
  adminCli,
  certificatePrefile,
  login,
  refreshLogin,
  startSecondApiProcess,
  startTestPortal,
  type TestPortal,
} from './helpers.ts';

// The committee's administration (docs/product.md «Administration»): examiners, catalogues, remark templates, the
// production calendar and the administration log, through the API as a head uses them, and the admin CLI through the
// same services.

let portal: TestPortal;
type Who = 'head' | 'examiner1' | 'examiner2' | 'owner';
const users = {} as Record<Who, UserRow>;
const tokens = {} as Record<Who, string>;

beforeAll(async () => {
  portal = await startTestPortal();
  for (const who of ['head', 'examiner1', 'examiner2', 'owner'] as const) {
    const row = await findUserByEmail(portal.db, demoUsers[who].email);
    if (!row) throw new Error(`no ${who}`);
    users[who] = row;
    tokens[who] = await signAccessToken(portal.config.jwtSecret, row.id);
  }
}, 60_000);
afterAll(async () => {
  await portal?.close();
});

function call(token: string | null, method: string, url: string, body?: unknown) {
  return portal.app.inject({
    method: method as 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** A call that must succeed (200 or 201): its JSON. */
async function ok<T>(token: string, method: string, url: string, body?: unknown): Promise<T> {
  const response = await call(token, method, url, body);
  if (response.statusCode !== 200 && response.statusCode !== 201) {
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  }
  return response.json<T>();
}

/** A call that must fail with `status`: its error body. */
async function refused(token: string, method: string, url: string, status: number, body?: unknown) {
  const response = await call(token, method, url, body);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.json<{ error: string; message: string; field?: string }>();
}

const head = () => tokens.head;

async function upload(owner: UserRow, name = 'Альбом.pdf') {
  return (
    await storePrefile(portal.ctx, owner.id, { fileName: name, contentType: 'application/pdf', source: '%PDF-1.4' })
  ).id;
}

/** A statement of the demo company, with a category and a work type, taken into work by `examiner` when given. */
async function statement(
  examiner: UserRow | null,
  extra: { categoryObjectId?: number; catalogWorkTypeId?: number } = {},
) {
  const { id } = await submitStatement(portal.ctx, users.owner, {
    objectName: `Объект администрирования ${Math.random().toString(36).slice(2, 8)}`,
    prefileIds: [await upload(users.owner)],
    ...extra,
  });
  if (examiner) await takeIntoWork(portal.ctx, examiner, id);
  return id;
}

const logPage = (page = 1) => ok<AdminLogPage>(head(), 'GET', `/api/admin/log?page=${page}`);
const admin = (...args: string[]) => adminCli(portal, ...args);

describe('heads only', () => {
  it('refuses other examiners and company users with 403, and anonymous callers with 401', async () => {
    for (const url of ['/api/admin/examiners', '/api/admin/catalogs/work-types', '/api/admin/log']) {
      const examiner = await refused(tokens.examiner1, 'GET', url, 403);
      expect(examiner.message).toBe('Раздел доступен только руководителю отдела');
      await refused(tokens.owner, 'GET', url, 403);
      expect((await call(null, 'GET', url)).statusCode).toBe(401);
    }
    const body = { email: 'sneaky@committee.example', fio: 'Самозванец' };
    await refused(tokens.examiner2, 'POST', '/api/admin/examiners', 403, body);
    expect(await findUserByEmail(portal.db, body.email)).toBeUndefined();
  });
});

describe('examiners', () => {
  it('adds an examiner who can log in at once, and refuses a taken or malformed e-mail and a blank name', async () => {
    const added = await ok<AdminExaminer>(head(), 'POST', '/api/admin/examiners', {
      email: ' Novikov@Committee.Example ',
      fio: 'Новиков Олег Павлович',
      phone: '+7 (495) 765-43-30',
      position: 'Главный специалист',
    });
    expect(added).toMatchObject({
      email: 'novikov@committee.example',
      fio: 'Новиков Олег Павлович',
      position: 'Главный специалист',
      isHead: false,
      active: true,
      deactivatedAt: null,
    });
    const { accessToken } = await login(portal, 'novikov@committee.example');
    const me = await ok<{ id: number; role: string }>(accessToken, 'GET', '/api/users/me');
    expect(me).toMatchObject({ id: added.id, role: 'examiner' });

    const taken = await refused(head(), 'POST', '/api/admin/examiners', 409, {
      email: demoUsers.owner.email,
      fio: 'Двойник',
    });
    expect(taken).toMatchObject({ error: 'email_taken', field: 'email' });
    expect(taken.message).toContain('уже используется');
    expect(
      await refused(head(), 'POST', '/api/admin/examiners', 400, { email: 'без-собаки', fio: 'Кто-то' }),
    ).toMatchObject({ field: 'email' });
    expect(
      await refused(head(), 'POST', '/api/admin/examiners', 400, { email: 'blank@committee.example', fio: '  ' }),
    ).toMatchObject({ field: 'fio', message: 'Укажите ФИО' });

    const listed = await ok<AdminExaminer[]>(head(), 'GET', '/api/admin/examiners');
    expect(listed.find((row) => row.id === added.id)).toEqual(added);
    expect(listed.find((row) => row.id === users.head.id)).toMatchObject({ isHead: true, active: true });
  });

  it('edits an examiner, makes and unmakes a head, and never takes the flag from the last head', async () => {
    const added = await ok<AdminExaminer>(head(), 'POST', '/api/admin/examiners', {
      email: 'deputy@committee.example',
      fio: 'Заместитель',
    });
    const edited = await ok<AdminExaminer>(head(), 'PATCH', `/api/admin/examiners/${added.id}`, {
      fio: 'Зайцева Инна Львовна',
      phone: '',
      position: 'Заместитель руководителя',
      isHead: true,
    });
    expect(edited).toMatchObject({ fio: 'Зайцева Инна Львовна', phone: null, isHead: true });
    // Two heads now: either may be unmade, but not both.
    await ok(head(), 'PATCH', `/api/admin/examiners/${added.id}`, { isHead: false });
    const last = await refused(head(), 'PATCH', `/api/admin/examiners/${users.head.id}`, 409, { isHead: false });
    expect(last.message).toContain('должен остаться хотя бы один руководитель');
    expect((await findUserById(portal.db, users.head.id))?.is_head).toBeTruthy();
    expect(await refused(head(), 'PATCH', `/api/admin/examiners/${added.id}`, 400, { fio: ' ' })).toMatchObject({
      field: 'fio',
    });
    await refused(head(), 'PATCH', '/api/admin/examiners/999999', 404, { fio: 'Никто' });
    // A company user's id is no examiner's.
    await refused(head(), 'PATCH', `/api/admin/examiners/${users.owner.id}`, 404, { fio: 'Никто' });
  });

  it('deactivates: sessions revoked, history kept, statements in work handed to the head’s queue for reassignment', async () => {
    const added = await ok<AdminExaminer>(head(), 'POST', '/api/admin/examiners', {
      email: 'leaving@committee.example',
      fio: 'Уходящий Эксперт',
    });
    const leaving = (await findUserById(portal.db, added.id)) as UserRow;
    const session = await login(portal, 'leaving@committee.example');
    const inReview = await statement(leaving);
    const awaiting = await statement(leaving);
    await ok(session.accessToken, 'POST', `/api/instance/${awaiting}/stages`, {
      status: 'has_comments',
      isInstance: true,
      comment: 'Доработать фасады',
      prefileIds: [],
    });
    const decided = await statement(leaving);
    await ok(session.accessToken, 'POST', `/api/instance/${decided}/stages`, {
      status: 'approved',
      isInstance: true,
      comment: 'Согласовано',
      prefileIds: [await certificatePrefile(portal, leaving, decided)],
    });

    const result = await ok<AdminExaminerDeactivation>(head(), 'POST', `/api/admin/examiners/${added.id}/deactivate`);
    expect(result.handedOver).toBe(2);
    expect(result.examiner).toMatchObject({ active: false, isHead: false });
    expect(result.examiner.deactivatedAt).not.toBeNull();

    // Their access token stops at once, their refresh token is revoked, a new login gets no code.
    expect((await call(session.accessToken, 'GET', '/api/users/me')).statusCode).toBe(401);
    expect((await refreshLogin(portal, session.refreshToken)).statusCode).toBe(401);

    const detail = (id: number) => ok<Statement>(head(), 'GET', `/api/instance/statements/${id}`);
    expect(await detail(inReview)).toMatchObject({ status: 'under_review', examinerId: null });
    expect(await detail(awaiting)).toMatchObject({ status: 'has_comments', examinerId: null });
    // Each release is written in the history by whoever deactivated, naming the examiner; the status stays.
    for (const [id, status] of [
      [inReview, 'under_review'],
      [awaiting, 'has_comments'],
    ] as const) {
      const last = (await detail(id)).history.at(-1);
      expect(last).toMatchObject({ status, actor: users.head.fio, byCommittee: true });
      expect(last?.release).toEqual({ examiner: 'Уходящий Эксперт' });
      const company = await ok<Statement>(tokens.owner, 'GET', `/api/statements/${id}`);
      expect(company.history.at(-1)?.release).toEqual({ examiner: 'Уходящий Эксперт' });
    }
    // A decided statement keeps the examiner who decided it, and every history entry keeps their name.
    const kept = await detail(decided);
    expect(kept).toMatchObject({ status: 'approved', examinerId: added.id });
    expect(JSON.stringify(kept.history)).toContain('Уходящий Эксперт');

    const team = await ok<TeamWorkload>(head(), 'GET', '/api/instance/team');
    const queued = team.unassigned.map((item) => item.id);
    expect(queued).toEqual(expect.arrayContaining([inReview, awaiting]));
    expect(queued).not.toContain(decided);
    expect(team.examiners.map((row) => row.examinerId)).not.toContain(added.id);

    // The head hands each to an active examiner; both leave the queue.
    for (const id of [inReview, awaiting]) {
      const assigned = await ok<Statement>(head(), 'POST', `/api/instance/statements/${id}/assign`, {
        examinerId: users.examiner2.id,
        comment: 'Эксперт деактивирован',
      });
      expect(assigned.examinerId).toBe(users.examiner2.id);
    }
    const after = await ok<TeamWorkload>(head(), 'GET', '/api/instance/team');
    expect(after.unassigned.map((item) => item.id)).not.toContain(inReview);
    expect(after.unassigned.map((item) => item.id)).not.toContain(awaiting);

    await refused(head(), 'POST', `/api/admin/examiners/${added.id}/deactivate`, 409);
    await refused(head(), 'PATCH', `/api/admin/examiners/${added.id}`, 409, { isHead: true });

    // Reactivated, they log in again as an examiner, not as head.
    const back = await ok<AdminExaminer>(head(), 'POST', `/api/admin/examiners/${added.id}/reactivate`);
    expect(back).toMatchObject({ active: true, deactivatedAt: null, isHead: false });
    portal.clock.advance(61_000); // a login code is sent at most once a minute
    const again = await login(portal, 'leaving@committee.example');
    expect((await call(again.accessToken, 'GET', '/api/users/me')).statusCode).toBe(200);
    await refused(head(), 'POST', `/api/admin/examiners/${added.id}/reactivate`, 409);
  });

  it('never deactivates the last head, by another head or by themself', async () => {
    const self = await refused(head(), 'POST', `/api/admin/examiners/${users.head.id}/deactivate`, 409);
    expect(self.message).toContain('единственный руководитель');
    // With a second head, the first may go; then the second is the last one.
    const second = await ok<AdminExaminer>(head(), 'POST', '/api/admin/examiners', {
      email: 'second-head@committee.example',
      fio: 'Второй Руководитель',
      isHead: true,
    });
    const secondToken = await signAccessToken(portal.config.jwtSecret, second.id);
    const firstGone = await ok<AdminExaminerDeactivation>(
      secondToken,
      'POST',
      `/api/admin/examiners/${users.head.id}/deactivate`,
    );
    expect(firstGone.examiner.active).toBe(false);
    await refused(secondToken, 'POST', `/api/admin/examiners/${second.id}/deactivate`, 409);
    // Back as before: the demo head returns and is made head again.
    await ok(secondToken, 'POST', `/api/admin/examiners/${users.head.id}/reactivate`);
    await ok(secondToken, 'PATCH', `/api/admin/examiners/${users.head.id}`, { isHead: true });
    await ok(head(), 'POST', `/api/admin/examiners/${second.id}/deactivate`);
  });
});

describe('catalogues', () => {
  it('lists each catalogue with its retired items and usage; the grounds with their legal basis', async () => {
    for (const kind of ['object-categories', 'work-types', 'intake-grounds', 'refusal-grounds'] as const) {
      const items = await ok<AdminCatalogItem[]>(head(), 'GET', `/api/admin/catalogs/${kind}`);
      expect(items.length, kind).toBeGreaterThan(0);
      for (const item of items) {
        expect(item.legalBasis === null, kind).toBe(kind === 'object-categories' || kind === 'work-types');
      }
    }
    await refused(head(), 'GET', '/api/admin/catalogs/castles', 400);
  });

  it('adds, renames, retires and restores: offered at once, refused for new statements and refusals, kept by old ones', async () => {
    const category = await ok<AdminCatalogItem>(head(), 'POST', '/api/admin/catalogs/object-categories', {
      name: 'Объект культурного наследия',
    });
    expect(category).toMatchObject({
      name: 'Объект культурного наследия',
      legalBasis: null,
      retiredAt: null,
      usage: 0,
    });
    expect(await ok<CatalogItem[]>(tokens.owner, 'GET', '/api/catalogObjectTypes')).toContainEqual({
      id: category.id,
      name: category.name,
      value: category.value,
    });
    const old = await statement(null, { categoryObjectId: category.id });
    const renamed = await ok<AdminCatalogItem>(
      head(),
      'PATCH',
      `/api/admin/catalogs/object-categories/${category.id}`,
      { name: 'Объект культурного наследия (памятник)' },
    );
    expect(renamed).toMatchObject({ name: 'Объект культурного наследия (памятник)', usage: 1 });

    const retired = await ok<AdminCatalogItem>(
      head(),
      'POST',
      `/api/admin/catalogs/object-categories/${category.id}/retire`,
    );
    expect(retired.retiredAt).not.toBeNull();
    const offered = await ok<CatalogItem[]>(tokens.owner, 'GET', '/api/catalogObjectTypes');
    expect(offered.map((item) => item.id)).not.toContain(category.id);
    const prefile = await upload(users.owner);
    const newOne = await refused(tokens.owner, 'POST', '/api/statements', 400, {
      objectName: 'Новый объект',
      prefileIds: [prefile],
      categoryObjectId: category.id,
    });
    expect(newOne.message).toBe('Такой категории объекта нет в справочнике');
    // The old statement still shows it, as both sides see it.
    expect(await ok<Statement>(tokens.owner, 'GET', `/api/statements/${old}`)).toMatchObject({
      categoryObjectId: category.id,
      categoryName: 'Объект культурного наследия (памятник)',
    });
    expect(
      (await ok<AdminCatalogItem[]>(head(), 'GET', '/api/admin/catalogs/object-categories')).find(
        (item) => item.id === category.id,
      ),
    ).toMatchObject({ usage: 1 });
    await refused(head(), 'POST', `/api/admin/catalogs/object-categories/${category.id}/retire`, 409);

    const restored = await ok<AdminCatalogItem>(
      head(),
      'POST',
      `/api/admin/catalogs/object-categories/${category.id}/restore`,
    );
    expect(restored.retiredAt).toBeNull();
    expect((await ok<CatalogItem[]>(tokens.owner, 'GET', '/api/catalogObjectTypes')).map((i) => i.id)).toContain(
      category.id,
    );
    await refused(head(), 'POST', `/api/admin/catalogs/object-categories/${category.id}/restore`, 409);
    // An id of another catalogue is no item of this one.
    await refused(head(), 'POST', `/api/admin/catalogs/work-types/${category.id + 100_000}/retire`, 404);
  });

  it('checks names and legal bases', async () => {
    const categories = await ok<AdminCatalogItem[]>(head(), 'GET', '/api/admin/catalogs/object-categories');
    const first = categories[0] as AdminCatalogItem;
    expect(
      await refused(head(), 'POST', '/api/admin/catalogs/object-categories', 400, {
        name: `  ${first.name.toUpperCase()} `,
      }),
    ).toMatchObject({ field: 'name', message: 'Такой элемент уже есть в справочнике' });
    expect(await refused(head(), 'POST', '/api/admin/catalogs/work-types', 400, { name: ' ' })).toMatchObject({
      field: 'name',
      message: 'Укажите наименование',
    });
    // Controls, bidi overrides and a name of zero-width spaces alone: nothing a reader could see or tell apart.
    // Isolates and the characters a font draws as nothing or a blank (Hangul filler, braille blank) too.
    for (const name of [
      'Снос\u0007',
      'Снос\u001b[31m',
      '\u202eсонС',
      '\u200b\u200b',
      'Сн\u200dос',
      '\u2066Снос\u2069',
      '\u3164',
      '\u2800\u2800',
    ]) {
      expect(
        await refused(head(), 'POST', '/api/admin/catalogs/work-types', 400, { name }),
        JSON.stringify(name),
      ).toMatchObject({
        field: 'name',
        message: 'Наименование не должно содержать управляющих, невидимых символов и знаков направления письма',
      });
    }
    expect(
      await refused(head(), 'POST', '/api/admin/catalogs/work-types', 400, { name: 'Снос', legalBasis: 'Закон' }),
    ).toMatchObject({ field: 'legalBasis' });
    expect(
      await refused(head(), 'POST', '/api/admin/catalogs/intake-grounds', 400, { name: 'Нет доверенности' }),
    ).toMatchObject({ field: 'legalBasis', message: 'Укажите правовое основание' });
  });

  it('names are unique in their catalogue, retired items included, spaces collapsed, case and ё/е aside', async () => {
    const item = await ok<AdminCatalogItem>(head(), 'POST', '/api/admin/catalogs/work-types', {
      name: 'Устройство  ёмкостей',
    });
    expect(item.name).toBe('Устройство  ёмкостей');
    const taken = { field: 'name', message: 'Такой элемент уже есть в справочнике' };
    expect(
      await refused(head(), 'POST', '/api/admin/catalogs/work-types', 400, { name: ' устройство емкостей ' }),
    ).toMatchObject(taken);
    // Another catalogue may hold the same name.
    await ok(head(), 'POST', '/api/admin/catalogs/object-categories', { name: 'Устройство ёмкостей' });
    // A rename onto another item's name is refused; onto its own name (case changed) it is not.
    const other = await ok<AdminCatalogItem>(head(), 'POST', '/api/admin/catalogs/work-types', { name: 'Навес' });
    expect(
      await refused(head(), 'PATCH', `/api/admin/catalogs/work-types/${other.id}`, 400, {
        name: 'УСТРОЙСТВО ЁМКОСТЕЙ',
      }),
    ).toMatchObject(taken);
    await ok(head(), 'PATCH', `/api/admin/catalogs/work-types/${other.id}`, { name: 'навес' });
    // A retired item keeps its name: it is restored, not added a second time.
    await ok(head(), 'POST', `/api/admin/catalogs/work-types/${item.id}/retire`);
    expect(
      await refused(head(), 'POST', '/api/admin/catalogs/work-types', 400, { name: 'Устройство ёмкостей' }),
    ).toMatchObject({
      field: 'name',
      message: 'Такой элемент уже есть в справочнике среди выведенных из употребления: восстановите его',
    });
  });

  it('retired grounds leave the pickers and are refused in a refusal to accept and in a rejection', async () => {
    const intake = await ok<AdminCatalogItem>(head(), 'POST', '/api/admin/catalogs/intake-grounds', {
      name: 'Не представлена доверенность представителя',
      legalBasis: 'Административный регламент, пункт 2.10',
    });
    const decision = await ok<AdminCatalogItem>(head(), 'POST', '/api/admin/catalogs/refusal-grounds', {
      name: 'Облик не соответствует дизайн-коду города',
      legalBasis: 'Решение городской Думы о дизайн-коде',
    });
    const pickers = async () => ({
      intake: await ok<RefusalGround[]>(tokens.examiner1, 'GET', '/api/catalogs/intake-refusal-grounds'),
      decision: await ok<RefusalGround[]>(tokens.examiner1, 'GET', '/api/catalogs/refusal-grounds'),
    });
    expect((await pickers()).intake.map((g) => g.id)).toContain(intake.id);
    expect((await pickers()).decision.map((g) => g.id)).toContain(decision.id);
    await ok(head(), 'POST', `/api/admin/catalogs/intake-grounds/${intake.id}/retire`);
    await ok(head(), 'POST', `/api/admin/catalogs/refusal-grounds/${decision.id}/retire`);
    expect((await pickers()).intake.map((g) => g.id)).not.toContain(intake.id);
    expect((await pickers()).decision.map((g) => g.id)).not.toContain(decision.id);

    const sent = await statement(null);
    expect(
      await refused(tokens.examiner1, 'POST', `/api/instance/statements/${sent}/refuse-acceptance`, 400, {
        groundIds: [intake.id],
        comment: null,
      }),
    ).toMatchObject({ field: 'groundIds' });
    const inReview = await statement(users.examiner1);
    expect(
      await refused(tokens.examiner1, 'POST', `/api/instance/${inReview}/stages`, 400, {
        status: 'rejected',
        isInstance: true,
        comment: 'Отказ',
        prefileIds: [],
        refusalGroundIds: [decision.id],
      }),
    ).toMatchObject({ field: 'refusalGroundIds' });
    expect((await ok<Statement>(head(), 'GET', `/api/instance/statements/${inReview}`)).status).toBe('under_review');
  });
});

describe('remark templates', () => {
  it('heads keep templates; examiners find them by work type and words, and save their own remark as one', async () => {
    const workTypes = await ok<CatalogItem[]>(tokens.examiner1, 'GET', '/api/catalogWorkType');
    const [facade, other] = workTypes.filter((item) => item.value === 'facade_change' || item.value === 'overhaul');
    if (!facade || !other) throw new Error('no work types');
    const general = await ok<RemarkTemplate>(head(), 'POST', '/api/admin/remark-templates', {
      text: 'Приложите ведомость отделочных материалов с указанием цветов по RAL',
      severity: 'required',
    });
    expect(general).toMatchObject({ workType: null, createdBy: demoUsers.head.fio, retiredAt: null });
    const own = await ok<RemarkTemplate>(head(), 'POST', '/api/admin/remark-templates', {
      text: 'Покажите на развёртке ФАСАДА размещение кондиционеров',
      severity: 'advisory',
      workTypeId: facade.id,
    });
    expect(own.workType).toEqual(facade);
    const elsewhere = await ok<RemarkTemplate>(head(), 'POST', '/api/admin/remark-templates', {
      text: 'Уточните состав работ по капитальному ремонту кровли',
      severity: 'advisory',
      workTypeId: other.id,
    });

    const find = (query: string) =>
      ok<RemarkTemplate[]>(tokens.examiner2, 'GET', `/api/instance/remark-templates?${query}`);
    const forFacade = (await find(`workTypeId=${facade.id}`)).map((t) => t.id);
    // The work type's own templates first, then the general ones.
    expect(forFacade).toContain(general.id);
    expect(forFacade.indexOf(own.id)).toBeLessThan(forFacade.indexOf(general.id));
    expect(forFacade).not.toContain(elsewhere.id);
    // Case-insensitive, ё as е, in Cyrillic.
    expect((await find(`query=${encodeURIComponent('развертке фасада')}`)).map((t) => t.id)).toEqual([own.id]);
    expect((await find('')).map((t) => t.id)).toEqual(expect.arrayContaining([general.id, own.id, elsewhere.id]));

    const edited = await ok<RemarkTemplate>(head(), 'PATCH', `/api/admin/remark-templates/${own.id}`, {
      severity: 'required',
      workTypeId: null,
    });
    expect(edited).toMatchObject({ severity: 'required', workType: null });
    await ok(head(), 'POST', `/api/admin/remark-templates/${elsewhere.id}/retire`);
    expect((await find('')).map((t) => t.id)).not.toContain(elsewhere.id);
    expect((await ok<RemarkTemplate[]>(head(), 'GET', '/api/admin/remark-templates')).map((t) => t.id)).toContain(
      elsewhere.id,
    );
    await refused(head(), 'POST', `/api/admin/remark-templates/${elsewhere.id}/retire`, 409);
    await ok(head(), 'POST', `/api/admin/remark-templates/${elsewhere.id}/restore`);

    // Same text rules as a remark.
    expect(
      await refused(head(), 'POST', '/api/admin/remark-templates', 400, { text: '  ', severity: 'advisory' }),
    ).toMatchObject({ field: 'text', message: 'Введите текст замечания' });
    expect(
      await refused(head(), 'POST', '/api/admin/remark-templates', 400, {
        text: 'ё'.repeat(4001),
        severity: 'advisory',
      }),
    ).toMatchObject({ field: 'text' });
    expect(
      await refused(head(), 'POST', '/api/admin/remark-templates', 400, {
        text: 'Текст',
        severity: 'advisory',
        workTypeId: 999_999,
      }),
    ).toMatchObject({ field: 'workTypeId' });
    await refused(head(), 'PATCH', '/api/admin/remark-templates/999999', 404, { text: 'Текст' });

    // An examiner saves their own remark as a template; a company user cannot even read them.
    const saved = await ok<RemarkTemplate>(tokens.examiner1, 'POST', '/api/instance/remark-templates', {
      text: '  Не указана отметка уровня земли на разрезах  ',
      severity: 'required',
      workTypeId: facade.id,
    });
    expect(saved).toMatchObject({
      text: 'Не указана отметка уровня земли на разрезах',
      createdBy: demoUsers.examiner1.fio,
    });
    await refused(tokens.owner, 'GET', '/api/instance/remark-templates', 403);
    await refused(tokens.owner, 'POST', '/api/instance/remark-templates', 403, { text: 'Я', severity: 'advisory' });
    const log = await logPage();
    expect(log.entries[0]).toMatchObject({
      action: 'remark_template_created',
      actorId: users.examiner1.id,
      actorName: demoUsers.examiner1.fio,
      description: 'Эксперт сохранил своё замечание как шаблон',
    });
  });
});

/** 2027 as a decree would set it: January 11 off, which moves a term received on 24 December 2026 by one day. */
const CALENDAR_2027 = [
  '# Производственный календарь на 2027 год',
  'нерабочие: 2027-01-01..2027-01-08, 2027-01-11',
  'нерабочие: 2027-02-22, 2027-02-23, 2027-03-08, 2027-05-03, 2027-05-10, 2027-06-14, 2027-11-04',
  'рабочие: 2027-11-06',
  '',
].join('\n');

describe('the production calendar', () => {
  it('shows each year, previews what an official file changes, and applies it as the CLI does', async () => {
    portal.clock.now = Date.parse('2026-12-24T10:00:00+03:00');
    const before = await ok<AdminCalendar>(head(), 'GET', '/api/admin/calendar');
    const y2026 = before.years.find((year) => year.year === 2026);
    const y2027 = before.years.find((year) => year.year === 2027);
    expect(y2026).toMatchObject({ preliminary: false, source: 'shipped' });
    expect(y2026?.nonWorking).toContain('2026-12-31');
    expect(y2027).toMatchObject({ preliminary: true, source: 'statutory', importedAt: null });

    const running = await statement(null);
    const dueNow = (await ok<Statement>(tokens.owner, 'GET', `/api/statements/${running}`)).reviewDeadline;
    expect(dueNow).toMatchObject({ dueDate: '2027-01-18', provisional: true });

    const preview = await ok<CalendarImportPreview>(head(), 'POST', '/api/admin/calendar/2027/preview', {
      text: CALENDAR_2027,
    });
    expect(preview.days).toEqual(
      expect.arrayContaining([
        { date: '2027-01-11', before: 'working', after: 'non_working' },
        { date: '2027-11-06', before: 'non_working', after: 'working' },
        { date: '2027-02-22', before: 'working', after: 'non_working' },
      ]),
    );
    expect(preview.terms).toContainEqual(
      expect.objectContaining({
        statementId: running,
        kind: 'review',
        dueDateBefore: '2027-01-18',
        dueDateAfter: '2027-01-19',
      }),
    );
    expect(preview.after).toMatchObject({ preliminary: false, workingDays: 248 });
    // A preview changes nothing.
    expect((await ok<Statement>(tokens.owner, 'GET', `/api/statements/${running}`)).reviewDeadline?.dueDate).toBe(
      '2027-01-18',
    );

    const bad = await refused(head(), 'POST', '/api/admin/calendar/2027', 400, {
      text: 'нерабочие: 2027-01-01..2027-01-08\nрабочие: 2027-03-10\n',
    });
    expect(bad.field).toBe('text');
    expect(bad.message).toContain('Файл календаря не принят');
    expect(bad.message).toContain('строка 2: 2027-03-10 (среда) — будний день и так рабочий');

    const applied = await ok<CalendarImportResult>(head(), 'POST', '/api/admin/calendar/2027', { text: CALENDAR_2027 });
    expect(applied.year).toMatchObject({ year: 2027, preliminary: false, source: 'imported', workingDays: 248 });
    expect(applied.terms.map((term) => term.statementId)).toContain(running);
    expect((await ok<Statement>(tokens.owner, 'GET', `/api/statements/${running}`)).reviewDeadline).toMatchObject({
      dueDate: '2027-01-19',
      provisional: false,
    });
    const after = await ok<AdminCalendar>(head(), 'GET', '/api/admin/calendar');
    expect(after.years.find((year) => year.year === 2027)).toMatchObject({ preliminary: false, source: 'imported' });
    expect((await logPage()).entries[0]).toMatchObject({
      action: 'calendar_imported',
      subject: 'Производственный календарь 2027 года',
      actorName: demoUsers.head.fio,
    });
    portal.clock.now = Date.now();
  });

  it('refuses a year of 0 working days unless the head confirms it, and the CLI unless --confirm-unusual-year', async () => {
    // The attack's file: every day of 2099 off. Loaded, it moved every running term into the next year.
    const allOff = 'нерабочие: 2099-01-01..2099-12-31\n';
    const warning =
      'В 2099 году получается 0 рабочих дней, а обычно их от 200 до 300. Проверьте файл или подтвердите, что так и задумано.';
    portal.clock.now = Date.parse('2098-12-24T10:00:00+03:00');
    try {
      const running = await statement(null);
      const due = async () =>
        (await ok<Statement>(tokens.owner, 'GET', `/api/statements/${running}`)).reviewDeadline?.dueDate;
      const dueBefore = await due();
      expect(dueBefore?.startsWith('2099-01')).toBe(true);
      const year2099 = async () =>
        (await ok<AdminCalendar>(head(), 'GET', '/api/admin/calendar')).years.find((year) => year.year === 2099);

      // The preview shows the count the warning is about; it changes nothing.
      const preview = await ok<CalendarImportPreview>(head(), 'POST', '/api/admin/calendar/2099/preview', {
        text: allOff,
      });
      expect(preview.after.workingDays).toBe(0);

      for (const body of [{ text: allOff }, { text: allOff, confirmUnusualYear: false }]) {
        const refusal = await refused(head(), 'POST', '/api/admin/calendar/2099', 400, body);
        expect(refusal).toMatchObject({ error: 'validation_error', field: 'confirmUnusualYear', message: warning });
      }
      const dir = mkdtempSync(join(tmpdir(), 'calendar-'));
      try {
        const file = join(dir, '2099.txt');
        writeFileSync(file, allOff);
        const cli = admin('calendar-import', '--year', '2099', '--file', file);
        expect(cli.status).toBe(1);
        expect(cli.stderr).toContain(warning);
        expect(cli.stderr).toContain('--confirm-unusual-year');
        expect(await year2099()).toMatchObject({ source: 'statutory', preliminary: true });
        expect(await due()).toBe(dueBefore);

        const confirmed = admin('calendar-import', '--year', '2099', '--file', file, '--confirm-unusual-year');
        expect(confirmed, confirmed.stderr).toMatchObject({ status: 0 });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      expect(await year2099()).toMatchObject({ source: 'imported', workingDays: 0 });
      expect((await logPage()).entries[0]).toMatchObject({
        action: 'calendar_imported',
        actorName: 'консоль',
        description: expect.stringContaining('подтверждено необычное число рабочих дней в году — 0'),
      });
      // Confirmed through the API as well.
      const applied = await ok<CalendarImportResult>(head(), 'POST', '/api/admin/calendar/2099', {
        text: allOff,
        confirmUnusualYear: true,
      });
      expect(applied.year.workingDays).toBe(0);
    } finally {
      portal.clock.now = Date.now();
    }
  });
});

describe('the administration log', () => {
  it('records who changed what and when, newest first, with a Russian description', async () => {
    portal.clock.now = Date.parse('2026-11-27T09:30:00Z');
    const added = await ok<AdminExaminer>(head(), 'POST', '/api/admin/examiners', {
      email: 'logged@committee.example',
      fio: 'Журналов Пётр',
    });
    portal.clock.now = Date.parse('2026-11-27T09:31:00Z');
    await ok(head(), 'PATCH', `/api/admin/examiners/${added.id}`, { phone: '+7 900 000-00-00', isHead: true });
    const page = await logPage();
    expect(page).toMatchObject({ page: 1, pageSize: 50 });
    expect(page.total).toBeGreaterThanOrEqual(2);
    const [updated, created] = page.entries;
    expect(updated).toMatchObject({
      at: '2026-11-27T09:31:00.000Z',
      actorId: users.head.id,
      actorName: demoUsers.head.fio,
      action: 'examiner_updated',
      subject: 'Журналов Пётр (logged@committee.example)',
      description: 'Изменено: телефон; назначен руководителем отдела',
    });
    expect(created).toMatchObject({
      at: '2026-11-27T09:30:00.000Z',
      action: 'examiner_created',
      description: 'Добавлен эксперт',
    });
    await ok(head(), 'PATCH', `/api/admin/examiners/${added.id}`, { isHead: false });
    portal.clock.now = Date.now();
    const empty = await logPage(1000);
    expect(empty.entries).toEqual([]);
    await refused(head(), 'GET', '/api/admin/log?page=0', 400);
  });
});

describe('the admin CLI', () => {
  it('shares the services: its changes follow the same rules and are logged with the console as the actor', async () => {
    const created = admin(
      'create-examiner',
      '--email',
      'console@committee.example',
      '--fio',
      'Консольный Эксперт',
      '--position',
      'Ведущий специалист',
    );
    expect(created).toMatchObject({ status: 0 });
    const row = (await ok<AdminExaminer[]>(head(), 'GET', '/api/admin/examiners')).find(
      (examiner) => examiner.email === 'console@committee.example',
    );
    expect(row).toMatchObject({ fio: 'Консольный Эксперт', position: 'Ведущий специалист', active: true });
    expect((await logPage()).entries[0]).toMatchObject({
      action: 'examiner_created',
      actorId: null,
      actorName: 'консоль',
      subject: 'Консольный Эксперт (console@committee.example)',
    });
    expect(admin('set-head', '--email', 'console@committee.example', '--on')).toMatchObject({ status: 0 });
    expect((await logPage()).entries[0]).toMatchObject({ action: 'examiner_updated', actorName: 'консоль' });
    expect(admin('set-head', '--email', 'console@committee.example', '--off')).toMatchObject({ status: 0 });
    expect(admin('create-examiner', '--email', 'console@committee.example', '--fio', 'Ещё раз').stderr).toContain(
      'уже используется',
    );
  });
});

describe('a second API process on the same database', () => {
  let child: Child | undefined;
  let url = '';
  beforeAll(async () => {
    ({ child, url } = await startSecondApiProcess(portal));
  }, 90_000);
  afterAll(async () => {
    await child?.stop({ graceMs: Infinity });
  });

  const fromSecond = async <T>(token: string, route: string): Promise<T> => {
    const response = await fetch(`${url}${route}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status, route).toBe(200);
    return (await response.json()) as T;
  };

  it('sees a new examiner and a new or retired work type at once, without a restart', async () => {
    // Both processes answered before the change: nothing either keeps may hide it.
    expect((await fromSecond<CatalogItem[]>(tokens.owner, '/api/catalogWorkType')).length).toBeGreaterThan(0);
    const added = await ok<AdminExaminer>(head(), 'POST', '/api/admin/examiners', {
      email: 'second-process@committee.example',
      fio: 'Второй Процесс',
    });
    const item = await ok<AdminCatalogItem>(head(), 'POST', '/api/admin/catalogs/work-types', {
      name: 'Приспособление объекта для современного использования',
    });
    const loggedIn = await logInByCode(url, 'second-process@committee.example', (email) =>
      portal.mailbox.waitForCode(email),
    );
    expect(await fromSecond<{ id: number }>(loggedIn.accessToken, '/api/users/me')).toMatchObject({ id: added.id });
    const offered = await fromSecond<CatalogItem[]>(loggedIn.accessToken, '/api/catalogWorkType');
    expect(offered.map((entry) => entry.id)).toContain(item.id);

    await ok(head(), 'POST', `/api/admin/catalogs/work-types/${item.id}/retire`);
    expect((await fromSecond<CatalogItem[]>(tokens.owner, '/api/catalogWorkType')).map((e) => e.id)).not.toContain(
      item.id,
    );
    await ok(head(), 'POST', `/api/admin/examiners/${added.id}/deactivate`);
    const refusedThere = await fetch(`${url}/api/users/me`, {
      headers: { authorization: `Bearer ${loggedIn.accessToken}` },
    });
    expect(refusedThere.status).toBe(401);
  });

  it('two heads adding one name at once, in two processes, make one item; the other is refused', async () => {
    for (const [round, kind] of ['object-categories', 'intake-grounds', 'power-codes'].entries()) {
      const name = `Одновременный элемент ${round}`;
      const body = {
        name,
        ...(kind === 'intake-grounds' ? { legalBasis: 'Регламент' } : {}),
        ...(kind === 'power-codes' ? { code: `CONCURRENT${round}` } : {}),
      };
      const route = `/api/admin/catalogs/${kind}`;
      const answers = await Promise.all([
        ...[0, 1, 2].map(() => call(head(), 'POST', route, body)),
        ...[0, 1, 2].map(() =>
          fetch(`${url}${route}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${head()}`, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }),
        ),
      ]);
      const statuses = answers.map((answer) => ('statusCode' in answer ? answer.statusCode : answer.status)).sort();
      expect(statuses, kind).toEqual([201, 400, 400, 400, 400, 400]);
      const items = await ok<AdminCatalogItem[]>(head(), 'GET', route);
      expect(
        items.filter((item) => item.name === name),
        kind,
      ).toHaveLength(1);
    }
  });
});

describe('two heads unmaking or deactivating each other at once', () => {
  it('leaves the committee a head: one of the two is refused', async () => {
    const other = await ok<AdminExaminer>(head(), 'POST', '/api/admin/examiners', {
      email: 'co-head@committee.example',
      fio: 'Соруководитель',
      isHead: true,
    });
    const otherToken = await signAccessToken(portal.config.jwtSecret, other.id);
    for (const [first, second] of [
      [`/api/admin/examiners/${other.id}`, `/api/admin/examiners/${users.head.id}`],
      [`/api/admin/examiners/${other.id}/deactivate`, `/api/admin/examiners/${users.head.id}/deactivate`],
    ] as const) {
      const unmake = first.endsWith('/deactivate') ? 'POST' : 'PATCH';
      const body = unmake === 'PATCH' ? { isHead: false } : undefined;
      const answers = await Promise.all([call(head(), unmake, first, body), call(otherToken, unmake, second, body)]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      // The second is refused: 409 when both passed the guard, or 403 when the first made it no head any more.
      const why = answers.map((answer) => answer.body).join('\n');
      expect(statuses[0], why).toBe(200);
      expect([403, 409], why).toContain(statuses[1]);
      // Whichever head remains reads the list (the other may be deactivated).
      const reader = (await call(head(), 'GET', '/api/admin/examiners')).statusCode === 200 ? head() : otherToken;
      const heads = (await ok<AdminExaminer[]>(reader, 'GET', '/api/admin/examiners')).filter(
        (row) => row.isHead && row.active,
      );
      expect(heads).toHaveLength(1);
      // Back to two heads for the next round.
      const remaining = heads[0] as AdminExaminer;
      const token = remaining.id === users.head.id ? head() : otherToken;
      const gone = remaining.id === users.head.id ? other.id : users.head.id;
      if (unmake === 'POST') await ok(token, 'POST', `/api/admin/examiners/${gone}/reactivate`);
      await ok(token, 'PATCH', `/api/admin/examiners/${gone}`, { isHead: true });
    }
    await ok(head(), 'POST', `/api/admin/examiners/${other.id}/deactivate`);
  });
});

describe('deactivating an examiner while they reply', () => {
  it('either the reply lands first and the statement is handed over in its new status, or the reply is refused', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 8; round++) {
      const added = await ok<AdminExaminer>(head(), 'POST', '/api/admin/examiners', {
        email: `race-${round}@committee.example`,
        fio: `Гонка ${round}`,
      });
      const racer = (await findUserById(portal.db, added.id)) as UserRow;
      const token = await signAccessToken(portal.config.jwtSecret, racer.id);
      const id = await statement(racer);
      const status = round % 2 === 0 ? 'has_comments' : 'approved';
      const files = status === 'approved' ? [await certificatePrefile(portal, racer, id)] : [];
      const [reply, deactivation] = await Promise.all([
        call(token, 'POST', `/api/instance/${id}/stages`, {
          status,
          isInstance: true,
          comment: 'Ответ эксперта',
          prefileIds: files,
        }),
        call(head(), 'POST', `/api/admin/examiners/${racer.id}/deactivate`),
      ]);
      expect(deactivation.statusCode, deactivation.body).toBe(200);
      const now = await ok<Statement>(head(), 'GET', `/api/instance/statements/${id}`);
      if (reply.statusCode === 201) {
        outcomes.add('reply first');
        expect(now.status).toBe(status);
        // In work: handed to the head's queue; decided: the examiner who decided stays.
        expect(now.examinerId).toBe(status === 'approved' ? racer.id : null);
      } else {
        outcomes.add('reply refused');
        // Refused by the examiner's check (403), the moved statement (409), or the dead session (401).
        expect([401, 403, 409], reply.body).toContain(reply.statusCode);
        expect(now).toMatchObject({ status: 'under_review', examinerId: null });
      }
      // Never a statement in work with a deactivated examiner.
      expect(now.status === 'under_review' || now.status === 'has_comments' ? now.examinerId : null).toBeNull();
    }
    expect(outcomes.size).toBeGreaterThan(0);
  }, 60_000);

  it('nor is a statement given to them meanwhile: taking into work or the head’s assignment lands first or is refused', async () => {
    for (let round = 0; round < 8; round++) {
      const added = await ok<AdminExaminer>(head(), 'POST', '/api/admin/examiners', {
        email: `race-take-${round}@committee.example`,
        fio: `Гонка взятия ${round}`,
      });
      const token = await signAccessToken(portal.config.jwtSecret, added.id);
      const id = await statement(null);
      const give =
        round % 2 === 0
          ? call(token, 'POST', '/api/instance/StartWorkOnStatement', { id })
          : call(head(), 'POST', `/api/instance/statements/${id}/assign`, { examinerId: added.id, comment: null });
      const [given, deactivation] = await Promise.all([
        give,
        call(head(), 'POST', `/api/admin/examiners/${added.id}/deactivate`),
      ]);
      expect(deactivation.statusCode, deactivation.body).toBe(200);
      const now = await ok<Statement>(head(), 'GET', `/api/instance/statements/${id}`);
      if (given.statusCode === 200) expect(now).toMatchObject({ status: 'under_review', examinerId: null });
      else {
        expect([400, 401, 409], given.body).toContain(given.statusCode);
        expect(now).toMatchObject({ status: 'sent', examinerId: null });
      }
    }
  }, 60_000);
});
