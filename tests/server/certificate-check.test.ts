import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCheckToken, surnameWithInitials } from '../../server/src/certificates/certificates.service.ts';
import { CHECK_LIMIT } from '../../server/src/certificates/check-limit.ts';
import type { ServiceContext } from '../../server/src/context.ts';
import { SHELL_FALLBACKS } from '../../server/src/site/fallbacks.ts';
import { submitStatement } from '../../server/src/statements/statements.service.ts';
import type { UserRow } from '../../server/src/users/user.ts';
import { takeIntoWork } from '../../server/src/workflow/intake.ts';
import { replyToStatement, submitNewVersion } from '../../server/src/workflow/review.ts';
import { demoUsers } from '../../tools/demo.ts';
import {
  certificatePrefile,
  groundsFor,
  signedIn,
  startTestPortal,
  storedPrefile,
  type TestPortal,
} from './helpers.ts';

let portal: TestPortal;
let ctx: ServiceContext;
const users = {} as Record<'owner' | 'examiner1' | 'examiner2', UserRow>;
const bearer = {} as Record<'owner' | 'examiner1' | 'examiner2', string>;

beforeAll(async () => {
  portal = await startTestPortal({ PUBLIC_ORIGIN: 'https://agr.example.ru/' });
  ctx = portal.ctx;
  const people = await signedIn(portal, {
    owner: demoUsers.owner.email,
    examiner1: demoUsers.examiner1.email,
    examiner2: demoUsers.examiner2.email,
  });
  Object.assign(users, people.users);
  Object.assign(bearer, people.bearer);
});
afterAll(async () => {
  await portal.close();
});

const upload = (by: UserRow, name: string, content: string) => storedPrefile(portal, by, name, content);

/** A statement taken into work by examiner 1: the first round has 'Альбом.pdf', and its id. */
async function underReview(): Promise<number> {
  const { id } = await submitStatement(ctx, users.owner, {
    objectName: 'Школа на 550 мест',
    address: 'г. Пример, ул. Садовая, 1',
    cadastralNumber: '50:21:0120301:77',
    comment: 'Секретный комментарий заявителя',
    prefileIds: [await upload(users.owner, 'Альбом.pdf', '%PDF-1.4 round one')],
  });
  await takeIntoWork(ctx, users.examiner1, id);
  return id;
}

function issue(id: number, who: keyof typeof bearer = 'examiner1') {
  return portal.app.inject({
    method: 'POST',
    url: `/api/instance/statements/${id}/certificate`,
    headers: { authorization: bearer[who] },
  });
}

function check(token: string) {
  return portal.app.inject({ url: `/api/public/certificates/${token}` });
}

async function tokenOf(id: number): Promise<string> {
  const response = await issue(id);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token;
}

