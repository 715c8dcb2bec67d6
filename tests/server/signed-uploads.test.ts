// Signatures filed with a statement's documents and the committee's decisions (docs/product.md «Signatures»), on a
// real database, with real GOST signatures of a test authority made here.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appeal, Stage, StageFile, Statement, StatementListItem } from '#domain/contract.ts';
import { SIGNATURE_FAILURE_TEXTS, unreadableSignatureMessage } from '#domain/signatures.ts';
import { approvedSetOf, makeApprovedSet } from '../../server/src/approved-sets/approved-sets.service.ts';
import { refusalGrounds } from '../../server/src/catalogs/catalogs.service.ts';
import { demoUsers } from '../../tools/demo.ts';
import { makeTestAuthority, TEST_COMMITTEE, type TestAuthority, type TestSignerName } from '../../tools/test-ca.ts';
import { groundsFor, login, startTestPortal, type TestPortal, uploadPrefile } from './helpers.ts';

let dir: string;
let ca: TestAuthority;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'signed-uploads-'));
  ca = await makeTestAuthority(path.join(dir, 'ca'));
}, 120_000);
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A PDF of its own bytes, kept on disk for the authority to sign. */
async function pdf(name: string): Promise<{ name: string; bytes: Buffer; file: string }> {
  const bytes = Buffer.from(`%PDF-1.4\n% ${name}\n${randomBytes(2048).toString('base64')}\n%%EOF\n`);
  const file = path.join(dir, `${randomBytes(6).toString('hex')}.pdf`);
  await writeFile(file, bytes);
  return { name, bytes, file };
}

async function signed(bytes: Buffer, signer: TestSignerName): Promise<Buffer> {
  const file = path.join(dir, `${randomBytes(6).toString('hex')}.bin`);
  await writeFile(file, bytes);
  return Buffer.from(await ca.sign(file, signer));
}

/** A portal trusting the test authority, the committee being the authority's committee. */
function signaturePortal(env: Record<string, string> = {}) {
  const state: { portal?: TestPortal; tokens: Record<string, string> } = { tokens: {} };
  beforeAll(async () => {
    state.portal = await startTestPortal({
      SIGNATURE_TRUST_DIR: ca.trustDir,
      COMMITTEE_INN: TEST_COMMITTEE.innLe,
      ...env,
    });
    for (const role of ['owner', 'examiner1', 'examiner2', 'head'] as const) {
      state.tokens[role] = (await login(state.portal, demoUsers[role].email)).accessToken;
    }
  }, 120_000);
  afterAll(async () => {
    await state.portal?.close();
  });
  const portal = () => {
    if (!state.portal) throw new Error('portal not started');
    return state.portal;
  };
  const call = (as: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    portal().app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${state.tokens[as]}` },
      ...(payload === undefined ? {} : { payload }),
    });
  const upload = async (as: string, name: string, bytes: Buffer) => {
    const response = await uploadPrefile(portal(), state.tokens[as] as string, name, bytes);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };
  const submit = (prefileIds: number[]) =>
    call('owner', 'POST', '/api/statements', { cipher: '', objectName: 'Дом с подписями', prefileIds });
  /** The certificate an approval of statement `id` carries, 'Свидетельство_{visibleId}.pdf', as a PDF on disk. */
  const certificateOf = async (id: number) =>
    pdf(`Свидетельство_${(await call('examiner1', 'GET', `/api/instance/statements/${id}`)).json().visibleId}.pdf`);
  /** The certificate of statement `id`, unsigned, uploaded by examiner 1. */
  const unsignedCertificate = async (id: number) => {
    const certificate = await certificateOf(id);
    return upload('examiner1', certificate.name, certificate.bytes);
  };
  const counts = async () => ({
    statements: Number(
      (
        await portal()
          .db.selectFrom('statements')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    files: Number(
      (
        await portal()
          .db.selectFrom('files')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });
  /** A statement the owner filed and examiner 1 refused (with grounds, the letter kept unsigned). */
  const refused = async (): Promise<number> => {
    const created = await submit([await upload('owner', 'Фасады.pdf', (await pdf('Фасады.pdf')).bytes)]);
    const { id } = created.json();
    expect((await call('examiner1', 'POST', '/api/instance/StartWorkOnStatement', { id })).statusCode).toBe(200);
    const rejected = await call('examiner1', 'POST', `/api/instance/${id}/stages`, {
      status: 'rejected',
      comment: '',
      prefileIds: [],
      ...(await groundsFor(portal().ctx, 'rejected')),
    });
    expect(rejected.statusCode, rejected.body).toBe(201);
    return id as number;
  };
  /** Whether `as` has a notification saying `message` (one written after a commit is awaited by the poll). */
  const notified = async (as: string, message: string) =>
    ((await call(as, 'GET', '/api/notifications')).json() as Array<{ message: string }>).some(
      (n) => n.message === message,
    );
  return { portal, call, upload, submit, counts, refused, certificateOf, unsignedCertificate, notified };
}

const byName = (files: readonly StageFile[]) => new Map(files.map((file) => [file.fileName, file]));

describe('signatures filed with documents', () => {
  const { call, upload, submit, counts } = signaturePortal();

  it('refuses a megabyte of PEM BEGIN markers as no signature in one pass, and releases it: the round cannot be replayed', async () => {
    const album = await upload('owner', 'Альбом.pdf', (await pdf('Альбом.pdf')).bytes);
    const markers = Buffer.from('-----BEGIN A-----'.repeat(Math.floor(1_048_576 / 17)), 'latin1');
    const bomb = await upload('owner', 'Альбом.pdf.sig', markers);
    const before = await counts();
    const refused = await submit([album, bomb]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(unreadableSignatureMessage('Альбом.pdf.sig', 'not_cms'));
    // The same request again finds the file gone: another try takes another upload of it.
    const again = await submit([album, bomb]);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('invalid_prefiles');
    expect(await counts()).toEqual(before);
    // The album is still the user's to file.
    expect((await submit([album])).statusCode).toBe(201);
  });

  it('pairs each signature with its document, keeps every verdict and shows it to both sides', async () => {
    const cases: Array<[string, TestSignerName | 'other-bytes', string]> = [
      ['Фасады.pdf', 'director256', 'Фасады.pdf.sig'],
      ['План.pdf', 'director512', 'План.sig'],
      ['Разрез.pdf', 'otherDirector', 'Разрез.pdf.p7s'],
      ['Схема.pdf', 'other-bytes', 'Схема.pdf.sig'],
      ['Узлы.pdf', 'expired', 'Узлы.pdf.sig'],
      ['Кровля.pdf', 'revoked', 'Кровля.pdf.sig'],
      ['Генплан.pdf', 'untrusted', 'Генплан.pdf.sig'],
      ['Цвет.pdf', 'rsa', 'Цвет.pdf.sig'],
    ];
    const ids: number[] = [];
    const signatures = new Map<string, Buffer>();
    for (const [name, signer, signatureName] of cases) {
      const document = await pdf(name);
      const signature =
        signer === 'other-bytes'
          ? await signed(Buffer.from('другой документ'), 'director256')
          : await signed(document.bytes, signer);
      signatures.set(signatureName, signature);
      ids.push(await upload('owner', name, document.bytes), await upload('owner', signatureName, signature));
    }
    ids.push(await upload('owner', 'Записка.pdf', (await pdf('Записка.pdf')).bytes));
    const created = await submit(ids);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();

    const company = (await call('owner', 'GET', `/api/statements/${id}`)).json() as Statement;
    const examiner = (await call('examiner1', 'GET', `/api/instance/statements/${id}`)).json() as Statement;
    for (const statement of [company, examiner]) {
      const files = byName((statement.stages[0] as Stage).files);
      // Signature files are kept beside their documents, never as documents of their own.
      expect([...files.keys()].sort()).toEqual([...cases.map(([name]) => name), 'Записка.pdf'].sort());
      const status = (name: string) => files.get(name)?.signature?.status;
      expect(status('Фасады.pdf')).toBe('valid');
      expect(status('План.pdf')).toBe('valid');
      expect(status('Разрез.pdf')).toBe('foreign_organization');
      expect(status('Схема.pdf')).toBe('invalid');
      expect(status('Узлы.pdf')).toBe('expired');
      expect(status('Кровля.pdf')).toBe('revoked');
      expect(status('Генплан.pdf')).toBe('untrusted');
      expect(status('Цвет.pdf')).toBe('not_qualified');
      expect(files.get('Записка.pdf')?.signature).toBeNull();
      expect(files.get('Записка.pdf')?.signatureFile).toBeNull();
      const facade = files.get('Фасады.pdf');
      expect(facade?.signature?.signer).toMatchObject({ fio: 'Иванов Иван Иванович', innLe: '7701234560' });
      expect(facade?.signatureFile?.fileName).toBe('Фасады.pdf.sig');
      expect(files.get('Разрез.pdf')?.signatureFile?.fileName).toBe('Разрез.pdf.p7s');
    }
    // The .sig downloads beside its document, as filed.
    const facade = byName((company.stages[0] as Stage).files).get('Фасады.pdf');
    const download = await call('owner', 'GET', `/api/files?path=${facade?.signatureFile?.url}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(signatures.get('Фасады.pdf.sig') as Buffer)).toBe(true);
  });

  it('refuses a signature of no document with 400 and stores nothing', async () => {
    const before = await counts();
    const document = await pdf('Фасады.pdf');
    const ids = [
      await upload('owner', 'Фасады.pdf', document.bytes),
      await upload('owner', 'Разрезы.pdf.sig', await signed(document.bytes, 'director256')),
    ];
    const response = await submit(ids);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Файл подписи «Разрезы.pdf.sig» не относится ни к одному документу');
    expect(await counts()).toEqual(before);
  });

  it('refuses a file that is not a signature at all with 400 and stores nothing', async () => {
    const before = await counts();
    const document = await pdf('Фасады.pdf');
    const ids = [
      await upload('owner', 'Фасады.pdf', document.bytes),
      await upload('owner', 'Фасады.pdf.sig', randomBytes(3000)),
    ];
    const response = await submit(ids);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Файл подписи «Фасады\.pdf\.sig» /);
    expect(await counts()).toEqual(before);
  });

  it('marks a document whose signature changed in a new version as changed', async () => {
    const facade = await pdf('Фасады.pdf');
    const plan = await pdf('План.pdf');
    const created = await submit([
      await upload('owner', 'Фасады.pdf', facade.bytes),
      await upload('owner', 'План.pdf', plan.bytes),
    ]);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    expect((await call('examiner1', 'POST', '/api/instance/StartWorkOnStatement', { id })).statusCode).toBe(200);
    const reworked = await call('examiner1', 'POST', `/api/instance/${id}/stages`, {
      status: 'has_comments',
      comment: 'Подпишите фасады',
      prefileIds: [],
    });
    expect(reworked.statusCode, reworked.body).toBe(201);
    const version = await call('owner', 'POST', `/api/statements/${id}/stages`, {
      status: 'under_review',
      comment: 'Подписали',
      prefileIds: [
        await upload('owner', 'Фасады.pdf', facade.bytes),
        await upload('owner', 'Фасады.pdf.sig', await signed(facade.bytes, 'director256')),
        await upload('owner', 'План.pdf', plan.bytes),
      ],
    });
    expect(version.statusCode, version.body).toBe(201);
    const statement = (await call('owner', 'GET', `/api/statements/${id}`)).json() as Statement;
    const last = statement.stages.findLast((stage) => !stage.isGovernmentAgency) as Stage;
    const files = byName(last.files);
    expect(files.get('Фасады.pdf')?.change).toBe('changed');
    expect(files.get('План.pdf')?.change).toBe('unchanged');
  });
});

