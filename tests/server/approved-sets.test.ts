import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import { degrees, PDFDocument, PDFHexString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Statement } from '#domain/contract.ts';
import {
  approvedSetOf,
  makeApprovedSet,
  NOT_STAMPED,
  resumeApprovedSets,
} from '../../server/src/approved-sets/approved-sets.service.ts';
import type { ServiceContext } from '../../server/src/context.ts';
import { inOneTransaction } from '../../server/src/db/one-transaction.ts';
import { storePrefile } from '../../server/src/prefiles/prefiles.service.ts';
import { submitStatement } from '../../server/src/statements/statements.service.ts';
import type { UserRow } from '../../server/src/users/user.ts';
import { takeIntoWork } from '../../server/src/workflow/intake.ts';
import { replyToStatement } from '../../server/src/workflow/review.ts';
import { demoUsers } from '../../tools/demo.ts';
import { certificatePrefile, pdfText, signedIn, startTestPortal, type TestPortal } from './helpers.ts';

// The approved set (docs/product.md «The approved set»): once an approval is issued, every PDF and image of the
// approved submission gets a stamped copy ('СОГЛАСОВАНО', the certificate's number, on every page), kept once with
// the decision; what cannot be stamped is named with its reason and never stops the approval; the originals stay.

let portal: TestPortal;
let ctx: ServiceContext;
type Who = 'owner' | 'examiner1';
const users = {} as Record<Who, UserRow>;
const bearer = {} as Record<Who, string>;

function call(who: Who, method: 'GET' | 'POST', url: string, payload?: object) {
  return portal.app.inject({ method, url, headers: { authorization: bearer[who] }, ...(payload ? { payload } : {}) });
}

const MM = 72 / 25.4;
/** A drawing album: A4 portrait, A0 landscape, A3 turned by /Rotate 90, and an A6 page too small for the full stamp. */
async function album(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([210 * MM, 297 * MM]).drawText('Sheet A4', { x: 40, y: 40, size: 20 });
  doc.addPage([1189 * MM, 841 * MM]).drawText('Sheet A0', { x: 40, y: 40, size: 20 });
  const turned = doc.addPage([297 * MM, 420 * MM]);
  turned.setRotation(degrees(90));
  turned.drawText('Sheet A3 turned', { x: 40, y: 40, size: 20 });
  doc.addPage([105 * MM, 148 * MM]).drawText('Sheet A6', { x: 20, y: 20, size: 10 });
  return Buffer.from(await doc.save());
}

/** A one-page PDF whose trailer names an `/Encrypt` dictionary (the standard handler, a password of its owner). */
async function encrypted(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([210 * MM, 297 * MM]);
  doc.context.trailerInfo.Encrypt = doc.context.register(
    doc.context.obj({
      Filter: 'Standard',
      V: 1,
      R: 2,
      O: PDFHexString.of('00'.repeat(32)),
      U: PDFHexString.of('00'.repeat(32)),
      P: -4,
    }),
  );
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A 40×30 grey PNG. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(40, 0);
  header.writeUInt32BE(30, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.concat(
    Array.from({ length: 30 }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(40, 128)])),
  );
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

async function stored(by: UserRow, fileName: string, source: Buffer, contentType = 'application/pdf') {
  return (await storePrefile(ctx, by.id, { fileName, contentType, source })).id;
}