describe('the check token', () => {
  it('is 192 random bits in base64url, different every time', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => newCheckToken()));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('is issued once and reused, with the public check address', async () => {
    const id = await underReview();
    const first = await issue(id);
    expect(first.statusCode).toBe(200);
    const { token, checkUrl } = first.json();
    expect(checkUrl).toBe(`https://agr.example.ru/check/${token}`);
    expect(await tokenOf(await underReview())).not.toBe(token);
    const again = await Promise.all([issue(id), issue(id)]);
    for (const response of again) expect(response.json()).toEqual({ token, checkUrl });
  });

  it('is refused to another examiner, to company users, and outside review or approval', async () => {
    const id = await underReview();
    expect((await issue(id, 'examiner2')).statusCode).toBe(403);
    expect((await issue(id, 'owner')).statusCode).toBe(403);
    expect((await issue(999999)).statusCode).toBe(404);
    const sent = await submitStatement(ctx, users.owner, {
      objectName: 'Склад',
      prefileIds: [await upload(users.owner, 'Склад.pdf', '%PDF-1.4 store')],
    });
    expect((await issue(sent.id)).json().error).toBe('invalid_transition');
    await replyToStatement(ctx, users.examiner1, id, { status: 'has_comments', comment: 'Замечания', prefileIds: [] });
    expect((await issue(id)).statusCode).toBe(409);
    expect(
      (await portal.app.inject({ method: 'POST', url: `/api/instance/statements/${id}/certificate` })).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/public/certificates/{token}', () => {
  it('says a certificate made during review is not approved (yet), with no date and no documents', async () => {
    const id = await underReview();
    const response = await check(await tokenOf(id));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toMatchObject({ status: 'under_review', decisionDate: null, documents: [] });
  });

  it('confirms an approval with the approved round’s documents only, and nothing else of the statement', async () => {
    const id = await underReview();
    await replyToStatement(ctx, users.examiner1, id, { status: 'has_comments', comment: 'Замечания', prefileIds: [] });
    await submitNewVersion(ctx, users.owner, id, {
      comment: 'Исправлено',
      prefileIds: [
        await upload(users.owner, 'Альбом_v2.pdf', '%PDF-1.4 round two'),
        await upload(users.owner, 'Пояснительная записка.pdf', '%PDF-1.4 note'),
      ],
      status: 'under_review',
    });
    const token = await tokenOf(id);
    await replyToStatement(ctx, users.examiner1, id, {
      status: 'approved',
      comment: 'Внутренний комментарий эксперта',
      prefileIds: [await certificatePrefile(portal, users.examiner1, id)],
    });
    const response = await check(token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      status: 'approved',
      objectName: 'Школа на 550 мест',
      address: 'г. Пример, ул. Садовая, 1',
      cadastralNumber: '50:21:0120301:77',
      company: expect.any(String),
      committee: expect.any(String),
      examiner: surnameWithInitials(users.examiner1.fio),
    });
    expect(body.examiner).toMatch(/^\S+ (\S\. ?)+$/);
    expect(Date.parse(body.decisionDate)).not.toBeNaN();
    expect(body.documents.map((d: { fileName: string }) => d.fileName)).toEqual([
      'Альбом_v2.pdf',
      'Пояснительная записка.pdf',
    ]);
    const { createHash } = await import('node:crypto');
    expect(body.documents[0]).toEqual({
      fileName: 'Альбом_v2.pdf',
      size: '%PDF-1.4 round two'.length,
      sha256: createHash('sha256').update('%PDF-1.4 round two').digest('hex'),
    });
    for (const document of body.documents) {
      expect(document.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(document.size).toBeGreaterThan(0);
    }
    expect(Object.keys(body).sort()).toEqual(
      [
        'address',
        'approvedSet',
        'cadastralNumber',
        'certificateAttached',
        'committee',
        'company',
        'companyInn',
        'companyOgrn',
        'decisionDate',
        'documents',
        'examiner',
        'objectName',
        'replacedBy',
        'replaces',
        'signature',
        'status',
        'visibleId',
      ].sort(),
    );
    // No signed certificate was filed with this approval (signed-uploads.test.ts files one).
    expect(body.signature).toBeNull();
    const text = response.body;
    for (const secret of [
      'Внутренний',
      'Секретный',
      'Исправлено',
      demoUsers.owner.email,
      users.examiner1.email ?? '@',
    ]) {
      expect(text).not.toContain(secret);
    }
    // The same token again after regenerating the certificate.
    expect((await issue(id)).json().token).toBe(token);
  });

  it('says a rejected statement is rejected, never approved', async () => {
    const id = await underReview();
    const token = await tokenOf(id);
    await replyToStatement(ctx, users.examiner1, id, {
      status: 'rejected',
      comment: 'Отказ',
      prefileIds: [],
      ...(await groundsFor(ctx, 'rejected')),
    });
    expect((await check(token)).json()).toMatchObject({ status: 'rejected', decisionDate: null, documents: [] });
  });

  it('answers the same 404 for unknown and malformed tokens', async () => {
    const bodies = new Set<string>();
    for (const token of [
      newCheckToken(),
      'short',
      'A'.repeat(33),
      `${'A'.repeat(31)}%24`,
      '..%2F..%2Fetc%2Fpasswd',
      encodeURIComponent("' or 1=1 --"),
      'A'.repeat(90),
    ]) {
      const response = await check(token);
      expect(response.statusCode, token).toBe(404);
      bodies.add(response.body);
    }
    expect(bodies.size).toBe(1);
  });

  it('limits checks per client address, then lets them through again after the window', async () => {
    portal.clock.advance(CHECK_LIMIT.windowMs);
    const token = newCheckToken();
    for (let i = 0; i < CHECK_LIMIT.limit; i += 1) expect((await check(token)).statusCode).toBe(404);
    const limited = await check(token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('too_many_requests');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const otherAddress = await portal.app.inject({
      url: `/api/public/certificates/${token}`,
      remoteAddress: '203.0.113.7',
    });
    expect(otherAddress.statusCode).toBe(404);
    portal.clock.advance(CHECK_LIMIT.windowMs);
    expect((await check(token)).statusCode).toBe(404);
  });
});

describe('surnameWithInitials', () => {
  it('shortens a full name and keeps a short one', () => {
    expect(surnameWithInitials('Петров Пётр Петрович')).toBe('Петров П. П.');
    expect(surnameWithInitials('  Петров  П. П. ')).toBe('Петров П. П.');
    expect(surnameWithInitials('Петров')).toBe('Петров');
    expect(surnameWithInitials(null)).toBeNull();
    expect(surnameWithInitials('  ')).toBeNull();
  });
});

describe('the check page /check/{token}', () => {
  it('is served by its one shell, by npm start and nginx alike', () => {
    const shellOf = (url: string) => SHELL_FALLBACKS.find((rule) => rule.pattern.test(url))?.shell ?? null;
    expect(shellOf('/check/dWpth7Z2F6ymlXVJh0sO8NxLjyOwmy0A')).toBe('check/shell/index.html');
    expect(shellOf('/check/dWpth7Z2F6ymlXVJh0sO8NxLjyOwmy0A/')).toBe('check/shell/index.html');
    expect(shellOf('/check/a/b')).toBeNull();
    const nginx = readFileSync(new URL('../../nginx.conf', import.meta.url), 'utf8');
    expect(nginx).toContain('rewrite ^/check/[^/]+/?$ /check/shell/index.html last;');
  });
});