describe('SIGNATURES_REQUIRED=documents', () => {
  const { upload, submit, counts } = signaturePortal({ SIGNATURES_REQUIRED: 'documents' });

  it('refuses a submission with a document not validly signed by the company, naming every such file', async () => {
    const before = await counts();
    const facade = await pdf('Фасады.pdf');
    const section = await pdf('Разрез.pdf');
    const note = await pdf('Записка.pdf');
    const ids = [
      await upload('owner', 'Фасады.pdf', facade.bytes),
      await upload('owner', 'Фасады.pdf.sig', await signed(facade.bytes, 'director256')),
      await upload('owner', 'Разрез.pdf', section.bytes),
      await upload('owner', 'Разрез.pdf.sig', await signed(section.bytes, 'otherDirector')),
      await upload('owner', 'Записка.pdf', note.bytes),
    ];
    const response = await submit(ids);
    expect(response.statusCode).toBe(400);
    const { message } = response.json();
    expect(message).toContain('«Разрез.pdf»');
    expect(message).toContain('«Записка.pdf»');
    expect(message).not.toContain('«Фасады.pdf»');
    expect(message).toContain('не подписаны усиленной квалифицированной электронной подписью заявителя');
    expect(await counts()).toEqual(before);
  });

  it('takes a submission whose every document is validly signed', async () => {
    const facade = await pdf('Фасады.pdf');
    const response = await submit([
      await upload('owner', 'Фасады.pdf', facade.bytes),
      await upload('owner', 'Фасады.sig', await signed(facade.bytes, 'director256')),
    ]);
    expect(response.statusCode, response.body).toBe(201);
  });

  it('names the one unsigned document in the singular', async () => {
    const response = await submit([await upload('owner', 'Записка.pdf', (await pdf('Записка.pdf')).bytes)]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Документ «Записка.pdf» не подписан усиленной квалифицированной электронной подписью заявителя',
    );
  });
});

