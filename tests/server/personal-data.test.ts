// The consent to the processing of personal data and the policy of processing as templates a head publishes, a new
// version each time, and the consent asked again of every company user (docs/product.md «Personal data»).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminLogPage, PersonalDataDocument, PersonalDataTemplate, User } from '#domain/contract.ts';
import { demoUsers } from '../../tools/demo.ts';
import { signedIn, startTestPortal, type TestPortal } from './helpers.ts';

let portal: TestPortal;
let bearer: Record<'head' | 'owner' | 'employee' | 'examiner', string>;
beforeAll(async () => {
  portal = await startTestPortal();
  ({ bearer } = await signedIn(portal, {
    head: demoUsers.head.email,
    owner: demoUsers.owner.email,
    employee: demoUsers.employee.email,
    examiner: demoUsers.examiner1.email,
  }));
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

const call = (as: keyof typeof bearer, method: 'GET' | 'POST', url: string, payload?: object) =>
  portal.app.inject({
    method,
    url,
    headers: { authorization: bearer[as] },
    ...(payload === undefined ? {} : { payload }),
  });
const publicDocument = async (kind: 'consent' | 'privacy') =>
  (await portal.app.inject({ url: `/api/public/${kind}` })).json<PersonalDataDocument>();
const me = async (as: keyof typeof bearer) => (await call(as, 'GET', '/api/users/me')).json<User>();

describe('the templates', () => {
  it('start as the portal’s first edition, the placeholders filled from the configuration', async () => {
    const template = (await call('head', 'GET', '/api/admin/personal-data/consent')).json<PersonalDataTemplate>();
    expect(template).toMatchObject({ kind: 'consent', version: '1', publishedAt: null, publishedBy: null });
    expect(template.template).toContain('{оператор} (адрес: {адрес})');
    expect(template.placeholders.map((placeholder) => placeholder.name)).toEqual([
      '{оператор}',
      '{адрес}',
      '{контакты}',
      '{портал}',
    ]);
    const consent = await publicDocument('consent');
    expect(consent.version).toBe('1');
    expect(consent.text).not.toContain('{');
    const operator = template.placeholders[0]?.value ?? '';
    expect(consent.text).toContain(`${operator} (адрес: ${template.placeholders[1]?.value})`);
  });

  it('refuse an empty text, an unknown placeholder, the same text and a stale version, each in Russian', async () => {
    const current = (await call('head', 'GET', '/api/admin/personal-data/privacy')).json<PersonalDataTemplate>();
    const publish = (template: string, expectedVersion = current.version) =>
      call('head', 'POST', '/api/admin/personal-data/privacy', { template, expectedVersion });
    const empty = await publish('   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'template', message: 'Введите текст' });
    const unknown = await publish('Оператор — {оператор}, директор — {директор}.');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(
      'Неизвестная подстановка {директор}: допустимы {оператор}, {адрес}, {контакты}, {портал}',
    );
    const same = await publish(current.template);
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('Текст не изменился');
    const stale = await publish('Новая политика {оператор}.', '0');
    expect(stale.statusCode).toBe(409);
    expect((await publicDocument('privacy')).version).toBe('1');
  });
});

describe('a new version of the consent', () => {
  it('is published at once, logged, and asked once of every company user, not of the committee’s staff', async () => {
    expect((await me('owner')).consentRequired).toBe(false);
    expect((await me('examiner')).consentRequired).toBe(false);
    const published = await call('head', 'POST', '/api/admin/personal-data/consent', {
      template: 'Я даю согласие оператору {оператор} на обработку моих данных.\n\nОтзыв согласия: {контакты}.',
      expectedVersion: '1',
    });
    expect(published.statusCode, published.body).toBe(201);
    expect(published.json<PersonalDataTemplate>()).toMatchObject({
      version: '2',
      publishedBy: demoUsers.head.fio,
      publishedAt: expect.any(String),
    });
    const consent = await publicDocument('consent');
    expect(consent.version).toBe('2');
    expect(consent.text).toMatch(/^Я даю согласие оператору .+ на обработку моих данных\.\n\nОтзыв согласия: письмом/);

    // Asked of company users, once.
    expect((await me('owner')).consentRequired).toBe(true);
    expect((await me('employee')).consentRequired).toBe(true);
    expect((await me('examiner')).consentRequired).toBe(false);
    const outdated = await call('owner', 'POST', '/api/users/me/consent', { consentVersion: '1' });
    expect(outdated.statusCode).toBe(400);
    expect(outdated.json()).toMatchObject({ field: 'consentVersion' });
    const given = await call('owner', 'POST', '/api/users/me/consent', { consentVersion: '2' });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json<User>().consentRequired).toBe(false);
    expect((await me('owner')).consentRequired).toBe(false);
    expect((await me('employee')).consentRequired).toBe(true);
    const kept = await portal.db
      .selectFrom('users')
      .select(['consent_version', 'consent_at', 'consent_address'])
      .where('email', '=', demoUsers.owner.email)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ consent_version: '2', consent_address: '127.0.0.1' });
    expect((await call('examiner', 'POST', '/api/users/me/consent', { consentVersion: '2' })).statusCode).toBe(403);

    // Without the operator's address nobody can read a consent, so nobody is stopped at one (registration is closed).
    const operator = portal.app.ctx.config.operator as { address: string | null };
    const address = operator.address;
    operator.address = null;
    try {
      expect((await me('employee')).consentRequired).toBe(false);
    } finally {
      operator.address = address;
    }
    expect((await me('employee')).consentRequired).toBe(true);

    const log = (await call('head', 'GET', '/api/admin/log')).json<AdminLogPage>();
    expect(log.entries[0]).toMatchObject({
      action: 'personal_data_published',
      actorName: demoUsers.head.fio,
      subject: 'Согласие на обработку персональных данных, редакция 2',
    });
  });
});
