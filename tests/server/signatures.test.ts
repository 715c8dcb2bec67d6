// The signature check of docs/product.md «Signatures» against a test authority made here with OpenSSL and the GOST
// engine; every verdict is cross-checked by `openssl cms -verify` run directly. No database: the check is pure.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFile, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentSignature, SignatureStatus } from '#domain/contract.ts';
import { MAX_SIGNATURE_SIZE, signatureSummary, unreadableSignatureMessage } from '#domain/signatures.ts';
import { loadConfig } from '../../server/src/config.ts';
import {
  DEMO_COMMITTEE,
  DEMO_DOCUMENT_FILE,
  DEMO_SIGNATURES_DIR,
  DEMO_TRUST_DIR,
} from '../../server/src/demo-trust.ts';
import { DEMO_PDF } from '../../server/src/seed/demo.ts';
import { demoVerdicts, shippedDemoVerdicts } from '../../server/src/seed/demo-signatures.ts';
import { CHECKS_AT_ONCE, trustedChecker } from '../../server/src/signatures/checker.ts';
import { probeGost } from '../../server/src/signatures/openssl.ts';
import {
  type ExpectedOrganization,
  loadTrustStore,
  type TrustStore,
  UnreadableSignatureError,
  type VerifyDetachedSignatureInput,
  verifyDetachedSignature,
} from '../../server/src/signatures/signature.ts';
import { freePort } from '../../tools/free-port.ts';
import { startPortalOnFreePort } from '../../tools/portal-process.ts';
import {
  makeTestAuthority,
  TEST_COMMITTEE,
  TEST_COMPANY,
  type TestAuthority,
  type TestSignerName,
} from '../../tools/test-ca.ts';

const run = promisify(execFile);