describe('signatures on decisions', () => {
  const { portal, call, upload, submit, certificateOf, unsignedCertificate } = signaturePortal();

  async function underReview(): Promise<number> {
    const created = await submit([await upload('owner', 'Фасады.pdf', (await pdf('Фасады.pdf')).bytes)]);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    expect((await call('examiner1', 'POST', '/api/instance/StartWorkOnStatement', { id })).statusCode).toBe(200);
    return id;
  }

  const reply = (id: number, status: string, prefileIds: number[], extra: object = {}) =>
    call('examiner1', 'POST', `/api/instance/${id}/stages`, { status, comment: '', prefileIds, ...extra });

  it('refuses in the reply a certificate signed by another public body, by the company or over other bytes', async () => {
    const id = await underReview();
    const certificate = await certificateOf(id);
    const attempts: Array<[Buffer, string]> = [
      [await signed(certificate.bytes, 'otherExaminer'), SIGNATURE_FAILURE_TEXTS.foreign_organization],
      [await signed(certificate.bytes, 'director256'), SIGNATURE_FAILURE_TEXTS.foreign_organization],
      [await signed(Buffer.from('другой документ'), 'examiner'), SIGNATURE_FAILURE_TEXTS.invalid],
    ];
    for (const [signature, why] of attempts) {
      const response = await reply(id, 'approved', [
        await upload('examiner1', certificate.name, certificate.bytes),
        await upload('examiner1', `${certificate.name}.sig`, signature),
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(`Подпись «${certificate.name}.sig» не принята: ${why}`);
    }
    const statement = (await call('examiner1', 'GET', `/api/instance/statements/${id}`)).json() as Statement;
    expect(statement.status).toBe('under_review');
  });

  it('approves with the certificate signed by the deciding examiner; the public check shows the signature and offers the certificate, not the signature file', async () => {
    const id = await underReview();
    const certificate = await certificateOf(id);
    const signature = await signed(certificate.bytes, 'examiner');
    const approved = await reply(id, 'approved', [
      await upload('examiner1', certificate.name, certificate.bytes),
      await upload('examiner1', `${certificate.name}.sig`, signature),
    ]);
    expect(approved.statusCode, approved.body).toBe(201);
    const decision = (approved.json() as Statement).stages.at(-1) as Stage;
    expect(decision.files.map((file) => [file.fileName, file.signature?.status])).toEqual([
      [certificate.name, 'valid'],
    ]);

    const token = (await call('examiner1', 'POST', `/api/instance/statements/${id}/certificate`)).json().token;
    const check = await portal().app.inject({ method: 'GET', url: `/api/public/certificates/${token}` });
    expect(check.statusCode).toBe(200);
    const { signature: shown, documents } = check.json();
    expect(shown).toMatchObject({ fio: 'Смирнов Алексей Петрович', documentName: certificate.name });
    expect(shown.serialNumber).toMatch(/^[0-9A-F]+$/);
    expect(Object.keys(shown).sort()).toEqual(['documentName', 'fio', 'serialNumber', 'validFrom', 'validTo'].sort());
    // The approved round's documents are the company's; the signature file is no document.
    expect(documents.map((file: { fileName: string }) => file.fileName)).toEqual(['Фасады.pdf']);
    const document = await portal().app.inject({
      method: 'GET',
      url: `/api/public/certificates/${token}/signed/document`,
    });
    expect(document.statusCode).toBe(200);
    expect(document.rawPayload.equals(certificate.bytes)).toBe(true);
    // The signature file is not public: the official's certificate inside it carries their СНИЛС and personal ИНН.
    const anonymous = await portal().app.inject({
      method: 'GET',
      url: `/api/public/certificates/${token}/signed/signature`,
    });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.rawPayload.includes(signature.subarray(0, 64))).toBe(false);
    // The company takes it with the statement's files.
    const ours = (await call('owner', 'GET', `/api/statements/${id}`)).json() as Statement;
    const signatureUrl = (ours.stages.at(-1) as Stage).files[0]?.signatureFile?.url as string;
    const sig = await call('owner', 'GET', `/api/files?path=${encodeURIComponent(signatureUrl)}`);
    expect(sig.statusCode).toBe(200);
    expect(sig.rawPayload.equals(signature)).toBe(true);

    // The company's own check: `openssl cms -verify` with the GOST engine confirms the .sig over the public PDF.
    const downloaded = path.join(dir, `check-${id}.pdf`);
    const downloadedSig = path.join(dir, `check-${id}.sig`);
    const bundle = path.join(dir, `bundle-${id}.pem`);
    await writeFile(downloaded, document.rawPayload);
    await writeFile(downloadedSig, sig.rawPayload);
    const roots = ['root.pem', 'intermediate.pem'].map((name) => readFile(path.join(ca.dir, name), 'utf8'));
    await writeFile(bundle, (await Promise.all(roots)).join(''));
    const verified = await promisify(execFile)(
      'openssl',
      [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        downloadedSig,
        '-content',
        downloaded,
        '-CAfile',
        bundle,
      ].concat(['-purpose', 'any', '-out', '/dev/null']),
      { env: ca.opensslEnv },
    );
    expect(`${verified.stdout}${verified.stderr}`).toContain('Verification successful');
  });

  it('shows no signature and offers no file for an approval without one', async () => {
    const id = await underReview();
    expect((await reply(id, 'approved', [await unsignedCertificate(id)])).statusCode).toBe(201);
    const token = (await call('examiner1', 'POST', `/api/instance/statements/${id}/certificate`)).json().token;
    expect(
      (await portal().app.inject({ method: 'GET', url: `/api/public/certificates/${token}` })).json().signature,
    ).toBeNull();
    const document = await portal().app.inject({
      method: 'GET',
      url: `/api/public/certificates/${token}/signed/document`,
    });
    expect(document.statusCode).toBe(404);
    expect(document.json().message).toBe('Свидетельство не найдено');
  });

  it('signs a corrected certificate later; its own public check shows the signature and serves both files', async () => {
    const id = await underReview();
    expect((await reply(id, 'approved', [await unsignedCertificate(id)])).statusCode).toBe(201);
    const asked = await call('owner', 'POST', `/api/statements/${id}/corrections`, { text: 'Опечатка в адресе' });
    expect(asked.statusCode, asked.body).toBe(201);
    const correctionId = (asked.json() as Statement).corrections[0]?.id as number;
    const corrected = await pdf('Свидетельство_исправленное.pdf');
    const decided = await call('examiner1', 'POST', `/api/instance/corrections/${correctionId}/decision`, {
      accept: true,
      note: null,
      prefileIds: [await upload('examiner1', corrected.name, corrected.bytes)],
      requisites: { objectName: 'Дом с подписями', address: 'ул. Верная, 1', cadastralNumber: null },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const correction = (decided.json() as Statement).corrections[0];
    const file = correction?.files[0] as StageFile;
    const signature = await signed(corrected.bytes, 'examiner');
    const signedFile = await call('examiner1', 'POST', `/api/instance/statements/${id}/files/${file.id}/signature`, {
      prefileId: await upload('examiner1', 'Свидетельство_исправленное.pdf.sig', signature),
    });
    expect(signedFile.statusCode, signedFile.body).toBe(200);
    const shown = ((await call('owner', 'GET', `/api/statements/${id}`)).json() as Statement).corrections[0];
    expect(shown?.files.map((f) => [f.fileName, f.signature?.status])).toEqual([[corrected.name, 'valid']]);

    const token = correction?.checkUrl?.split('/check/')[1] as string;
    const check = (await portal().app.inject({ method: 'GET', url: `/api/public/certificates/${token}` })).json();
    expect(check.signature).toMatchObject({ fio: 'Смирнов Алексей Петрович', documentName: corrected.name });
    // The signature the check relies on is the company's to download, not the public's.
    const signatureUrl = shown?.files[0]?.signatureFile?.url ?? '';
    const sig = await call('owner', 'GET', `/api/files?path=${encodeURIComponent(signatureUrl)}`);
    expect(sig.statusCode).toBe(200);
    expect(sig.rawPayload.equals(signature)).toBe(true);
  });

  it("pairs a corrected certificate with its signature sent in the correction's answer, as a reply does", async () => {
    const id = await underReview();
    expect((await reply(id, 'approved', [await unsignedCertificate(id)])).statusCode).toBe(201);
    const ask = async () => {
      const asked = await call('owner', 'POST', `/api/statements/${id}/corrections`, { text: 'Опечатка в адресе' });
      expect(asked.statusCode, asked.body).toBe(201);
      return (asked.json() as Statement).corrections.at(-1)?.id as number;
    };
    const correctionId = await ask();
    const corrected = await pdf('Свидетельство_исправленное.pdf');
    const decide = async (signature: Buffer) =>
      call('examiner1', 'POST', `/api/instance/corrections/${correctionId}/decision`, {
        accept: true,
        note: null,
        prefileIds: [
          await upload('examiner1', corrected.name, corrected.bytes),
          await upload('examiner1', `${corrected.name}.sig`, signature),
        ],
        requisites: { objectName: 'Дом с подписями', address: 'ул. Верная, 1', cadastralNumber: null },
      });
    // Another body's signature is refused with its reason, and nothing is answered.
    const foreign = await decide(await signed(corrected.bytes, 'otherExaminer'));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(
      `Подпись «${corrected.name}.sig» не принята: ${SIGNATURE_FAILURE_TEXTS.foreign_organization}`,
    );
    const waiting = ((await call('owner', 'GET', `/api/statements/${id}`)).json() as Statement).corrections[0];
    expect(waiting?.status).toBe('requested');

    const signature = await signed(corrected.bytes, 'examiner');
    const decided = await decide(signature);
    expect(decided.statusCode, decided.body).toBe(200);
    const shown = ((await call('owner', 'GET', `/api/statements/${id}`)).json() as Statement).corrections[0];
    expect(shown?.files.map((f) => [f.fileName, f.signature?.status, f.signatureFile?.fileName])).toEqual([
      [corrected.name, 'valid', `${corrected.name}.sig`],
    ]);
    const token = shown?.checkUrl?.split('/check/')[1] as string;
    const check = (await portal().app.inject({ method: 'GET', url: `/api/public/certificates/${token}` })).json();
    expect(check.signature).toMatchObject({ documentName: corrected.name });
    const signatureUrl = shown?.files[0]?.signatureFile?.url ?? '';
    const sig = await call('owner', 'GET', `/api/files?path=${encodeURIComponent(signatureUrl)}`);
    expect(sig.rawPayload.equals(signature)).toBe(true);
  });

  it('signs a stored refusal letter later, only by the examiner who decided, only once, only over its bytes', async () => {
    const id = await underReview();
    const rejected = await reply(id, 'rejected', [], await groundsFor(portal().ctx, 'rejected'));
    expect(rejected.statusCode, rejected.body).toBe(201);
    const letter = ((rejected.json() as Statement).stages.at(-1) as Stage).files[0] as StageFile;
    const bytes = (await call('examiner1', 'GET', `/api/files?path=${letter.url}`)).rawPayload;
    const sign = (as: string, prefileId: number) =>
      call(as, 'POST', `/api/instance/statements/${id}/files/${letter.id}/signature`, { prefileId });

    const other = await sign(
      'examiner1',
      await upload('examiner1', 'Письмо.pdf.sig', await signed(Buffer.from('не то'), 'examiner')),
    );
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(`Подпись «Письмо.pdf.sig» не принята: ${SIGNATURE_FAILURE_TEXTS.invalid}`);

    const byOther = await sign(
      'examiner2',
      await upload('examiner2', 'Письмо.pdf.sig', await signed(bytes, 'examiner')),
    );
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().message).toBe('Подписать решение может только эксперт, принявший его');

    const good = await sign('examiner1', await upload('examiner1', 'Письмо.pdf.sig', await signed(bytes, 'examiner')));
    expect(good.statusCode, good.body).toBe(200);
    const signedLetter = ((good.json() as Statement).stages.at(-1) as Stage).files[0];
    expect(signedLetter?.signature?.status).toBe('valid');
    expect(signedLetter?.signatureFile?.fileName).toBe('Письмо.pdf.sig');
    const company = (await call('owner', 'GET', `/api/statements/${id}`)).json() as Statement;
    expect((company.stages.at(-1) as Stage).files[0]?.signature?.signer.fio).toBe('Смирнов Алексей Петрович');

    const again = await sign('examiner1', await upload('examiner1', 'Письмо.pdf.sig', await signed(bytes, 'examiner')));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Решение уже подписано');
  });

  it("refuses a committee signature by someone other than the deciding examiner's name", async () => {
    const id = await underReview();
    const rejected = await reply(id, 'rejected', [], await groundsFor(portal().ctx, 'rejected'));
    const letter = ((rejected.json() as Statement).stages.at(-1) as Stage).files[0] as StageFile;
    // examiner1's own account, but the letter decided by examiner1 is signed with a certificate of the committee
    // naming examiner1 only when the names match: rename examiner1 and the same signature no longer matches.
    await portal()
      .db.updateTable('users')
      .set({ fio: 'Другой Эксперт Комитета' })
      .where('email', '=', demoUsers.examiner1.email)
      .execute();
    try {
      const bytes = (await call('examiner1', 'GET', `/api/files?path=${letter.url}`)).rawPayload;
      const response = await call('examiner1', 'POST', `/api/instance/statements/${id}/files/${letter.id}/signature`, {
        prefileId: await upload('examiner1', 'Письмо.sig', await signed(bytes, 'examiner')),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'Подпись «Письмо.sig» не принята: документ подписал Смирнов Алексей Петрович, а решение принял Другой Эксперт Комитета',
      );
    } finally {
      await portal()
        .db.updateTable('users')
        .set({ fio: demoUsers.examiner1.fio })
        .where('email', '=', demoUsers.examiner1.email)
        .execute();
    }
  });
});

describe("signatures on appeals' answers", () => {
  const { portal, call, upload, refused } = signaturePortal();

  it('signs the answer letter later, only by the head who decided the appeal, under their name, only once', async () => {
    const id = await refused();
    const filed = await call('owner', 'POST', `/api/statements/${id}/appeals`, {
      subject: 'decision_refusal',
      text: 'Фасады в альбоме есть',
      prefileIds: [],
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const decided = await call('head', 'POST', `/api/instance/appeals/${filed.json().id}/decision`, {
      upheld: false,
      text: 'Фасадов в альбоме нет',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const head = await portal()
      .db.selectFrom('users')
      .select('id')
      .where('email', '=', demoUsers.head.email)
      .executeTakeFirstOrThrow();
    expect((decided.json() as Appeal).decision?.deciderId).toBe(head.id);
    const letter = (decided.json() as Appeal).decision?.letter as StageFile;
    const bytes = (await call('head', 'GET', `/api/files?path=${letter.url}`)).rawPayload;
    const sign = (as: string, prefileId: number) =>
      call(as, 'POST', `/api/instance/statements/${id}/files/${letter.id}/signature`, { prefileId });
    const answerOf = (statement: Statement) => statement.appeals[0]?.decision?.letter;

    const other = await sign(
      'head',
      await upload('head', 'Ответ.pdf.sig', await signed(Buffer.from('не то'), 'examiner')),
    );
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(`Подпись «Ответ.pdf.sig» не принята: ${SIGNATURE_FAILURE_TEXTS.invalid}`);

    // The examiner who refused decided the round the letter is kept in, not the appeal: their signature is not taken.
    const byExaminer = await sign(
      'examiner1',
      await upload('examiner1', 'Ответ.pdf.sig', await signed(bytes, 'examiner')),
    );
    expect(byExaminer.statusCode).toBe(403);
    expect(byExaminer.json().message).toBe('Подписать ответ на жалобу может только руководитель, рассмотревший жалобу');

    const otherName = await sign('head', await upload('head', 'Ответ.pdf.sig', await signed(bytes, 'examiner')));
    expect(otherName.statusCode).toBe(400);
    expect(otherName.json().message).toBe(
      `Подпись «Ответ.pdf.sig» не принята: документ подписал Смирнов Алексей Петрович, а решение принял ${demoUsers.head.fio}`,
    );
    expect(answerOf((await call('owner', 'GET', `/api/statements/${id}`)).json())?.signature).toBeNull();

    // The head's own certificate of the committee.
    const signature = await signed(bytes, 'head');
    const good = await sign('head', await upload('head', 'Ответ.pdf.sig', signature));
    expect(good.statusCode, good.body).toBe(200);
    for (const [as, url] of [
      ['head', `/api/instance/statements/${id}`],
      ['examiner1', `/api/instance/statements/${id}`],
      ['owner', `/api/statements/${id}`],
    ] as const) {
      const answer = answerOf((await call(as, 'GET', url)).json());
      expect(answer?.signature?.status, as).toBe('valid');
      expect(answer?.signature?.signer).toMatchObject({ fio: demoUsers.head.fio, innLe: TEST_COMMITTEE.innLe });
      expect(answer?.signatureFile?.fileName).toBe('Ответ.pdf.sig');
      const download = await call(as, 'GET', `/api/files?path=${answer?.signatureFile?.url}`);
      expect(download.rawPayload.equals(signature)).toBe(true);
    }
    // The signature is the letter's, not a file of the appeal nor of the round.
    const company = (await call('owner', 'GET', `/api/statements/${id}`)).json() as Statement;
    expect(company.appeals[0]?.files).toEqual([]);
    expect(company.stages.flatMap((stage) => stage.files).map((file) => file.fileName)).not.toContain('Ответ.pdf.sig');

    const again = await sign('head', await upload('head', 'Ответ.pdf.sig', await signed(bytes, 'head')));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Решение уже подписано');
  });
});

describe('the demo', () => {
  const { call } = signaturePortal({ SIGNATURE_TRUST_DIR: '' });

  it("ships albums signed by its own authority: the company's director's, and another company's director's", async () => {
    const listed = (await call('owner', 'GET', '/api/statements')).json() as Array<{ id: number; title: string }>;
    const verdicts = new Map<string, string | undefined>();
    for (const item of listed) {
      const statement = (await call('owner', 'GET', `/api/statements/${item.id}`)).json() as Statement;
      const album = (statement.stages[0] as Stage).files.find((file) => file.fileName === 'Альбом АГР.pdf');
      verdicts.set(statement.title, album?.signature?.status);
    }
    expect(verdicts.get('Жилой комплекс «Северный»')).toBe('valid');
    expect(verdicts.get('Торговый центр «Квартал»')).toBe('foreign_organization');
    expect(verdicts.get('Гостиница «Волга»')).toBeUndefined();
  });
});

describe('SIGNATURES_REQUIRED=decisions', () => {
  const { portal, call, upload, submit, certificateOf, notified } = signaturePortal({
    SIGNATURES_REQUIRED: 'decisions',
  });

  const statementAs = async (as: string, id: number) =>
    (
      await call(as, 'GET', as === 'owner' ? `/api/statements/${id}` : `/api/instance/statements/${id}`)
    ).json() as Statement;
  const sign = async (as: string, id: number, file: StageFile) => {
    const bytes = (await call(as, 'GET', `/api/files?path=${file.url}`)).rawPayload;
    return call(as, 'POST', `/api/instance/statements/${id}/files/${file.id}/signature`, {
      prefileId: await upload(as, `${file.fileName}.sig`, await signed(bytes, 'examiner')),
    });
  };
  /** Everything the company and the public read of a statement, to compare before and after a decision is held. */
  const companyView = async (id: number) => {
    const statement = await statementAs('owner', id);
    const item = ((await call('owner', 'GET', '/api/statements')).json() as StatementListItem[]).find(
      (entry) => entry.id === id,
    );
    const registry = (
      await portal().app.inject({
        method: 'GET',
        url: `/api/public/registry?query=${statement.visibleId}&pageSize=100`,
      })
    ).json() as { items: Array<{ visibleId: number }> };
    const status = await portal().app.inject({
      method: 'POST',
      url: '/api/public/statement-status',
      payload: { visibleId: statement.visibleId, inn: statement.companyInn },
    });
    return {
      status: statement.status,
      stages: statement.stages.length,
      history: statement.history.map((entry) => entry.status),
      refusalGrounds: statement.refusalGrounds,
      remarks: statement.remarks.map((remark) => remark.status),
      listed: item && { status: item.status, lastUpdate: item.lastUpdate },
      counters: (await call('owner', 'GET', '/api/users/me/counters')).json(),
      notifications: ((await call('owner', 'GET', '/api/notifications')).json() as unknown[]).length,
      // The mail of the decision (earlier mails, as of taking it into work, may still be on their way).
      refusalMails: portal()
        .mailbox.messagesTo(demoUsers.owner.email)
        .filter((mail) => mail.subject.includes(`№ ${statement.visibleId}`) && mail.subject.includes('отказано'))
        .length,
      registered: registry.items.some((entry) => entry.visibleId === statement.visibleId),
      publicStatus: status.json().status,
    };
  };
  /**
   * The live stream's news of the statement (the change log the streams read): for its company (`company`), or for the
   * committee alone (a change without a company, which no company's stream or list hears).
   */
  const news = async (id: number, to: 'company' | 'committee' = 'company') =>
    Number(
      (
        await portal()
          .db.selectFrom('changes')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('statement_id', '=', id)
          .where('company_id', to === 'company' ? 'is not' : 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** The statement as the committee's list of every statement and the examiner's news show it. */
  const committeeLists = async (id: number) => {
    const all = (await call('examiner2', 'GET', '/api/instance/all/statements')).json() as StatementListItem[];
    const sent = (
      await call('examiner2', 'GET', '/api/instance/all/statements?status=sent')
    ).json() as StatementListItem[];
    return { listed: all.find((item) => item.id === id), news: sent.some((item) => item.id === id) };
  };

  it('holds an unsigned refusal from the company and the public until it is signed, then issues it once', async () => {
    const created = await submit([await upload('owner', 'Фасады.pdf', (await pdf('Фасады.pdf')).bytes)]);
    const { id } = created.json();
    expect((await call('examiner1', 'POST', '/api/instance/StartWorkOnStatement', { id })).statusCode).toBe(200);
    const before = await companyView(id);
    const newsBefore = await news(id);
    const committeeNewsBefore = await news(id, 'committee');

    const rejected = await call('examiner1', 'POST', `/api/instance/${id}/stages`, {
      status: 'rejected',
      comment: 'Не соответствует',
      prefileIds: [],
      ...(await groundsFor(portal().ctx, 'rejected')),
    });
    expect(rejected.statusCode, rejected.body).toBe(201);
    // The committee sees the decision awaiting its signature, the letter to sign.
    const committee = rejected.json() as Statement;
    const decision = committee.stages.at(-1) as Stage;
    expect(decision).toMatchObject({ status: 'rejected', awaitingSignature: true });
    const letter = decision.files[0] as StageFile;
    expect(letter.signature).toBeNull();
    // The company, the public check of the status, the register and the live stream see nothing yet.
    expect(await companyView(id)).toEqual(before);
    expect(before).toMatchObject({ status: 'under_review', registered: false, publicStatus: 'under_review' });
    expect(await news(id)).toBe(newsBefore);
    // The committee's streams hear of it, and its lists mark it 'Ожидает подписи'; the company's list never does.
    expect(await news(id, 'committee')).toBe(committeeNewsBefore + 1);
    expect((await committeeLists(id)).listed).toMatchObject({ status: 'under_review', awaitingSignature: true });
    expect(before.listed).not.toHaveProperty('awaitingSignature');

    // Nobody answers it again meanwhile.
    const again = await call('examiner1', 'POST', `/api/instance/${id}/stages`, {
      status: 'has_comments',
      comment: 'Ещё',
      prefileIds: [],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^Решение по заявлению ожидает подписи/);
    expect(await companyView(id)).toEqual(before);

    // Signed: the decision reaches the company, with one notification and one mail, and the public.
    const signedLetter = await sign('examiner1', id, letter);
    expect(signedLetter.statusCode, signedLetter.body).toBe(200);
    expect((signedLetter.json() as Statement).stages.at(-1)?.awaitingSignature).toBeUndefined();
    const after = await companyView(id);
    expect(after).toMatchObject({
      status: 'rejected',
      stages: before.stages + 1,
      history: [...before.history, 'rejected'],
      listed: { status: 'rejected' },
      counters: { rejected: before.counters.rejected + 1, under_review: before.counters.under_review - 1 },
      notifications: before.notifications + 1,
      registered: true,
      publicStatus: 'rejected',
    });
    expect(after.refusalGrounds.length).toBeGreaterThan(0);
    expect(await news(id)).toBeGreaterThan(newsBefore);
    expect((await committeeLists(id)).listed).not.toHaveProperty('awaitingSignature');
    await expect.poll(async () => (await companyView(id)).refusalMails, { timeout: 5000 }).toBe(1);
    const reached = (await statementAs('owner', id)).stages.at(-1) as Stage;
    expect(reached.awaitingSignature).toBeUndefined();
    expect(reached.files.map((file) => [file.id, file.signature?.status])).toEqual([[letter.id, 'valid']]);
  });

  it('holds an approval with an unsigned certificate; the check page answers it only once signed', async () => {
    const plan = await PDFDocument.create();
    plan.addPage();
    const created = await submit([
      await upload('owner', 'Фасады.pdf', (await pdf('Фасады.pdf')).bytes),
      await upload('owner', 'Генплан.pdf', Buffer.from(await plan.save())),
    ]);
    const statementId = created.json().id as number;
    expect(
      (await call('examiner1', 'POST', '/api/instance/StartWorkOnStatement', { id: statementId })).statusCode,
    ).toBe(200);
    const token = (await call('examiner1', 'POST', `/api/instance/statements/${statementId}/certificate`)).json().token;
    const bare = await call('examiner1', 'POST', `/api/instance/${statementId}/stages`, {
      status: 'approved',
      comment: '',
      prefileIds: [],
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe('Приложите свидетельство о согласовании');
    const certificate = await certificateOf(statementId);
    const approved = await call('examiner1', 'POST', `/api/instance/${statementId}/stages`, {
      status: 'approved',
      comment: '',
      prefileIds: [await upload('examiner1', certificate.name, certificate.bytes)],
    });
    expect(approved.statusCode, approved.body).toBe(201);
    const check = async () =>
      (await portal().app.inject({ method: 'GET', url: `/api/public/certificates/${token}` })).json();
    expect(await check()).toMatchObject({ status: 'under_review', decisionDate: null, signature: null });
    expect((await statementAs('owner', statementId)).status).toBe('under_review');
    // A held decision is no approval yet: no approved set is stamped for it (docs/product.md «The approved set»).
    await makeApprovedSet(portal().ctx, statementId);
    expect((await statementAs('examiner1', statementId)).approvedSet).toBeNull();
    expect(
      await portal()
        .db.selectFrom('approved_sets')
        .innerJoin('stages', 'stages.id', 'approved_sets.stage_id')
        .selectAll()
        .where('stages.statement_id', '=', statementId)
        .execute(),
    ).toEqual([]);

    const file = (await statementAs('examiner1', statementId)).stages.at(-1)?.files[0] as StageFile;
    expect((await sign('examiner1', statementId, file)).statusCode).toBe(200);
    expect(await check()).toMatchObject({ status: 'approved', signature: { fio: 'Смирнов Алексей Петрович' } });
    expect((await statementAs('owner', statementId)).status).toBe('approved');
    // Released, it is stamped: the release started the set; made here too if that has not finished yet.
    await makeApprovedSet(portal().ctx, statementId);
    let set = (await statementAs('examiner1', statementId)).approvedSet;
    while (!set) {
      await new Promise((resolve) => setImmediate(resolve));
      set = (await statementAs('examiner1', statementId)).approvedSet;
    }
    expect(set.files.map((entry) => entry.fileName)).toEqual(['Генплан_согласовано.pdf']);
    expect(set.notStamped.map((entry) => entry.fileName)).toEqual(['Фасады.pdf']);
    // The set waits for its inventory's signature: the committee sees it so, and the approver is asked to sign it;
    // the company, the check and the ZIP have no set yet.
    const { visibleId: shownId } = await statementAs('examiner1', statementId);
    const asked = `Опись согласованного комплекта по заявлению № ${shownId} «Дом с подписями» ждёт подписи`;
    // Asked once the set's transaction committed: awaited as it comes.
    await expect.poll(() => notified('examiner1', asked)).toBe(true);
    await expect
      .poll(() =>
        portal()
          .mailbox.messagesTo(demoUsers.examiner1.email)
          .some((mail) => mail.subject === asked),
      )
      .toBe(true);
    expect(set).toMatchObject({ awaitingSignature: true, inventory: { signature: null, signatureFile: null } });
    const inventory = set.inventory as NonNullable<typeof set.inventory>;
    expect((await statementAs('owner', statementId)).approvedSet).toBeNull();
    expect((await check()).approvedSet).toBeNull();
    expect((await call('owner', 'GET', `/api/approved-sets/${statementId}/zip`)).statusCode).toBe(404);
    expect((await call('examiner1', 'GET', `/api/approved-sets/${statementId}/zip`)).statusCode).toBe(200);
    // A stamped copy is covered by the inventory's hash, never signed alone; the inventory only by the approver.
    const copy = { ...(set.files[0] as (typeof set.files)[number]), id: 0, change: null, previousUrl: null };
    const copyId = (
      await portal().db.selectFrom('files').select('id').where('storage_key', '=', copy.url).executeTakeFirstOrThrow()
    ).id;
    const copySigned = await sign('examiner1', statementId, {
      ...copy,
      id: copyId,
      signature: null,
      signatureFile: null,
    });
    expect(copySigned.statusCode).toBe(409);
    expect(copySigned.json().message).toBe('Подписать можно только документ решения комитета');
    const inventoryFile = { ...inventory, change: null, previousUrl: null };
    expect((await sign('examiner2', statementId, inventoryFile)).statusCode).toBe(403);
    expect((await sign('examiner1', statementId, inventoryFile)).statusCode).toBe(200);
    // Signed, the set is issued: the company is told, gets it with the check, and the ZIP carries the signature.
    const { visibleId } = await statementAs('owner', statementId);
    const told = `Согласованный комплект по заявлению № ${visibleId} «Дом с подписями» подписан`;
    expect(await notified('owner', told)).toBe(true);
    await expect
      .poll(() =>
        portal()
          .mailbox.messagesTo(demoUsers.owner.email)
          .some((mail) => mail.subject === told),
      )
      .toBe(true);
    const issued = (await statementAs('owner', statementId)).approvedSet;
    expect(issued).toMatchObject({
      awaitingSignature: false,
      inventory: {
        id: inventory.id,
        signature: { status: 'valid' },
        signatureFile: { fileName: `${inventory.fileName}.sig` },
      },
    });
    expect((await check()).approvedSet.files.map((entry: { fileName: string }) => entry.fileName)).toEqual([
      'Генплан_согласовано.pdf',
    ]);
    const zip = await call('owner', 'GET', `/api/approved-sets/${statementId}/zip`);
    expect(zip.statusCode).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(zip.rawPayload))).sort()).toEqual(
      ['Генплан_согласовано.pdf', inventory.fileName, `${inventory.fileName}.sig`].sort(),
    );
    // The signature stays with the set: the decision's round still lists the certificate alone.
    const round = (await statementAs('owner', statementId)).stages.at(-1) as Stage;
    expect(round.files.map((entry) => entry.fileName)).toEqual([file.fileName]);
  });

  it('holds a refusal to accept in `sent`: out of the new statements, nobody takes it meanwhile, its signer becomes its examiner', async () => {
    const created = await submit([await upload('owner', 'Фасады.pdf', (await pdf('Фасады.pdf')).bytes)]);
    const { id } = created.json();
    const [ground] = await refusalGrounds(portal().ctx, 'intake');
    const refusal = await call('examiner1', 'POST', `/api/instance/statements/${id}/refuse-acceptance`, {
      comment: '',
      groundIds: [ground?.id],
    });
    expect(refusal.statusCode, refusal.body).toBe(200);
    const decision = (refusal.json() as Statement).stages.at(-1) as Stage;
    expect(decision).toMatchObject({ status: 'not_accepted', awaitingSignature: true });
    const owner = await statementAs('owner', id);
    expect(owner).toMatchObject({ status: 'sent', examiner: null });
    expect(owner.stages.map((stage) => stage.status)).toEqual(['sent']);
    // No examiner's news offers it any more ('Взять в работу' would be refused); every list marks it.
    expect(await committeeLists(id)).toMatchObject({
      news: false,
      listed: { status: 'sent', awaitingSignature: true },
    });
    const taken = await call('examiner2', 'POST', '/api/instance/StartWorkOnStatement', { id });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/^Решение по заявлению ожидает подписи/);

    expect((await sign('examiner1', id, decision.files[0] as StageFile)).statusCode).toBe(200);
    const issued = await statementAs('owner', id);
    expect(issued.status).toBe('not_accepted');
    expect(issued.examiner?.fio).toBe(demoUsers.examiner1.fio);
  });

  it('lets a decision filed with its signed certificate reach the company at once', async () => {
    const created = await submit([await upload('owner', 'Фасады.pdf', (await pdf('Фасады.pdf')).bytes)]);
    const { id } = created.json();
    expect((await call('examiner1', 'POST', '/api/instance/StartWorkOnStatement', { id })).statusCode).toBe(200);
    const certificate = await certificateOf(id);
    const approved = await call('examiner1', 'POST', `/api/instance/${id}/stages`, {
      status: 'approved',
      comment: '',
      prefileIds: [
        await upload('examiner1', certificate.name, certificate.bytes),
        await upload(
          'examiner1',
          certificate.name.replace(/\.pdf$/, '.sig'),
          await signed(certificate.bytes, 'examiner'),
        ),
      ],
    });
    expect(approved.statusCode, approved.body).toBe(201);
    const statement = (await call('owner', 'GET', `/api/statements/${id}`)).json() as Statement;
    const decision = statement.stages.at(-1) as Stage;
    expect(decision.awaitingSignature).toBeUndefined();
    expect(decision.files.map((file) => file.fileName)).toEqual([certificate.name]);
  });

  /** The held round's files on disk and in the database: dropped unissued, they go. */
  const heldFiles = async (id: number) =>
    (
      await portal()
        .db.selectFrom('files')
        .innerJoin('stages', 'stages.id', 'files.stage_id')
        .select(['files.storage_key', 'stages.is_government_agency'])
        .where('stages.statement_id', '=', id)
        .execute()
    )
      .filter((row) => Boolean(row.is_government_agency))
      .map((row) => row.storage_key);

  it('lets the company withdraw while a decision waits for its signature: the decision is dropped unissued', async () => {
    const created = await submit([await upload('owner', 'Фасады.pdf', (await pdf('Фасады.pdf')).bytes)]);
    const { id } = created.json();
    expect((await call('examiner1', 'POST', '/api/instance/StartWorkOnStatement', { id })).statusCode).toBe(200);
    const rejected = await call('examiner1', 'POST', `/api/instance/${id}/stages`, {
      status: 'rejected',
      comment: '',
      prefileIds: [],
      ...(await groundsFor(portal().ctx, 'rejected')),
    });
    expect(rejected.statusCode, rejected.body).toBe(201);
    const letter = (rejected.json() as Statement).stages.at(-1)?.files[0] as StageFile;
    const [key] = await heldFiles(id);
    expect(await portal().ctx.files.exists(key as string)).toBe(true);

    const withdrawn = await call('owner', 'POST', `/api/statements/${id}/withdraw`, { reason: 'Передумали' });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const owner = await statementAs('owner', id);
    expect(owner).toMatchObject({ status: 'withdrawn', refusalGrounds: [] });
    expect(owner.stages.map((stage) => stage.status)).toEqual(['sent', 'withdrawn']);
    expect(owner.history.at(-1)).not.toHaveProperty('discardedDecision');
    const committee = await statementAs('examiner1', id);
    expect(committee.stages.some((stage) => stage.awaitingSignature)).toBe(false);
    expect(committee.history.at(-1)).toMatchObject({ status: 'withdrawn', discardedDecision: 'rejected' });
    expect(await heldFiles(id)).toEqual([]);
    expect(await portal().ctx.files.exists(key as string)).toBe(false);
    // Nothing is left to sign.
    const late = await call('examiner1', 'POST', `/api/instance/statements/${id}/files/${letter.id}/signature`, {
      prefileId: await upload('examiner1', 'Письмо.sig', await signed(Buffer.from('x'), 'examiner')),
    });
    expect(late.statusCode).toBe(404);
  });

  it('drops unissued the held decisions of a deactivated examiner: the head reassigns, any examiner takes, the company withdraws', async () => {
    // The attack: an examiner decides, does not sign, and is deactivated.
    const leaving = (
      await call('head', 'POST', '/api/admin/examiners', { email: 'held@committee.example', fio: 'Держащий Решения' })
    ).json() as { id: number };
    const token = (await login(portal(), 'held@committee.example')).accessToken;
    const as = (method: 'POST', url: string, payload: object) =>
      portal().app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
    const file = async () => submit([await upload('owner', 'Фасады.pdf', (await pdf('Фасады.pdf')).bytes)]);
    const inReview = (await file()).json().id as number;
    expect((await as('POST', '/api/instance/StartWorkOnStatement', { id: inReview })).statusCode).toBe(200);
    const rejected = await as('POST', `/api/instance/${inReview}/stages`, {
      status: 'rejected',
      comment: '',
      prefileIds: [],
      ...(await groundsFor(portal().ctx, 'rejected')),
    });
    expect(rejected.statusCode, rejected.body).toBe(201);
    const unaccepted = (await file()).json().id as number;
    const [ground] = await refusalGrounds(portal().ctx, 'intake');
    const refusal = await as('POST', `/api/instance/statements/${unaccepted}/refuse-acceptance`, {
      comment: '',
      groundIds: [ground?.id],
    });
    expect(refusal.statusCode, refusal.body).toBe(200);
    const keys = [...(await heldFiles(inReview)), ...(await heldFiles(unaccepted))];
    expect(keys).toHaveLength(2);
    const before = { inReview: await companyView(inReview), unaccepted: await companyView(unaccepted) };

    const deactivated = await call('head', 'POST', `/api/admin/examiners/${leaving.id}/deactivate`);
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect(deactivated.json().handedOver).toBe(1);

    // Nothing of the dropped decisions is left but the history entry naming it, for the committee.
    for (const id of [inReview, unaccepted]) {
      const committee = await statementAs('head', id);
      expect(committee.stages.map((stage) => stage.status)).toEqual(['sent']);
      expect(committee.refusalGrounds).toEqual([]);
      expect(await heldFiles(id)).toEqual([]);
    }
    for (const key of keys) expect(await portal().ctx.files.exists(key)).toBe(false);
    const review = await statementAs('head', inReview);
    expect(review).toMatchObject({ status: 'under_review', examinerId: null });
    expect(review.history.at(-1)).toMatchObject({
      status: 'under_review',
      actor: demoUsers.head.fio,
      release: { examiner: 'Держащий Решения' },
      discardedDecision: 'rejected',
    });
    const intake = await statementAs('head', unaccepted);
    expect(intake).toMatchObject({ status: 'sent', examinerId: null });
    expect(intake.history.at(-1)).toMatchObject({
      status: 'sent',
      release: { examiner: 'Держащий Решения' },
      discardedDecision: 'not_accepted',
    });
    // The company reads the statement in work as handed over, and nothing at all of the refusal to accept.
    const company = {
      inReview: await statementAs('owner', inReview),
      unaccepted: await statementAs('owner', unaccepted),
    };
    expect(company.inReview.history.at(-1)).toMatchObject({
      status: 'under_review',
      release: { examiner: 'Держащий Решения' },
    });
    expect(company.inReview.history.at(-1)).not.toHaveProperty('discardedDecision');
    expect(company.unaccepted.history.map((entry) => entry.status)).toEqual(before.unaccepted.history);
    expect(await companyView(unaccepted)).toEqual(before.unaccepted);
    expect(before.inReview).toMatchObject({ status: 'under_review', registered: false });
    expect(await committeeLists(inReview)).toMatchObject({ listed: { examinerId: null } });
    expect((await committeeLists(inReview)).listed).not.toHaveProperty('awaitingSignature');
    expect(await committeeLists(unaccepted)).toMatchObject({ news: true });

    // The head hands the statement in work to another examiner, who decides; any examiner takes the other one.
    const assigned = await call('head', 'POST', `/api/instance/statements/${inReview}/assign`, {
      examinerId: (
        await portal()
          .db.selectFrom('users')
          .select('id')
          .where('email', '=', demoUsers.examiner2.email)
          .executeTakeFirstOrThrow()
      ).id,
      comment: '',
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const reworked = await call('examiner2', 'POST', `/api/instance/${inReview}/stages`, {
      status: 'has_comments',
      comment: 'Доработать фасады',
      prefileIds: [],
    });
    expect(reworked.statusCode, reworked.body).toBe(201);
    const taken = await call('examiner2', 'POST', '/api/instance/StartWorkOnStatement', { id: unaccepted });
    expect(taken.statusCode, taken.body).toBe(200);
    // And the company may withdraw as before.
    const withdrawn = await call('owner', 'POST', `/api/statements/${unaccepted}/withdraw`, { reason: '' });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
  });

  it('lets the company delete a `sent` statement whose refusal to accept waits for its signature, with its files', async () => {
    const { id } = (await submit([await upload('owner', 'Фасады.pdf', (await pdf('Фасады.pdf')).bytes)])).json();
    const [ground] = await refusalGrounds(portal().ctx, 'intake');
    const refusal = await call('examiner1', 'POST', `/api/instance/statements/${id}/refuse-acceptance`, {
      comment: '',
      groundIds: [ground?.id],
    });
    expect(refusal.statusCode, refusal.body).toBe(200);
    const [key] = await heldFiles(id);
    const deleted = await call('owner', 'DELETE', `/api/statements/${id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await call('examiner1', 'GET', `/api/instance/statements/${id}`)).statusCode).toBe(404);
    expect(await portal().ctx.files.exists(key as string)).toBe(false);
  });
});

describe('SIGNATURES_REQUIRED=decisions, an approver deactivated before signing the inventory', () => {
  const { portal, call, upload, submit, certificateOf, notified } = signaturePortal({
    SIGNATURES_REQUIRED: 'decisions',
  });
  const setOf = async (as: string, id: number) =>
    (
      (
        await call(as, 'GET', as === 'owner' ? `/api/statements/${id}` : `/api/instance/statements/${id}`)
      ).json() as Statement
    ).approvedSet;
  const sign = async (
    as: string,
    signer: TestSignerName,
    id: number,
    file: { id: number; url: string; fileName: string },
  ) => {
    const bytes = (await call(as, 'GET', `/api/files?path=${file.url}`)).rawPayload;
    return call(as, 'POST', `/api/instance/statements/${id}/files/${file.id}/signature`, {
      prefileId: await upload(as, `${file.fileName}.sig`, await signed(bytes, signer)),
    });
  };

  it("lets a head sign the set's inventory in the stead of the examiner who approved and left", async () => {
    const plan = await PDFDocument.create();
    plan.addPage();
    const { id } = (await submit([await upload('owner', 'Генплан.pdf', Buffer.from(await plan.save()))])).json();
    expect((await call('examiner1', 'POST', '/api/instance/StartWorkOnStatement', { id })).statusCode).toBe(200);
    const certificate = await certificateOf(id);
    const approved = await call('examiner1', 'POST', `/api/instance/${id}/stages`, {
      status: 'approved',
      comment: '',
      prefileIds: [
        await upload('examiner1', certificate.name, certificate.bytes),
        await upload('examiner1', `${certificate.name}.sig`, await signed(certificate.bytes, 'examiner')),
      ],
    });
    expect(approved.statusCode, approved.body).toBe(201);
    // The approval started its set; made here too if that has not finished yet.
    await makeApprovedSet(portal().ctx, id);
    let set = await setOf('head', id);
    while (!set) {
      await new Promise((resolve) => setImmediate(resolve));
      set = await setOf('head', id);
    }
    expect(set).toMatchObject({ awaitingSignature: true, approverGone: false });
    const inventory = set.inventory as NonNullable<typeof set.inventory>;
    // While the examiner who approved may sign it, nobody else may, a head neither.
    expect((await sign('head', 'head', id, inventory)).statusCode).toBe(403);

    const examiner1 = await portal()
      .db.selectFrom('users')
      .select('id')
      .where('email', '=', demoUsers.examiner1.email)
      .executeTakeFirstOrThrow();
    const deactivated = await call('head', 'POST', `/api/admin/examiners/${examiner1.id}/deactivate`);
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    // The approval stands; its set waits, and now a head signs it in the leaver's stead, another examiner never.
    expect(await setOf('head', id)).toMatchObject({ awaitingSignature: true, approverGone: true });
    expect(await setOf('owner', id)).toBeNull();
    // The heads are asked to sign it now.
    const { visibleId } = (await call('head', 'GET', `/api/instance/statements/${id}`)).json() as Statement;
    const asked = `Опись согласованного комплекта по заявлению № ${visibleId} «Дом с подписями» ждёт подписи`;
    await expect.poll(() => notified('head', asked)).toBe(true);
    // Made under `decisions`, the set waits for its signature even were the setting taken out.
    const ctx = portal().ctx;
    const without = {
      ...ctx,
      config: { ...ctx.config, signatures: { ...ctx.config.signatures, required: new Set<never>() } },
    };
    expect(await approvedSetOf(without, { id, status: 'approved' }, 'company')).toBeNull();
    const refused = await sign('examiner2', 'examiner', id, inventory);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Подписать опись комплекта может только эксперт, согласовавший заявление, а если он деактивирован, — руководитель отдела',
    );
    const byHead = await sign('head', 'head', id, inventory);
    expect(byHead.statusCode, byHead.body).toBe(200);
    expect(await setOf('owner', id)).toMatchObject({
      awaitingSignature: false,
      approverGone: false,
      inventory: { signature: { status: 'valid', signer: { fio: 'Орлова Елена Викторовна' } } },
    });
  });
});
