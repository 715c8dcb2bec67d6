// Powers of attorney (МЧД, EMCHD_1) of a company and the signatures of its representatives (docs/product.md «Powers
// of attorney»), on a real database, with МЧД made here from the ФНС's schema and real GOST signatures of a test
// authority: the director signs the МЧД, the chief architect signs documents with a personal certificate.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminLogPage, PowerOfAttorney, Stage, Statement } from '#domain/contract.ts';
import { fileTexts } from '#domain/files.ts';
import { SIGNATURE_FAILURE_TEXTS, signatureSummary } from '#domain/signatures.ts';
import { DEMO_POWER_OF_ATTORNEY } from '../../server/src/seed/demo-signatures.ts';
import { demoUsers } from '../../tools/demo.ts';
import {
  makeTestAuthority,
  OTHER_COMPANY,
  type SignOptions,
  TEST_COMMITTEE,
  TEST_COMPANY,
  TEST_DIRECTOR,
  TEST_REPRESENTATIVE,
  type TestAuthority,
  type TestSignerName,
} from '../../tools/test-ca.ts';
import { type MchdInput, mchdXml, TEST_COMPANY_PARTIES } from '../../tools/test-mchd.ts';
import { login, startTestPortal, type TestPortal, uploadPrefile } from './helpers.ts';