async function detail(who: Who, id: number): Promise<Statement> {
  const response = await call(who, 'GET', who === 'owner' ? `/api/statements/${id}` : `/api/instance/statements/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function download(who: Who, url: string): Promise<Buffer> {
  const response = await call(who, 'GET', `/files/${url}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

/** The statement once its set is made: the set is made after the approval commits, so this waits for it to appear. */
async function withSet(id: number): Promise<Statement & { approvedSet: NonNullable<Statement['approvedSet']> }> {
  for (;;) {
    // Made here when the approval's own start has not finished yet; either way one set is kept.
    await makeApprovedSet(ctx, id);
    const statement = await detail('owner', id);
    if (statement.approvedSet) return statement as Statement & { approvedSet: NonNullable<Statement['approvedSet']> };
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

// The same on files in a directory and in a bucket of a real S3-compatible server.
describe.each([
  { fileStore: 'directory' as const, where: 'in a directory' },
  { fileStore: 's3' as const, where: 'on S3' },
])('the approved set, files $where', ({ fileStore }) => {
  beforeAll(async () => {
    portal = await startTestPortal({}, { fileStore });
    ctx = portal.ctx;
    const people = await signedIn(portal, { owner: demoUsers.owner.email, examiner1: demoUsers.examiner1.email });
    Object.assign(users, people.users);
    Object.assign(bearer, people.bearer);
  }, 60_000);
  afterAll(async () => {
    await portal.close();
  });

  it('stamps every page of every PDF and image, names what it cannot stamp, and keeps the originals', async () => {
    const originals = {
      'Альбом.pdf': await album(),
      'План.png': png(),
      'Повреждённый.pdf': Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >>\ngarbage\n%%EOF\n'),
      'Пояснительная записка.docx': Buffer.from('PK\u0003\u0004 word/document.xml'),
    };
    const prefileIds = [
      await stored(users.owner, 'Альбом.pdf', originals['Альбом.pdf']),
      await stored(users.owner, 'План.png', originals['План.png'], 'image/png'),
      await stored(users.owner, 'Повреждённый.pdf', originals['Повреждённый.pdf']),
      await stored(
        users.owner,
        'Пояснительная записка.docx',
        originals['Пояснительная записка.docx'],
        'application/octet-stream',
      ),
    ];
    const { id, visibleId } = await submitStatement(ctx, users.owner, { objectName: 'Школа', prefileIds });
    await takeIntoWork(ctx, users.examiner1, id);
    expect((await call('examiner1', 'POST', `/api/instance/statements/${id}/certificate`)).statusCode).toBe(200);
    const approved = await call('examiner1', 'POST', `/api/instance/${id}/stages`, {
      status: 'approved',
      comment: null,
      prefileIds: [await certificatePrefile(portal, users.examiner1, id)],
    });
    expect(approved.statusCode, approved.body).toBe(201);

    const statement = await withSet(id);
    expect(statement.status).toBe('approved');
    const set = statement.approvedSet;
    expect(set.files.map((file) => [file.fileName, file.pages])).toEqual([
      ['Альбом_согласовано.pdf', 4],
      ['План_согласовано.pdf', 1],
    ]);
    expect(set.notStamped).toEqual([
      { fileName: 'Повреждённый.pdf', reason: NOT_STAMPED.damaged },
      { fileName: 'Пояснительная записка.docx', reason: NOT_STAMPED.not_a_drawing },
    ]);
    // Every page of every stamped copy reads 'СОГЛАСОВАНО' and the certificate's number.
    for (const file of set.files) {
      const bytes = await download('owner', file.url);
      expect(sha256(bytes)).toBe(file.sha256);
      const doc = await PDFDocument.load(bytes);
      for (let page = 0; page < doc.getPageCount(); page += 1) {
        const single = await PDFDocument.create();
        const [copied] = await single.copyPages(doc, [page]);
        single.addPage(copied);
        const text = pdfText(Buffer.from(await single.save()));
        expect(text, `${file.fileName}, page ${page + 1}`).toContain('СОГЛАСОВАНО');
        expect(text).toContain(`Свидетельство № ${visibleId} от`);
      }
      // The same bytes on every download, for either side.
      expect((await download('examiner1', file.url)).equals(bytes)).toBe(true);
    }
    // The rotated sheet keeps its /Rotate, its stamp drawn upright on the sheet as seen.
    const stampedAlbum = await PDFDocument.load(await download('owner', set.files[0]?.url ?? ''));
    expect(stampedAlbum.getPage(2).getRotation().angle).toBe(90);
    // The inventory lists each stamped file with its pages and hash.
    const inventory = pdfText(await download('owner', set.inventory?.url ?? ''));
    expect(inventory).toContain('Опись согласованного комплекта');
    for (const file of set.files) expect(inventory.replace(/\s/g, '')).toContain(file.sha256);
    // The originals stay in their round with their bytes, and the set's files are no documents of the rounds.
    const submission = statement.stages[0];
    for (const file of submission?.files ?? []) {
      expect((await download('owner', file.url)).equals(originals[file.fileName as keyof typeof originals])).toBe(true);
    }
    const roundFiles = statement.stages.flatMap((stage) => stage.files.map((file) => file.fileName));
    expect(roundFiles).not.toContain('Альбом_согласовано.pdf');
    // 'Скачать комплект': one ZIP of the stamped copies and the inventory, the same bytes as each download.
    const zip = await call('owner', 'GET', `/api/approved-sets/${id}/zip`);
    expect(zip.statusCode, zip.body).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(entries).map((name) => Buffer.from(name, 'latin1').toString('utf8'))).toHaveLength(3);
    const hashes = Object.values(entries).map((bytes) => sha256(Buffer.from(bytes)));
    expect(hashes.sort()).toEqual([...set.files.map((file) => file.sha256), set.inventory?.sha256].sort());
    expect((await call('examiner1', 'GET', `/api/approved-sets/${id}/zip`)).rawPayload.equals(zip.rawPayload)).toBe(
      true,
    );
    // The public check lists the set's sheets with their hashes (the visitor's browser compares a sheet with them).
    const token = (await call('examiner1', 'POST', `/api/instance/statements/${id}/certificate`)).json().token;
    const check = await portal.app.inject({ url: `/api/public/certificates/${token}` });
    expect(check.json().approvedSet).toEqual({
      files: set.files.map(({ fileName, size, sha256, pages }) => ({ fileName, size, sha256, pages })),
    });
    // Made once: asking again keeps the same files.
    await makeApprovedSet(ctx, id);
    expect((await detail('examiner1', id)).approvedSet).toEqual(set);
  }, 60_000);

  it('puts the stamp at the corner the examiner chose for each document; a corner elsewhere is refused', async () => {
    const sheet = async (label: string) => {
      const doc = await PDFDocument.create();
      doc.addPage([297 * MM, 210 * MM]).drawText(label, { x: 40, y: 40, size: 20 });
      return Buffer.from(await doc.save());
    };
    const prefileIds = [
      await stored(users.owner, 'Фасады.pdf', await sheet('Facades')),
      await stored(users.owner, 'Разрезы.pdf', await sheet('Sections')),
    ];
    const { id } = await submitStatement(ctx, users.owner, { objectName: 'Склад', prefileIds });
    await takeIntoWork(ctx, users.examiner1, id);
    const [facades, sections] = (await detail('examiner1', id)).stages[0]?.files ?? [];
    const reply = async (body: object) =>
      call('examiner1', 'POST', `/api/instance/${id}/stages`, { comment: null, prefileIds: [], ...body });
    // A corner for a file of no document of the submission, or with another decision, is refused, naming the field.
    const stranger = await reply({ status: 'approved', stampCorners: [{ fileId: 999_999, corner: 'top-left' }] });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ field: 'stampCorners' });
    const rework = await reply({ status: 'has_comments', stampCorners: [{ fileId: facades?.id, corner: 'top-left' }] });
    expect(rework.statusCode).toBe(400);
    expect(rework.json()).toMatchObject({ field: 'stampCorners' });
    expect((await call('examiner1', 'POST', `/api/instance/statements/${id}/certificate`)).statusCode).toBe(200);
    const approved = await reply({
      status: 'approved',
      prefileIds: [await certificatePrefile(portal, users.examiner1, id)],
      stampCorners: [
        { fileId: facades?.id, corner: 'top-left' },
        { fileId: sections?.id, corner: 'bottom-right' },
      ],
    });
    expect(approved.statusCode, approved.body).toBe(201);
    const set = (await withSet(id)).approvedSet;
    /** Where 'СОГЛАСОВАНО' stands on the copy's first page, as fractions of the page from its top left corner. */
    const stampAt = async (fileName: string) => {
      const file = set.files.find((candidate) => candidate.fileName === fileName);
      const dir = mkdtempSync(path.join(tmpdir(), 'stamp-at-'));
      try {
        writeFileSync(path.join(dir, 'copy.pdf'), await download('owner', file?.url ?? ''));
        const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', path.join(dir, 'copy.pdf'), '-'], {
          encoding: 'utf8',
        });
        const page = /<page width="([\d.]+)" height="([\d.]+)">/.exec(html);
        const word = /<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>СОГЛАСОВАНО<\/word>/.exec(html);
        if (!page || !word) throw new Error(`no stamp on ${fileName}`);
        return { x: Number(word[1]) / Number(page[1]), y: Number(word[2]) / Number(page[2]) };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
    const topLeft = await stampAt('Фасады_согласовано.pdf');
    expect(topLeft.x).toBeLessThan(0.5);
    expect(topLeft.y).toBeLessThan(0.5);
    const bottomRight = await stampAt('Разрезы_согласовано.pdf');
    expect(bottomRight.x).toBeGreaterThan(0.5);
    expect(bottomRight.y).toBeGreaterThan(0.5);
  }, 60_000);

  it('is made for the demo before its start answers, and after a start for an approval left without one', async () => {
    // The demo approves inside one transaction; its approved statement has its set by the time the portal answers.
    const approved = await portal.db.selectFrom('statements').select('id').where('status', '=', 'approved').execute();
    expect(approved.length).toBeGreaterThan(0);
    for (const { id } of approved) expect((await detail('owner', id)).approvedSet).not.toBeNull();

    // An approval whose transaction was still open when it asked for its set (as a stopped process leaves one):
    // nothing is made then, and nothing fails; the next start's resume makes it.
    const { id } = await submitStatement(ctx, users.owner, {
      objectName: 'Павильон',
      prefileIds: [await stored(users.owner, 'Павильон.pdf', await album())],
    });
    await takeIntoWork(ctx, users.examiner1, id);
    const certificate = await certificatePrefile(portal, users.examiner1, id);
    const errors: unknown[] = [];
    await inOneTransaction(ctx.db, (db) =>
      replyToStatement({ ...ctx, db, logError: (error) => errors.push(error) }, users.examiner1, id, {
        status: 'approved',
        isInstance: true,
        comment: 'Согласовано',
        prefileIds: [certificate],
      }),
    );
    expect((await detail('owner', id)).approvedSet).toBeNull();
    await resumeApprovedSets(ctx);
    expect(errors).toEqual([]);
    const set = (await detail('owner', id)).approvedSet;
    expect(set?.files.map((file) => file.fileName)).toEqual(['Павильон_согласовано.pdf']);
    // Resumed again, nothing more is made.
    await resumeApprovedSets(ctx);
    expect((await detail('owner', id)).approvedSet).toEqual(set);
  }, 60_000);

  it('tells the approval dialog beforehand which documents will go unstamped, and the set names the same', async () => {
    const prefileIds = [
      await stored(users.owner, 'Альбом.pdf', await album()),
      await stored(users.owner, 'Зашифрованный.pdf', await encrypted()),
      await stored(users.owner, 'Обрезанный.pdf', (await album()).subarray(0, 600)),
      // Whole at a glance, its pages cannot be counted.
      await stored(
        users.owner,
        'Испорченный.pdf',
        Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >>\ngarbage\n%%EOF\n'),
      ),
      await stored(
        users.owner,
        'Смета.xlsx',
        Buffer.from('PK\u0003\u0004 xl/workbook.xml'),
        'application/octet-stream',
      ),
    ];
    const { id } = await submitStatement(ctx, users.owner, { objectName: 'Бассейн', prefileIds });
    await takeIntoWork(ctx, users.examiner1, id);
    const foreseen = await call('examiner1', 'GET', `/api/instance/statements/${id}/not-stamped`);
    expect(foreseen.statusCode, foreseen.body).toBe(200);
    const expected = [
      { fileName: 'Зашифрованный.pdf', reason: NOT_STAMPED.encrypted },
      { fileName: 'Обрезанный.pdf', reason: NOT_STAMPED.damaged },
      { fileName: 'Испорченный.pdf', reason: NOT_STAMPED.damaged },
      { fileName: 'Смета.xlsx', reason: NOT_STAMPED.not_a_drawing },
    ];
    const { notStamped } = foreseen.json() as { notStamped: Array<{ fileId: number; fileName: string }> };
    expect(notStamped.map(({ fileId: _, ...file }) => file)).toEqual(expected);
    // Each names its document of the submission, for the dialog to leave out of the corners.
    const submitted = (await detail('examiner1', id)).stages[0]?.files ?? [];
    for (const file of notStamped) {
      expect(submitted.find((document) => document.id === file.fileId)?.fileName).toBe(file.fileName);
    }
    // Only examiners ask; an unknown statement is 404.
    expect((await call('owner', 'GET', `/api/instance/statements/${id}/not-stamped`)).statusCode).toBe(403);
    expect((await call('examiner1', 'GET', '/api/instance/statements/999999/not-stamped')).statusCode).toBe(404);

    const approved = await call('examiner1', 'POST', `/api/instance/${id}/stages`, {
      status: 'approved',
      comment: null,
      prefileIds: [await certificatePrefile(portal, users.examiner1, id)],
    });
    expect(approved.statusCode, approved.body).toBe(201);
    const { approvedSet } = await withSet(id);
    expect(approvedSet.files.map((file) => file.fileName)).toEqual(['Альбом_согласовано.pdf']);
    expect(approvedSet.notStamped).toEqual(expected);
    // Made without `decisions`, the set needs no signature: setting it later hides no set the company has.
    const later = {
      ...ctx,
      config: { ...ctx.config, signatures: { ...ctx.config.signatures, required: new Set(['decisions'] as const) } },
    };
    expect(await approvedSetOf(later, { id, status: 'approved' }, 'company')).toMatchObject({
      awaitingSignature: false,
    });
  });

  it('has no set before an approval, and none for a statement another decision answered', async () => {
    const { id } = await submitStatement(ctx, users.owner, {
      objectName: 'Склад',
      prefileIds: [await stored(users.owner, 'Склад.pdf', await album())],
    });
    await takeIntoWork(ctx, users.examiner1, id);
    await makeApprovedSet(ctx, id);
    expect((await detail('examiner1', id)).approvedSet).toBeNull();
    expect((await call('owner', 'GET', `/api/approved-sets/${id}/zip`)).statusCode).toBe(404);
    const reworked = await call('examiner1', 'POST', `/api/instance/${id}/stages`, {
      status: 'has_comments',
      comment: 'Доработать',
      prefileIds: [],
    });
    expect(reworked.statusCode, reworked.body).toBe(201);
    await makeApprovedSet(ctx, id);
    expect((await detail('owner', id)).approvedSet).toBeNull();
  });
});