let dir: string;
let ca: TestAuthority;
let trust: TrustStore;
let document: string;
let otherDocument: string;
/** Root, intermediate and RSA root as one PEM bundle, for `openssl cms -verify -CAfile`. */
let bundle: string;
/** The same with the intermediate's CRL. */
let bundleWithCrl: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'signatures-test-'));
  ca = await makeTestAuthority(path.join(dir, 'ca'));
  trust = await loadTrustStore(ca.trustDir);
  document = path.join(dir, 'Фасад.pdf');
  otherDocument = path.join(dir, 'План.pdf');
  await writeFile(document, `%PDF-1.4\n% фасад\n${randomBytes(4096).toString('base64')}\n%%EOF\n`);
  await writeFile(otherDocument, `%PDF-1.4\n% план\n${randomBytes(4096).toString('base64')}\n%%EOF\n`);
  bundle = path.join(dir, 'bundle.pem');
  const pems = ['root.pem', 'intermediate.pem', 'rsa-root.pem'].map((name) =>
    readFile(path.join(ca.dir, name), 'utf8'),
  );
  await writeFile(bundle, (await Promise.all(pems)).join(''));
  bundleWithCrl = path.join(dir, 'bundle-crl.pem');
  const crl = await readFile(path.join(ca.trustDir, 'intermediate.crl'), 'utf8');
  await writeFile(bundleWithCrl, `${await readFile(bundle, 'utf8')}${crl}`);
}, 120_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** What `openssl cms -verify` itself says of the signature: the chain to the bundle, the CRL when asked, the time. */
async function opensslVerdict(
  signature: Uint8Array,
  content: string,
  options: { crl?: boolean; attime?: Date } = {},
): Promise<{ ok: boolean; output: string }> {
  const file = path.join(dir, `cross-${randomBytes(6).toString('hex')}.sig`);
  await writeFile(file, signature);
  // `cms -verify` takes CRLs from its CAfile.
  const trusted = options.crl ? bundleWithCrl : bundle;
  const args = ['cms', '-verify', '-binary', '-inform', 'DER', '-in', file, '-content', content, '-CAfile', trusted];
  args.push('-purpose', 'any', '-out', '/dev/null');
  if (options.crl) args.push('-crl_check');
  if (options.attime) args.push('-attime', String(Math.floor(options.attime.getTime() / 1000)));
  try {
    const { stdout, stderr } = await run('openssl', args, { env: ca.opensslEnv });
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

async function check(
  signer: TestSignerName,
  options: { content?: string; expect?: ExpectedOrganization; now?: Date } = {},
) {
  const signature = await ca.sign(document, signer);
  const verdict = await verifyDetachedSignature({
    document: { path: options.content ?? document },
    signature,
    trust,
    expectOrganization: options.expect === undefined ? TEST_COMPANY : options.expect,
    now: options.now,
  });
  return { signature, verdict };
}

describe('a detached GOST signature of an applicant document', () => {
  const cases: {
    name: string;
    signer: TestSignerName;
    status: SignatureStatus;
    /** What `openssl cms -verify` (chain, time and CRL checked) says: it knows nothing of the qualified form. */
    openssl: RegExp | 'ok';
  }[] = [
    { name: 'valid, GOST R 34.10-2012 256 bit', signer: 'director256', status: 'valid', openssl: 'ok' },
    { name: 'valid, GOST R 34.10-2012 512 bit', signer: 'director512', status: 'valid', openssl: 'ok' },
    { name: 'an expired certificate', signer: 'expired', status: 'expired', openssl: /certificate has expired/ },
    { name: 'a revoked certificate', signer: 'revoked', status: 'revoked', openssl: /certificate revoked/ },
    {
      name: 'a root nobody trusts',
      signer: 'untrusted',
      status: 'untrusted',
      openssl: /unable to get local issuer certificate/,
    },
    { name: 'a chain that loops', signer: 'looped', status: 'untrusted', openssl: /verify error/i },
    { name: 'RSA, even from a trusted root', signer: 'rsa', status: 'not_qualified', openssl: 'ok' },
    { name: 'ECDSA, even from a trusted root', signer: 'ecdsa', status: 'not_qualified', openssl: 'ok' },
    { name: 'no СНИЛС, ИНН ЮЛ and ОГРН', signer: 'unqualified', status: 'not_qualified', openssl: 'ok' },
    {
      name: "another company's director",
      signer: 'otherDirector',
      status: 'foreign_organization',
      openssl: 'ok',
    },
  ];
  for (const item of cases) {
    it(`${item.name}: ${item.status}, as openssl cms -verify says`, async () => {
      const { signature, verdict } = await check(item.signer);
      expect(verdict.status).toBe(item.status);
      const direct = await opensslVerdict(signature, document, {
        crl: !['rsa', 'ecdsa', 'untrusted'].includes(item.signer),
      });
      if (item.openssl === 'ok') expect(direct, direct.output).toMatchObject({ ok: true });
      else {
        expect(direct.ok).toBe(false);
        expect(direct.output).toMatch(item.openssl);
      }
    });
  }

  it('names the signer and the certificate, and the site reads it as «Подписан: …»', async () => {
    const { verdict } = await check('director512', { now: new Date('2026-12-01T09:00:00Z') });
    expect(verdict).toMatchObject({
      status: 'valid',
      signer: {
        fio: 'Иванов Иван Иванович',
        title: 'Генеральный директор',
        organization: TEST_COMPANY.legalEntity,
        inn: '770100001107',
        innLe: TEST_COMPANY.innLe,
        ogrn: TEST_COMPANY.ogrn,
        snils: '11223344595',
      },
      certificate: { issuer: 'Тестовый УЦ портала' },
      checkedAt: '2026-12-01T09:00:00.000Z',
    });
    const serial = (
      await run('openssl', ['x509', '-in', ca.signers.director512.certificatePath, '-noout', '-serial'], {
        env: ca.opensslEnv,
      })
    ).stdout;
    expect(serial.trim()).toBe(`serial=${verdict.certificate.serialNumber}`);
    expect(Math.abs(Date.parse(verdict.signedAt ?? '') - Date.now())).toBeLessThan(120_000);
    expect(signatureSummary(verdict)).toMatch(
      /^Подписан: Иванов Иван Иванович, ООО «СтройПроект», сертификат до \d{2}\.\d{2}\.\d{4}$/,
    );
  });

  it('a document changed after signing: invalid, and openssl finds the digest wrong too', async () => {
    const changed = path.join(dir, 'Фасад (изменён).pdf');
    const bytes = await readFile(document);
    bytes[100] = (bytes[100] ?? 0) ^ 1;
    await writeFile(changed, bytes);
    const { signature, verdict } = await check('director256', { content: changed });
    expect(verdict.status).toBe('invalid');
    expect(signatureSummary(verdict)).toBe('Подпись недействительна: документ изменён после подписания');
    const direct = await opensslVerdict(signature, changed);
    expect(direct.ok).toBe(false);
    expect(direct.output).toMatch(/verification failure/);
  });

  it('a document the store fails to read is an error, not a verdict on the bytes that came', async () => {
    const signature = await ca.sign(document, 'director256');
    const failing = (async function* () {
      yield new Uint8Array(await readFile(document)).subarray(0, 100);
      throw new Error('хранилище недоступно');
    })();
    await expect(
      verifyDetachedSignature({ document: { stream: failing }, signature, trust, expectOrganization: null }),
    ).rejects.toThrow('хранилище недоступно');
  });

  it('a signature of another file: invalid, whether the document comes as a path, bytes or a stream', async () => {
    const signature = await ca.sign(otherDocument, 'director256');
    const bytes = new Uint8Array(await readFile(document));
    const inputs = [
      { path: document },
      { bytes },
      {
        stream: (async function* () {
          yield bytes.subarray(0, 1000);
          yield bytes.subarray(1000);
        })(),
      },
    ];
    for (const input of inputs) {
      const verdict = await verifyDetachedSignature({ document: input, signature, trust, expectOrganization: null });
      expect(verdict.status).toBe('invalid');
    }
    expect((await opensslVerdict(signature, document)).ok).toBe(false);
    const own = await verifyDetachedSignature({
      document: { bytes },
      signature: await ca.sign(document, 'director256'),
      trust,
      expectOrganization: null,
    });
    expect(own.status).toBe('valid');
  });

  it('valid at the signing time although the certificate has ended when checked', async () => {
    const later = new Date(Date.now() + 4 * 365 * 24 * 60 * 60 * 1000);
    const { signature, verdict } = await check('director256', { now: later });
    expect(verdict.status).toBe('valid');
    expect(Date.parse(verdict.certificate.validTo)).toBeLessThan(later.getTime());
    expect((await opensslVerdict(signature, document, { attime: later })).output).toMatch(/certificate has expired/);
  });

  it('judged at the claimed signing time: an expired certificate signing in its time is valid, a new one is not', async () => {
    const mid2020 = new Date('2020-06-01T10:00:00Z');
    const verdict = async (signer: TestSignerName, signingTime: Date) => {
      const signature = await ca.sign(document, signer, { signingTime });
      const result = await verifyDetachedSignature({
        document: { path: document },
        signature,
        trust,
        expectOrganization: TEST_COMPANY,
      });
      return { signature, result };
    };
    const old = await verdict('expired', mid2020);
    expect(old.result).toMatchObject({ status: 'valid', signedAt: mid2020.toISOString() });
    // Without the CRL: it was published in 2026, so OpenSSL finds it not yet valid in 2020.
    expect(await opensslVerdict(old.signature, document, { attime: mid2020 })).toMatchObject({ ok: true });
    const early = await verdict('director512', mid2020);
    expect(early.result.status).toBe('expired');
    expect((await opensslVerdict(early.signature, document, { attime: mid2020 })).output).toMatch(/not yet valid/);
    // A time later than the check is no one's to claim: judged now.
    const future = new Date('2049-01-01T00:00:00Z');
    expect((await verdict('expired', future)).result.status).toBe('expired');
    expect((await verdict('director256', future)).result).toMatchObject({
      status: 'valid',
      signedAt: future.toISOString(),
    });
  });

  it('a CAdES-T signature of a trusted timestamp authority: its time is the signing time, whatever the signer claims', async () => {
    const mid2020 = new Date('2020-06-01T10:00:00Z');
    const stamped = async (signer: TestSignerName, timestamp: 'trusted' | 'untrusted') => {
      const signature = await ca.sign(document, signer, { signingTime: mid2020, timestamp });
      const before = Date.now();
      const result = await verifyDetachedSignature({
        document: { path: document },
        signature,
        trust,
        expectOrganization: TEST_COMPANY,
      });
      return { signature, result, before };
    };
    // The expired certificate claims 2020, when it was valid; the timestamp proves it signed now: expired.
    const proven = await stamped('expired', 'trusted');
    expect(proven.result.status).toBe('expired');
    expect(proven.result.timestamp?.authority).toBe('Тестовая служба штампов времени');
    expect(Date.parse(proven.result.signedAt ?? '')).toBeGreaterThan(mid2020.getTime());
    expect(proven.result.signedAt).toBe(proven.result.timestamp?.time);
    // The signature itself is untouched by the token: OpenSSL verifies it as before.
    expect(await opensslVerdict(proven.signature, document, { attime: mid2020 })).toMatchObject({ ok: true });
    const valid = await stamped('director256', 'trusted');
    expect(valid.result).toMatchObject({
      status: 'valid',
      timestamp: { authority: 'Тестовая служба штампов времени' },
    });
    expect(Math.abs(Date.parse(valid.result.signedAt ?? '') - valid.before)).toBeLessThan(10 * 60_000);
    // A timestamp authority nobody trusts is ignored: the signer's own claim stands, as without a token.
    const ignored = await stamped('expired', 'untrusted');
    expect(ignored.result).toMatchObject({ status: 'valid', signedAt: mid2020.toISOString() });
    expect(ignored.result.timestamp).toBeUndefined();
  });

  it('without a signing time, the certificate is judged now', async () => {
    const signature = await ca.sign(document, 'director256', { withoutAttributes: true });
    const now = await verifyDetachedSignature({
      document: { path: document },
      signature,
      trust,
      expectOrganization: TEST_COMPANY,
    });
    expect(now).toMatchObject({ status: 'valid', signedAt: null });
    const later = new Date(Date.now() + 4 * 365 * 24 * 60 * 60 * 1000);
    const afterEnd = await verifyDetachedSignature({
      document: { path: document },
      signature,
      trust,
      expectOrganization: TEST_COMPANY,
      now: later,
    });
    expect(afterEnd.status).toBe('expired');
    expect((await opensslVerdict(signature, document)).ok).toBe(true);
  });

  it('a signer named by its key identifier rather than issuer and serial', async () => {
    const signature = await ca.sign(document, 'director512', { byKeyId: true });
    const check = { document: { path: document }, signature, trust, expectOrganization: TEST_COMPANY };
    expect((await verifyDetachedSignature(check)).status).toBe('valid');
    expect(await opensslVerdict(signature, document, { crl: true })).toMatchObject({ ok: true });
  });

  it('with no trusted authority configured, nothing is valid', async () => {
    const nobody = await loadTrustStore(null);
    const signature = await ca.sign(document, 'director256');
    const verdict = await verifyDetachedSignature({
      document: { path: document },
      signature,
      trust: nobody,
      expectOrganization: null,
    });
    expect(verdict.status).toBe('untrusted');
  });

  it('any organisation will do when none is expected', async () => {
    expect((await check('otherDirector', { expect: null })).verdict.status).toBe('valid');
  });
});

describe("a signature of the committee's decision", () => {
  it("the committee's examiner: valid against COMMITTEE_INN", async () => {
    const { signature, verdict } = await check('examiner', { expect: TEST_COMMITTEE });
    expect(verdict).toMatchObject({
      status: 'valid',
      signer: { fio: 'Смирнов Алексей Петрович', innLe: TEST_COMMITTEE.innLe },
    });
    expect((await opensslVerdict(signature, document, { crl: true })).ok).toBe(true);
  });

  it('an examiner of another organisation: foreign_organization, though openssl finds the signature fine', async () => {
    const { signature, verdict } = await check('otherExaminer', {
      expect: { innLe: TEST_COMMITTEE.innLe },
    });
    expect(verdict.status).toBe('foreign_organization');
    expect(signatureSummary(verdict)).toBe('Подпись принадлежит другой организации');
    expect((await opensslVerdict(signature, document, { crl: true })).ok).toBe(true);
  });

  it("the company's director signing a decision: foreign_organization", async () => {
    expect((await check('director256', { expect: TEST_COMMITTEE })).verdict.status).toBe('foreign_organization');
  });
});

describe('files that are no signature at all', () => {
  async function unreadable(signature: Uint8Array, timeLimitMs?: number) {
    const started = Date.now();
    const error = await verifyDetachedSignature({
      document: { path: document },
      signature,
      trust,
      expectOrganization: TEST_COMPANY,
      timeLimitMs,
    }).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(Date.now() - started).toBeLessThan(5000);
    expect(error).toBeInstanceOf(UnreadableSignatureError);
    return (error as UnreadableSignatureError).reason;
  }

  it('a PDF offered as a signature, and openssl agrees it is none', async () => {
    const bytes = new Uint8Array(await readFile(document));
    expect(await unreadable(bytes)).toBe('not_cms');
    expect(unreadableSignatureMessage('Фасад.pdf.sig', 'not_cms')).toBe(
      'Файл подписи «Фасад.pdf.sig» повреждён или не является подписью',
    );
    expect((await opensslVerdict(bytes, document)).output).toMatch(/Error reading|Could not read|asn1|d2i/i);
  });

  it('a truncated signature', async () => {
    const signature = await ca.sign(document, 'director256');
    for (const length of [1, 10, Math.floor(signature.length / 2), signature.length - 1]) {
      expect(await unreadable(signature.subarray(0, length))).toBe('not_cms');
    }
    expect((await opensslVerdict(signature.subarray(0, signature.length - 1), document)).ok).toBe(false);
  });

  it('100 MB of noise: refused by its size before anything reads it', async () => {
    const noise = randomBytes(100 * 1024 * 1024);
    expect(await unreadable(noise)).toBe('too_large');
    expect(await unreadable(randomBytes(MAX_SIGNATURE_SIZE))).toBe('not_cms');
  });

  it('a bomb of nested ASN.1: indefinite and definite lengths, a megabyte deep', async () => {
    const indefinite = new Uint8Array(MAX_SIGNATURE_SIZE);
    for (let i = 0; i + 1 < indefinite.length / 2; i += 2) indefinite.set([0x30, 0x80], i);
    expect(await unreadable(indefinite)).toBe('not_cms');
    // SEQUENCE { SEQUENCE { ... } } with every length written out: 100 000 levels in under a megabyte.
    const depth = 100_000;
    const parts: number[][] = [];
    let inner = 0;
    for (let level = 0; level < depth; level++) {
      const length = inner;
      const header =
        length < 0x80
          ? [0x30, length]
          : length < 0x10000
            ? [0x30, 0x82, length >> 8, length & 0xff]
            : [0x30, 0x83, length >> 16, (length >> 8) & 0xff, length & 0xff];
      parts.push(header);
      inner += header.length;
    }
    const definite = Uint8Array.from(parts.reverse().flat());
    expect(definite.length).toBeLessThanOrEqual(MAX_SIGNATURE_SIZE);
    expect(await unreadable(definite)).toBe('not_cms');
  });

  it('a signature with the document inside (attached)', async () => {
    const attached = path.join(dir, 'attached.sig');
    const certificate = ca.signers.director256;
    await run(
      'openssl',
      [
        'cms',
        '-sign',
        '-binary',
        '-nodetach',
        '-in',
        document,
        '-signer',
        certificate.certificatePath,
        '-inkey',
        certificate.keyPath,
        '-outform',
        'DER',
        '-out',
        attached,
      ],
      { env: ca.opensslEnv },
    );
    expect(await unreadable(new Uint8Array(await readFile(attached)))).toBe('attached');
  });

  it('PEM and bare base64, as some signing tools save a signature, are read like DER', async () => {
    const der = Buffer.from(await ca.sign(document, 'director256'));
    const base64 = der.toString('base64');
    const pem = `-----BEGIN CMS-----\n${base64.replace(/.{64}/g, '$&\n')}\n-----END CMS-----\n`;
    for (const text of [pem, base64]) {
      const verdict = await verifyDetachedSignature({
        document: { path: document },
        signature: new TextEncoder().encode(text),
        trust,
        expectOrganization: TEST_COMPANY,
      });
      expect(verdict.status).toBe('valid');
    }
  });

  it('a check out of time is killed and says so, whether OpenSSL reads a file or a stream', async () => {
    const signature = await ca.sign(document, 'director256');
    expect(await unreadable(signature, 1)).toBe('timeout');
    const bytes = new Uint8Array(await readFile(document));
    for (const limit of [1, 20, 60]) {
      for (const input of [
        { bytes },
        {
          stream: (async function* () {
            yield bytes;
          })(),
        },
      ]) {
        const outcome = await verifyDetachedSignature({
          document: input,
          signature,
          trust,
          expectOrganization: null,
          timeLimitMs: limit,
        }).then(
          (verdict) => verdict.status,
          (error: unknown) => (error as UnreadableSignatureError).reason,
        );
        // A fast machine may finish within 60 ms; whatever comes, it is one of these and it comes at once.
        expect(['timeout', 'valid']).toContain(outcome);
      }
    }
    expect(unreadableSignatureMessage('Фасад.pdf.sig', 'timeout')).toMatch(/не удалось проверить за отведённое время/);
  });
});

describe('revocation that cannot be told', () => {
  it("an issuing authority's CRL past its nextUpdate: revocation_unknown, never valid; a revoked signer stays revoked", async () => {
    const pdf = path.join(dir, 'stale.pdf');
    await writeFile(pdf, '%PDF-1.4 stale');
    const nextUpdate = [...trust.crlUntil.values()].find((until) => until !== null) as Date;
    const later = new Date(nextUpdate.getTime() + 24 * 60 * 60 * 1000);
    for (const [signer, status] of [
      ['director256', 'revocation_unknown'],
      ['revoked', 'revoked'],
    ] as const) {
      const signature = await ca.sign(pdf, signer);
      const check = { document: { path: pdf }, signature, trust, expectOrganization: TEST_COMPANY };
      expect((await verifyDetachedSignature({ ...check, now: new Date() })).status, signer).toBe(
        signer === 'revoked' ? 'revoked' : 'valid',
      );
      expect((await verifyDetachedSignature({ ...check, now: later })).status, signer).toBe(status);
    }
  });

  it('a folder with the root alone: a signer whose intermediate comes in the signature is never valid', async () => {
    const rootOnly = path.join(dir, 'root-only');
    await mkdir(rootOnly, { recursive: true });
    await cp(path.join(ca.trustDir, 'root.pem'), path.join(rootOnly, 'root.pem'));
    const store = await loadTrustStore(rootOnly);
    const pdf = path.join(dir, 'root-only.pdf');
    await writeFile(pdf, '%PDF-1.4 root only');
    for (const signer of ['director256', 'revoked'] as const) {
      const signature = await ca.sign(pdf, signer, { withIntermediate: true });
      const check = { document: { path: pdf }, signature, trust: store, expectOrganization: TEST_COMPANY };
      expect((await verifyDetachedSignature(check)).status, signer).toBe('revocation_unknown');
    }
  });

  it('refuses a trust folder with an intermediate authority but not its CRL, naming the certificate', async () => {
    const noCrl = path.join(dir, 'no-crl');
    await mkdir(noCrl, { recursive: true });
    await cp(path.join(ca.trustDir, 'root.pem'), path.join(noCrl, 'root.pem'));
    await cp(path.join(ca.trustDir, 'intermediate.cer'), path.join(noCrl, 'intermediate.cer'));
    await expect(loadTrustStore(noCrl)).rejects.toThrow(/нет списка отзыва \(CRL\) центра .*intermediate\.cer/);
  });
});

describe('the trust folder read again without a restart', () => {
  /** A folder with the root alone, to which the intermediate and its CRL come later. */
  async function rootOnlyFolder(name: string): Promise<string> {
    const folder = path.join(dir, name);
    await mkdir(folder, { recursive: true });
    await cp(path.join(ca.trustDir, 'root.pem'), path.join(folder, 'root.pem'));
    return folder;
  }
  const addIntermediate = async (folder: string) => {
    for (const file of ['intermediate.cer', 'intermediate.crl'])
      await cp(path.join(ca.trustDir, file), path.join(folder, file));
  };

  it('checks by the folder as read again from the next check on; a folder the start would refuse leaves the old one', async () => {
    const folder = await rootOnlyFolder('reloaded');
    const checker = trustedChecker(loadTrustStore(folder), { load: () => loadTrustStore(folder) });
    const pdf = path.join(dir, 'reloaded.pdf');
    await writeFile(pdf, '%PDF-1.4 reloaded');
    const signature = await ca.sign(pdf, 'director256', { withIntermediate: true });
    const check = () =>
      checker.check({ document: { path: pdf }, signature, expectOrganization: TEST_COMPANY, now: new Date() });
    expect((await check()).status).toBe('revocation_unknown');

    await addIntermediate(folder);
    const state = await checker.reload();
    expect(state.available && state.crls.length).toBe(1);
    expect((await check()).status).toBe('valid');

    // An intermediate without its CRL is refused as at the start, naming it; the store in use stays.
    await rm(path.join(folder, 'intermediate.crl'));
    await expect(checker.reload()).rejects.toThrow(/нет списка отзыва \(CRL\) центра .*intermediate\.cer/);
    expect((await check()).status).toBe('valid');
  });

  it('SIGHUP makes a running API read it: a new CRL shows in the metrics, a wrong folder is logged and the API goes on', async () => {
    const folder = await rootOnlyFolder('sighup');
    const dataDir = path.join(dir, 'sighup-data');
    await mkdir(dataDir, { recursive: true });
    const metricsPort = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      SIGNATURE_TRUST_DIR: folder,
      COMMITTEE_INN: TEST_COMMITTEE.innLe,
      METRICS_PORT: String(metricsPort),
    };
    delete env.DATABASE_URL;
    delete env.SMTP_URL;
    const api = await startPortalOnFreePort('api', {
      env: () => env,
      readyPath: '/api/health',
      wait: { name: 'the API', timeoutMs: 60_000, pollMs: 100 },
    });
    try {
      const crlLines = async () => {
        const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
        return text.split('\n').filter((line) => line.startsWith('portal_signature_crl_next_update_seconds{'));
      };
      expect(await crlLines()).toEqual([]);
      await addIntermediate(folder);
      api.child.kill('SIGHUP');
      await expect.poll(async () => (await crlLines()).length, { timeout: 20_000 }).toBe(1);

      await writeFile(path.join(folder, 'notes.txt'), 'не сертификат');
      api.child.kill('SIGHUP');
      await expect.poll(() => api.child.output(), { timeout: 20_000 }).toMatch(/не перечитан/);
      expect(api.child.running()).toBe(true);
      expect((await fetch(`${api.url}/api/health`)).status).toBe(200);
      expect((await crlLines()).length).toBe(1);
    } finally {
      await api.child.stop();
    }
  });
});

describe('checks at once', () => {
  it('run at most one per core (or as set): the rest wait their turn, and each gets its verdict', async () => {
    let running = 0;
    let most = 0;
    const started: Array<() => void> = [];
    const verify = async (input: VerifyDetachedSignatureInput) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => started.push(resolve));
      running -= 1;
      return { status: 'valid', checkedAt: input.now?.toISOString() } as unknown as DocumentSignature;
    };
    const checker = trustedChecker(Promise.resolve(trust), { atOnce: 2, verify });
    const input = {
      document: { bytes: new Uint8Array([1]) },
      signature: new Uint8Array([1]),
      expectOrganization: null,
    };
    const checks = Array.from({ length: 6 }, (_, index) => checker.check({ ...input, now: new Date(index * 1000) }));
    // Let the first two finish, then the next two, and so on: never more than two at once.
    for (let round = 0; round < 3; round++) {
      await expect.poll(() => started.length).toBe(2);
      expect(running).toBe(2);
      for (const release of started.splice(0)) release();
    }
    const verdicts = await Promise.all(checks);
    expect(most).toBe(2);
    expect(verdicts.map((verdict) => verdict.checkedAt)).toEqual(
      Array.from({ length: 6 }, (_, index) => new Date(index * 1000).toISOString()),
    );
    expect(CHECKS_AT_ONCE).toBe(availableParallelism());
  });
});