let dir: string;
let ca: TestAuthority;
let portal: TestPortal;
let tokens: Record<string, string> = {};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'powers-of-attorney-'));
  ca = await makeTestAuthority(path.join(dir, 'ca'));
  portal = await startTestPortal({ SIGNATURE_TRUST_DIR: ca.trustDir, COMMITTEE_INN: TEST_COMMITTEE.innLe });
  for (const role of ['owner', 'employee', 'examiner1', 'examiner2', 'head'] as const) {
    tokens[role] = (await login(portal, demoUsers[role].email)).accessToken;
  }
}, 180_000);
afterAll(async () => {
  await portal?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const day = (offsetDays: number) => new Date(portal.clock.now + offsetDays * 86_400_000).toISOString().slice(0, 10);
const russianDay = (iso: string) => iso.split('-').reverse().join('.');

/** A valid МЧД of the demo company for its chief architect, unless `changes` say otherwise. */
function mchd(changes: Partial<MchdInput> = {}): MchdInput {
  return {
    number: randomUUID(),
    internalNumber: 'Д-17',
    issuedOn: day(-10),
    validTo: day(365),
    ...TEST_COMPANY_PARTIES,
    powers: { text: 'Подавать в комитет заявления и документы, подписывать их электронной подписью' },
    ...changes,
  };
}

async function signedBy(bytes: Buffer, signer: TestSignerName, options: SignOptions = {}): Promise<Buffer> {
  const file = path.join(dir, `${randomBytes(6).toString('hex')}.bin`);
  await writeFile(file, bytes);
  return Buffer.from(await ca.sign(file, signer, options));
}

const call = (as: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  portal.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[as]}` },
    ...(payload === undefined ? {} : { payload }),
  });

async function upload(as: string, name: string, bytes: Buffer): Promise<number> {
  const response = await uploadPrefile(portal, tokens[as] as string, name, bytes);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

/** Uploads an МЧД's XML and its signature and adds it. */
async function add(xml: string | Buffer, options: { signer?: TestSignerName; as?: string; signature?: Buffer } = {}) {
  const bytes = Buffer.isBuffer(xml) ? xml : Buffer.from(xml, 'utf8');
  const signature = options.signature ?? (await signedBy(bytes, options.signer ?? 'director256'));
  const as = options.as ?? 'owner';
  const prefileIds = [await upload(as, 'доверенность.xml', bytes), await upload(as, 'доверенность.xml.sig', signature)];
  return call(as, 'POST', '/api/companies/me/powers-of-attorney', { prefileIds });
}

const count = async () =>
  Number(
    (
      await portal.db
        .selectFrom('powers_of_attorney')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Files a statement with one drawing signed by `signer`; the drawing's verdict on both sides. */
async function fileSignedDrawing(signer: TestSignerName) {
  const drawing = Buffer.from(`%PDF-1.4\n% чертёж\n${randomBytes(2048).toString('base64')}\n%%EOF\n`);
  const prefileIds = [
    await upload('owner', 'Фасады.pdf', drawing),
    await upload('owner', 'Фасады.pdf.sig', await signedBy(drawing, signer)),
  ];
  const created = await call('owner', 'POST', '/api/statements', { cipher: '', objectName: 'Дом', prefileIds });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  const company = (await call('owner', 'GET', `/api/statements/${id}`)).json() as Statement;
  const examiner = (await call('examiner1', 'GET', `/api/instance/statements/${id}`)).json() as Statement;
  const signatureOf = (statement: Statement) => (statement.stages[0] as Stage).files[0]?.signature;
  return { id, company: signatureOf(company), examiner: signatureOf(examiner) };
}

describe('the demo', () => {
  it('the chief architect’s album is signed under the director’s power of attorney', async () => {
    const powers = (await call('employee', 'GET', '/api/companies/me/powers-of-attorney')).json() as PowerOfAttorney[];
    expect(powers).toEqual([
      expect.objectContaining({
        number: DEMO_POWER_OF_ATTORNEY.number,
        status: 'valid',
        representative: expect.objectContaining({ fio: demoUsers.employee.fio, title: 'Главный архитектор проекта' }),
        signature: expect.objectContaining({
          status: 'valid',
          signer: expect.objectContaining({ fio: demoUsers.owner.fio }),
        }),
      }),
    ]);
    const school = await portal.db
      .selectFrom('statements')
      .select('id')
      .where('object_name', '=', 'Школа на 550 мест')
      .executeTakeFirstOrThrow();
    const detail = (await call('examiner1', 'GET', `/api/instance/statements/${school.id}`)).json() as Statement;
    const signature = (detail.stages[0] as Stage).files[0]?.signature;
    expect(signature).toMatchObject({
      status: 'valid',
      signer: { fio: demoUsers.employee.fio, innLe: null },
      powerOfAttorney: { number: DEMO_POWER_OF_ATTORNEY.number, powersAccepted: true },
    });
  });
});

describe('powers of attorney of a company', () => {
  let added: PowerOfAttorney;

  it('adds a valid МЧД signed by the director, read from the XML, and lists it for every user of the company', async () => {
    const input = mchd({
      powers: { text: 'Подавать документы в комитет', codes: [{ code: 'ARCH_FILE', name: 'Подача документов' }] },
    });
    const response = await add(mchdXml(input));
    expect(response.statusCode, response.body).toBe(201);
    added = response.json() as PowerOfAttorney;
    expect(added).toMatchObject({
      number: input.number,
      internalNumber: 'Д-17',
      issuedOn: input.issuedOn,
      validTo: input.validTo,
      principal: {
        organization: TEST_COMPANY.legalEntity,
        innLe: TEST_COMPANY.innLe,
        kpp: '770101001',
        ogrn: TEST_COMPANY.ogrn,
      },
      issuedBy: { fio: TEST_DIRECTOR.fio, inn: TEST_DIRECTOR.inn, snils: TEST_DIRECTOR.snils },
      representative: {
        fio: TEST_REPRESENTATIVE.fio,
        title: TEST_REPRESENTATIVE.title,
        snils: TEST_REPRESENTATIVE.snils,
      },
      powers: { text: 'Подавать документы в комитет', codes: [{ code: 'ARCH_FILE', name: 'Подача документов' }] },
      status: 'valid',
      revokedAt: null,
      registryCheck: null,
      addedBy: demoUsers.owner.fio,
    });
    expect(added.signature).toMatchObject({
      status: 'valid',
      signer: { fio: TEST_DIRECTOR.fio, innLe: TEST_COMPANY.innLe },
    });
    for (const role of ['owner', 'employee']) {
      const list = await call(role, 'GET', '/api/companies/me/powers-of-attorney');
      expect(list.statusCode).toBe(200);
      expect((list.json() as PowerOfAttorney[]).map((item) => item.number)).toContain(input.number);
    }
    expect((await call('examiner1', 'GET', '/api/companies/me/powers-of-attorney')).statusCode).toBe(403);
    const log = (await call('head', 'GET', '/api/admin/log')).json() as AdminLogPage;
    expect(log.entries[0]).toMatchObject({ action: 'power_of_attorney_added', actorName: demoUsers.owner.fio });
  });

  it('adds an МЧД whose signature carries a timestamp token, as the ФНС’s files do (CAdES-T)', async () => {
    const xml = Buffer.from(mchdXml(mchd()));
    const signature = await signedBy(xml, 'director256', { timestamp: 'trusted' });
    const response = await add(xml, { signature });
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json() as PowerOfAttorney).signature).toMatchObject({
      status: 'valid',
      timestamp: { authority: 'Тестовая служба штампов времени' },
    });
    // Not a representative's: revoked, so the tests below see only their own.
    const id = (response.json() as PowerOfAttorney).id;
    expect(
      (await call('owner', 'POST', `/api/companies/me/powers-of-attorney/${id}/revoke`, { reason: 'Проверка' }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses the same МЧД twice with 409', async () => {
    const input = mchd();
    expect((await add(mchdXml(input))).statusCode).toBe(201);
    const before = await count();
    const again = await add(mchdXml(input));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('power_of_attorney_exists');
    expect(await count()).toBe(before);
  });

  const refusals: Array<
    [
      string,
      () => Promise<{ xml: string | Buffer; signer?: TestSignerName; signature?: Buffer }>,
      string | RegExp | (() => string),
    ]
  > = [
    [
      'another company as principal',
      async () => ({
        xml: mchdXml(
          mchd({
            principal: {
              organization: OTHER_COMPANY.legalEntity,
              innLe: OTHER_COMPANY.innLe,
              kpp: '770901001',
              ogrn: OTHER_COMPANY.ogrn,
            },
          }),
        ),
      }),
      'Доверенность выдана другой организацией',
    ],
    [
      'signed by the representative, not the head',
      async () => ({ xml: mchdXml(mchd()), signer: 'representative' }),
      'Доверенность подписана не руководителем организации',
    ],
    [
      'signed by another company’s director',
      async () => ({ xml: mchdXml(mchd()), signer: 'otherDirector' }),
      'Доверенность подписана не руководителем организации',
    ],
    [
      'tampered after signing',
      async () => {
        const input = mchd();
        const signature = await signedBy(Buffer.from(mchdXml(input)), 'director256');
        return {
          xml: mchdXml({ ...input, representative: { ...TEST_REPRESENTATIVE, fio: 'Сидоров Сидор Сидорович' } }),
          signature,
        };
      },
      `Подпись доверенности недействительна: ${SIGNATURE_FAILURE_TEXTS.invalid}`,
    ],
    [
      'expired',
      async () => ({ xml: mchdXml(mchd({ issuedOn: day(-400), validTo: day(-3) })) }),
      () => `Срок действия доверенности истёк ${russianDay(day(-3))}`,
    ],
    [
      'not EMCHD_1',
      async () => ({ xml: mchdXml(mchd()).replace('ВерсФорм="EMCHD_1"', 'ВерсФорм="EMCHD_2"') }),
      /^Файл не соответствует формату машиночитаемой доверенности ФНС \(EMCHD_1\): строка \d+: .*ВерсФорм/,
    ],
    [
      'an XML bomb',
      async () => ({
        xml:
          '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">' +
          '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><Доверенность>&lol3;</Доверенность>',
      }),
      'Файл доверенности содержит недопустимые конструкции XML',
    ],
    [
      're-delegation',
      async () => ({ xml: mchdXml(mchd({ redelegation: true })) }),
      'Передоверие пока не поддерживается',
    ],
    [
      'ИдФайл that is not its number',
      async () => ({ xml: mchdXml(mchd({ fileId: randomUUID() })) }),
      /^Файл не соответствует формату .*ИдФайл/,
    ],
  ];
  for (const [name, make, message] of refusals) {
    it(`refuses an МЧД ${name} with 400 and stores nothing`, async () => {
      const before = await count();
      const { xml, signer, signature } = await make();
      const response = await add(xml, { ...(signer ? { signer } : {}), ...(signature ? { signature } : {}) });
      expect(response.statusCode, response.body).toBe(400);
      if (message instanceof RegExp) expect(response.json().message).toMatch(message);
      else expect(response.json().message).toBe(typeof message === 'string' ? message : message());
      expect(await count()).toBe(before);
    });
  }

  it('lets an employee add only an МЧД that names themselves, and only the owner revoke', async () => {
    const response = await add(mchdXml(mchd()), { as: 'employee' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Сотрудник может добавить только доверенность, выданную ему самому');
    const own = mchd({
      representative: { fio: demoUsers.employee.fio, title: 'Инженер', inn: '770700007714', snils: '77889900123' },
    });
    const ownAdded = await add(mchdXml(own), { as: 'employee' });
    expect(ownAdded.statusCode, ownAdded.body).toBe(201);
    expect(ownAdded.json()).toMatchObject({
      addedBy: demoUsers.employee.fio,
      representative: { fio: demoUsers.employee.fio },
    });
    const revoke = await call('employee', 'POST', `/api/companies/me/powers-of-attorney/${added.id}/revoke`, {
      reason: 'x',
    });
    expect(revoke.statusCode).toBe(403);
  });
});

describe('signatures of representatives', () => {
  it('takes a personal certificate as valid under the company’s МЧД, naming it on both details', async () => {
    const input = mchd();
    const response = await add(mchdXml(input));
    expect(response.statusCode, response.body).toBe(201);
    const { company, examiner } = await fileSignedDrawing('representative');
    for (const signature of [company, examiner]) {
      expect(signature?.status).toBe('valid');
      expect(signature?.signer).toMatchObject({
        fio: TEST_REPRESENTATIVE.fio,
        innLe: null,
        snils: TEST_REPRESENTATIVE.snils,
      });
      expect(signature?.powerOfAttorney?.organization).toBe(TEST_COMPANY.legalEntity);
    }
    expect(signatureSummary(examiner as NonNullable<typeof examiner>)).toMatch(
      new RegExp(
        `^Подписан: ${TEST_REPRESENTATIVE.fio} по доверенности № ${input.number} от ${russianDay(input.issuedOn)}, ${TEST_COMPANY.legalEntity.replace(/[«»]/g, '.')}, сертификат до \\d\\d\\.\\d\\d\\.\\d{4}$`,
      ),
    );
  });

  it('answers no_power_of_attorney for a stranger’s personal certificate, and keeps the head’s own as before', async () => {
    const stranger = await fileSignedDrawing('stranger');
    expect(stranger.examiner?.status).toBe('no_power_of_attorney');
    expect(stranger.examiner?.powerOfAttorney).toBeUndefined();
    expect(signatureSummary(stranger.examiner as NonNullable<typeof stranger.examiner>)).toBe(
      'Подписант не является руководителем организации, и действующей доверенности на него нет',
    );
    const head = await fileSignedDrawing('director256');
    expect(head.examiner?.status).toBe('valid');
    expect(head.examiner?.powerOfAttorney).toBeUndefined();
    expect((await fileSignedDrawing('otherDirector')).examiner?.status).toBe('foreign_organization');
  });

  it('after the owner revokes the МЧД, the next filing is no longer valid; the earlier verdict stays', async () => {
    // Every МЧД of the architect revoked: the ones the tests above added.
    const list = (await call('owner', 'GET', '/api/companies/me/powers-of-attorney')).json() as PowerOfAttorney[];
    const before = await fileSignedDrawing('representative');
    expect(before.examiner?.status).toBe('valid');
    // A withdrawn statement is settled: what becomes of the МЧД no longer matters to it.
    const settled = await fileSignedDrawing('representative');
    const withdrawn = await call('owner', 'POST', `/api/statements/${settled.id}/withdraw`, { reason: 'Передумали' });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    for (const power of list.filter((item) => item.status === 'valid')) {
      const revoked = await call('owner', 'POST', `/api/companies/me/powers-of-attorney/${power.id}/revoke`, {
        reason: 'Сотрудник уволен',
      });
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect(revoked.json()).toMatchObject({ status: 'revoked', revokedReason: 'Сотрудник уволен' });
    }
    const again = await call('owner', 'POST', `/api/companies/me/powers-of-attorney/${list[0]?.id}/revoke`, {
      reason: 'ещё раз',
    });
    expect(again.statusCode).toBe(409);
    const after = await fileSignedDrawing('representative');
    expect(after.examiner?.status).toBe('no_power_of_attorney');
    expect(signatureSummary(after.examiner as NonNullable<typeof after.examiner>)).toMatch(
      /^Доверенность № [0-9a-f-]{36} отозвана \d\d\.\d\d\.\d{4}$/,
    );
    const kept = (await call('examiner1', 'GET', `/api/instance/statements/${before.id}`)).json() as Statement;
    expect((kept.stages[0] as Stage).files[0]?.signature?.status).toBe('valid');
    // The undecided statement that relies on it has the revocation in its history, on the company's side; the status
    // stays. The statement filed after it, and the settled one, have none.
    const relied = before.examiner?.powerOfAttorney;
    for (const reader of ['owner', 'examiner1'] as const) {
      const url = reader === 'owner' ? `/api/statements/${before.id}` : `/api/instance/statements/${before.id}`;
      const statement = (await call(reader, 'GET', url)).json() as Statement;
      expect(statement.status).toBe('sent');
      expect(statement.history.filter((entry) => entry.powerOfAttorney)).toEqual([
        {
          status: 'sent',
          at: expect.any(String),
          actor: demoUsers.owner.fio,
          byCommittee: false,
          term: null,
          powerOfAttorney: { id: relied?.id, number: relied?.number, event: 'revoked', note: 'Сотрудник уволен' },
        },
      ]);
    }
    for (const id of [after.id, settled.id]) {
      const statement = (await call('examiner1', 'GET', `/api/instance/statements/${id}`)).json() as Statement;
      expect(statement.history.some((entry) => entry.powerOfAttorney)).toBe(false);
    }
  });

  it('an examiner records the registry’s revocation, which revokes the МЧД in the portal', async () => {
    const response = await add(mchdXml(mchd()));
    const power = response.json() as PowerOfAttorney;
    const relying = await fileSignedDrawing('representative');
    expect(relying.examiner?.status).toBe('valid');
    expect(
      (
        await call('owner', 'POST', `/api/instance/powers-of-attorney/${power.id}/registry-check`, {
          revoked: true,
          note: null,
        })
      ).statusCode,
    ).toBe(403);
    const seen = await call('examiner1', 'GET', `/api/instance/powers-of-attorney/${power.id}`);
    expect(seen.json()).toMatchObject({ status: 'valid', registryCheck: null });
    const confirmed = await call('examiner2', 'POST', `/api/instance/powers-of-attorney/${power.id}/registry-check`, {
      revoked: false,
      note: 'Действует по данным реестра',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const checked = await call('examiner1', 'POST', `/api/instance/powers-of-attorney/${power.id}/registry-check`, {
      revoked: true,
      note: 'Отозвана 20.11 по реестру',
    });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({
      status: 'revoked',
      registryCheck: { result: 'revoked', checkedBy: demoUsers.examiner1.fio, note: 'Отозвана 20.11 по реестру' },
    });
    expect((await fileSignedDrawing('representative')).examiner?.status).toBe('no_power_of_attorney');
    // Both checks are in the relying statement's history, the committee's, with the notes both sides read.
    const marks = async (url: string, as: string) =>
      ((await call(as, 'GET', url)).json() as Statement).history
        .filter((entry) => entry.powerOfAttorney)
        .map((entry) => [entry.actor, entry.byCommittee, entry.powerOfAttorney?.event, entry.powerOfAttorney?.note]);
    expect(await marks(`/api/instance/statements/${relying.id}`, 'examiner1')).toEqual([
      [demoUsers.examiner2.fio, true, 'registry_not_revoked', 'Действует по данным реестра'],
      [demoUsers.examiner1.fio, true, 'registry_revoked', 'Отозвана 20.11 по реестру'],
    ]);
    expect(await marks(`/api/statements/${relying.id}`, 'owner')).toEqual(
      await marks(`/api/instance/statements/${relying.id}`, 'examiner1'),
    );
  });

  it('marks an МЧД of codes only, none accepted, until the head adds one of its codes to the catalogue', async () => {
    // The representative's earlier МЧД are revoked by now; this one gives powers by code only.
    const codes = [{ code: 'AGR_FILE_001', name: 'Подача заявлений о согласовании АГР' }];
    const coded = await add(mchdXml(mchd({ powers: { codes } })));
    expect(coded.statusCode).toBe(201);
    const before = await fileSignedDrawing('representative');
    expect(before.examiner).toMatchObject({
      status: 'valid',
      powerOfAttorney: { powersAccepted: false, powers: { text: null, codes } },
    });
    const noCode = await call('head', 'POST', '/api/admin/catalogs/power-codes', {
      name: 'Подача документов в комитет',
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toMatchObject({ field: 'code', message: 'Укажите код полномочия' });
    const codeElsewhere = await call('head', 'POST', '/api/admin/catalogs/work-types', {
      name: 'Снос',
      code: 'AGR_FILE_001',
    });
    expect(codeElsewhere.statusCode).toBe(400);
    const added = await call('head', 'POST', '/api/admin/catalogs/power-codes', {
      name: 'Подача заявлений о согласовании АГР',
      code: 'AGR_FILE_001',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ value: 'AGR_FILE_001', usage: 0 });
    const twice = await call('head', 'POST', '/api/admin/catalogs/power-codes', {
      name: 'Ещё раз',
      code: 'AGR_FILE_001',
    });
    expect(twice.json()).toMatchObject({ field: 'code', message: 'Такой код уже есть в справочнике' });
    const after = await fileSignedDrawing('representative');
    expect(after.examiner?.powerOfAttorney?.powersAccepted).toBe(true);
    // The earlier verdict is kept as it was reached.
    const kept = (await call('examiner1', 'GET', `/api/instance/statements/${before.id}`)).json() as Statement;
    expect((kept.stages[0] as Stage).files[0]?.signature?.powerOfAttorney?.powersAccepted).toBe(false);
    const revoked = await call('owner', 'POST', `/api/companies/me/powers-of-attorney/${coded.json().id}/revoke`, {
      reason: 'Выдана новая',
    });
    expect(revoked.statusCode).toBe(200);
  });

  it('an expired МЧД does not cover a later signing', async () => {
    const input = mchd({ validTo: day(2) });
    expect((await add(mchdXml(input))).statusCode).toBe(201);
    expect((await fileSignedDrawing('representative')).examiner?.status).toBe('valid');
    const { now } = portal.clock;
    portal.clock.advance(5 * 86_400_000);
    try {
      // The signature's own time is the real now, before the portal's clock: the check takes the earlier, so sign
      // after the clock moved by claiming the portal's time.
      const drawing = Buffer.from(`%PDF-1.4\n% поздний\n${randomBytes(1024).toString('base64')}\n%%EOF\n`);
      const file = path.join(dir, 'late.pdf');
      await writeFile(file, drawing);
      const signature = Buffer.from(await ca.sign(file, 'representative', { signingTime: new Date(portal.clock.now) }));
      const prefileIds = [
        await upload('owner', 'Поздний.pdf', drawing),
        await upload('owner', 'Поздний.pdf.sig', signature),
      ];
      const created = await call('owner', 'POST', '/api/statements', { cipher: '', objectName: 'Дом', prefileIds });
      expect(created.statusCode, created.body).toBe(201);
      const detail = (
        await call('examiner1', 'GET', `/api/instance/statements/${created.json().id}`)
      ).json() as Statement;
      expect((detail.stages[0] as Stage).files[0]?.signature?.status).toBe('no_power_of_attorney');
    } finally {
      portal.clock.now = now;
    }
  });
});

describe('with SIGNATURES_REQUIRED=documents', () => {
  let main: TestPortal;
  let mainTokens: Record<string, string>;
  beforeAll(async () => {
    main = portal;
    mainTokens = tokens;
    portal = await startTestPortal({
      SIGNATURE_TRUST_DIR: ca.trustDir,
      COMMITTEE_INN: TEST_COMMITTEE.innLe,
      SIGNATURES_REQUIRED: 'documents',
    });
    tokens = {};
    for (const role of ['owner', 'examiner1'] as const)
      tokens[role] = (await login(portal, demoUsers[role].email)).accessToken;
  }, 120_000);
  afterAll(async () => {
    await portal?.close();
    portal = main;
    tokens = mainTokens;
  });

  it('files a document signed under a valid МЧД, and refuses one signed by a stranger', async () => {
    expect((await add(mchdXml(mchd()))).statusCode).toBe(201);
    expect((await fileSignedDrawing('representative')).examiner?.status).toBe('valid');
    const drawing = Buffer.from(`%PDF-1.4\n% чужой\n${randomBytes(512).toString('base64')}\n%%EOF\n`);
    const prefileIds = [
      await upload('owner', 'Разрез.pdf', drawing),
      await upload('owner', 'Разрез.pdf.sig', await signedBy(drawing, 'stranger')),
    ];
    const refused = await call('owner', 'POST', '/api/statements', { cipher: '', objectName: 'Дом', prefileIds });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(fileTexts.unsigned(['Разрез.pdf']));
  });
});