describe('the trust directory', () => {
  it('refuses a CRL no trusted certificate signed, and a file that is neither certificate nor CRL, naming it', async () => {
    const forged = path.join(dir, 'forged-trust');
    await mkdir(forged, { recursive: true });
    await writeFile(path.join(forged, 'root.pem'), await readFile(path.join(ca.dir, 'stranger-root.pem')));
    await writeFile(path.join(forged, 'intermediate.crl'), await readFile(path.join(ca.trustDir, 'intermediate.crl')));
    await expect(loadTrustStore(forged)).rejects.toThrow(/intermediate\.crl.*не проверяется/);
    const junk = path.join(dir, 'junk-trust');
    await mkdir(junk, { recursive: true });
    await writeFile(path.join(junk, 'notes.txt'), 'это не сертификат');
    await expect(loadTrustStore(junk)).rejects.toThrow(/notes\.txt/);
  });

  it("reads an accredited authority's size of CRL (20 000 entries) quickly, and still finds the revoked one", async () => {
    const caDir = path.join(dir, 'big-crl.ca');
    await cp(path.join(ca.dir, 'intermediate.ca'), caDir, { recursive: true });
    const lines = Array.from({ length: 20_000 }, (_, i) => {
      const serial = (0x10_0000_0000 + i).toString(16).toUpperCase().padStart(16, '0');
      return `R\t301231235959Z\t250101000000Z,keyCompromise\t${serial}\tunknown\t/CN=x${i}\n`;
    });
    await appendFile(path.join(caDir, 'index.txt'), lines.join(''));
    const big = path.join(dir, 'big-crl-trust');
    await mkdir(big, { recursive: true });
    await writeFile(path.join(big, 'root.pem'), await readFile(path.join(ca.dir, 'root.pem')));
    await writeFile(path.join(big, 'intermediate.pem'), await readFile(path.join(ca.dir, 'intermediate.pem')));
    const crlArgs = [
      'ca',
      '-gencrl',
      '-cert',
      path.join(ca.dir, 'intermediate.pem'),
      '-keyfile',
      path.join(ca.dir, 'intermediate.key'),
    ];
    await run('openssl', [...crlArgs, '-out', path.join(big, 'intermediate.crl')], {
      env: { ...ca.opensslEnv, CA_DIR: caDir },
    });
    const started = Date.now();
    const store = await loadTrustStore(big);
    expect(Date.now() - started).toBeLessThan(5000);
    expect([...store.revoked.values()][0]?.size).toBe(20_001);
    const signature = await ca.sign(document, 'revoked');
    const verdict = await verifyDetachedSignature({
      document: { path: document },
      signature,
      trust: store,
      expectOrganization: TEST_COMPANY,
    });
    expect(verdict.status).toBe('revoked');
  });

  it('reads PEM and DER: the intermediate is DER, its CRL PEM, and the revoked serial comes from the CRL', async () => {
    expect(trust.certificatesPem).toHaveLength(3);
    const serial = (
      await run('openssl', ['x509', '-in', ca.signers.revoked.certificatePath, '-noout', '-serial'], {
        env: ca.opensslEnv,
      })
    ).stdout;
    expect([...trust.revoked.values()].flatMap((set) => [...set])).toEqual([serial.trim().replace('serial=', '')]);
  });
});

describe("the demo's authority", () => {
  it('signs the demo document: its director valid, the other director foreign, both as openssl says', async () => {
    const demo = await loadTrustStore(DEMO_TRUST_DIR);
    const pdf = path.join(dir, 'demo.pdf');
    await writeFile(pdf, DEMO_PDF);
    const read = (name: string) => readFile(path.join(DEMO_SIGNATURES_DIR, name));
    const verdicts = [];
    for (const name of ['demo-document.director.sig', 'demo-document.other-director.sig']) {
      const signature = new Uint8Array(await read(name));
      // The demo seed checks on a clock set back to each demo date, up to 40 days.
      const statuses = new Set<string>();
      for (const daysAgo of [0, 40]) {
        const now = new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000);
        const check = { document: { path: pdf }, signature, trust: demo, expectOrganization: TEST_COMPANY, now };
        statuses.add((await verifyDetachedSignature(check)).status);
      }
      verdicts.push([...statuses].join());
      const chain = path.join(dir, 'demo-chain.pem');
      await writeFile(chain, Buffer.concat([await read('trust/root.pem'), await read('trust/intermediate.pem')]));
      const sig = path.join(dir, 'demo.sig');
      await writeFile(sig, signature);
      await run(
        'openssl',
        [
          'cms',
          '-verify',
          '-binary',
          '-inform',
          'DER',
          '-in',
          sig,
          '-content',
          pdf,
          '-CAfile',
          chain,
          '-purpose',
          'any',
          '-out',
          '/dev/null',
        ],
        { env: ca.opensslEnv },
      );
    }
    expect(verdicts).toEqual(['valid', 'foreign_organization']);
  });

  it('ships with its verdicts: the seed files exactly what OpenSSL says now, over the very document signed', async () => {
    // The probe's sample and the seed's album are the same bytes.
    expect(await readFile(DEMO_DOCUMENT_FILE, 'utf8')).toBe(DEMO_PDF);
    const shipped = await shippedDemoVerdicts();
    // The director, another company's director, the chief architect's personal certificate (the seed files it under
    // her power of attorney: valid there), and the director on that power of attorney.
    expect(Object.values(shipped).map((verdict) => [verdict.status, verdict.signer.fio])).toEqual([
      ['valid', 'Иванов Иван Иванович'],
      ['foreign_organization', 'Сидоров Пётр Николаевич'],
      ['foreign_organization', 'Петрова Анна Сергеевна'],
      ['valid', 'Иванов Иван Иванович'],
    ]);
    expect(await demoVerdicts()).toEqual(shipped);
  });

  it("the start's probe finds how this machine's OpenSSL verifies GOST, and the check uses it", async () => {
    const gost = await probeGost();
    // Debian's libengine-gost-openssl on OpenSSL 3: its provider has no GOST keys, so the engine verifies.
    expect(gost.source).toBe('engine');
    // With no engine and no provider where OpenSSL looks, neither verifies: the portal then says so (no-gost.test.ts).
    const empty = path.join(dir, 'no-engines');
    await mkdir(empty, { recursive: true });
    const saved = { engines: process.env.OPENSSL_ENGINES, modules: process.env.OPENSSL_MODULES };
    process.env.OPENSSL_ENGINES = empty;
    process.env.OPENSSL_MODULES = empty;
    try {
      expect(await probeGost()).toEqual({ source: null, detail: expect.stringMatching(/не проверяет подпись ГОСТ/) });
    } finally {
      for (const [name, value] of [
        ['OPENSSL_ENGINES', saved.engines],
        ['OPENSSL_MODULES', saved.modules],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it('is what a portal outside production trusts by default, with the demo committee; production refuses it', () => {
    const base = { DATA_DIR: dir };
    expect(loadConfig(base).signatures).toMatchObject({ trustDir: DEMO_TRUST_DIR, committeeInn: DEMO_COMMITTEE.innLe });
    const production = {
      ...base,
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:25',
      JWT_SECRET: 'x'.repeat(40),
      PUBLIC_ORIGIN: 'https://agr.example.ru',
    };
    expect(loadConfig(production).signatures).toMatchObject({ trustDir: null, committeeInn: null });
    expect(() => loadConfig({ ...production, SIGNATURE_TRUST_DIR: DEMO_TRUST_DIR })).toThrow(/демонстрационный/);
  });
});

describe('the signature settings', () => {
  const env = (extra: Record<string, string>) => ({ DATA_DIR: dir, SIGNATURE_TRUST_DIR: ca.trustDir, ...extra });

  it('reads SIGNATURES_REQUIRED as a comma list of documents and decisions', () => {
    expect([...loadConfig(env({})).signatures.required]).toEqual([]);
    expect([...loadConfig(env({ SIGNATURES_REQUIRED: ' Documents , decisions,' })).signatures.required]).toEqual([
      'documents',
      'decisions',
    ]);
    expect(() => loadConfig(env({ SIGNATURES_REQUIRED: 'documents,letters' }))).toThrow(/«letters»/);
  });

  it('refuses a wrong COMMITTEE_INN, a missing trust directory, and a requirement that could never be met', () => {
    expect(() => loadConfig(env({ COMMITTEE_INN: '7705000011' }))).toThrow(/COMMITTEE_INN: ИНН указан с ошибкой/);
    expect(() => loadConfig(env({ COMMITTEE_INN: '770100001107' }))).toThrow(/10 цифр/);
    expect(() => loadConfig(env({ SIGNATURE_TRUST_DIR: path.join(dir, 'нет') }))).toThrow(
      /SIGNATURE_TRUST_DIR: нет каталога/,
    );
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:25',
      JWT_SECRET: 'x'.repeat(40),
      PUBLIC_ORIGIN: 'https://agr.example.ru',
      DATA_DIR: dir,
    };
    expect(() => loadConfig({ ...production, SIGNATURES_REQUIRED: 'documents' })).toThrow(
      /не задан SIGNATURE_TRUST_DIR/,
    );
    expect(() =>
      loadConfig({ ...production, SIGNATURE_TRUST_DIR: ca.trustDir, SIGNATURES_REQUIRED: 'decisions' }),
    ).toThrow(/COMMITTEE_INN/);
    expect(
      loadConfig({
        ...production,
        SIGNATURE_TRUST_DIR: ca.trustDir,
        COMMITTEE_INN: DEMO_COMMITTEE.innLe,
        SIGNATURES_REQUIRED: 'decisions',
      }).signatures.required.has('decisions'),
    ).toBe(true);
  });
});
