// The approved set (docs/product.md «The approved set»): once an approval is issued, a stamped copy of every PDF and
// image of the submission it approved, and the set's inventory, kept as files of the decision's round. The originals
// are never touched. Made after the approval committed, never inside it: a document that cannot be stamped is named
// in the set with its reason, and nothing about the set can stop or undo the approval.

import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { ZipFile } from 'yazl';
import { checkUrl } from '#domain/certificates.ts';
import { COMMITTEE_NAME } from '#domain/committee.ts';
import type { ApprovedSet, ForeseenNotStampedFile } from '#domain/contract.ts';
import { renderLetter } from '#domain/pdf/committee-document.ts';
import type { LetterBlock } from '#domain/pdf/letter.ts';
import { certificateDate } from '#domain/pdf/page.ts';
import { routes } from '#domain/routes.ts';
import { randomToken } from '../auth/tokens.ts';
import type { ServiceContext } from '../context.ts';
import { findApprovalStage } from '../db/approval-round.ts';
import { type Db, nowIso } from '../db/database.ts';
import { insideOneTransaction } from '../db/one-transaction.ts';
import { apiError, fieldError } from '../errors.ts';
import { contentDisposition } from '../files/files.service.ts';
import { keepStageFile } from '../files/stage-files.ts';
import { committeeFonts } from '../letters/letters.ts';
import { announceTo, sendAnnouncement } from '../notifications/notifications.service.ts';
import { parseStoredFile, type SandboxLimits } from '../parsing/sandbox.ts';
import { statementFilePages } from '../remarks/remarks.service.ts';
import { documentsOf } from '../signatures/signed-uploads.ts';
import { discardStored, type FileStore } from '../storage/file-store.ts';
import { requireExaminer, seesCompany } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import { listCompanyUsers, listExaminers } from '../users/users.service.ts';
import {
  approverRemoved,
  findApprovedSetRow,
  findStampSubject,
  insertApprovedSet,
  listApprovalsWithoutSet,
  listApprovedDocuments,
  listApprovedSetFiles,
  listUnsignedInventories,
  saveStampCorners,
  statementExists,
} from './approved-sets.repository.ts';
import type { StampCorner, StampInput, StampJob, StampResult } from './stamp.ts';

const STAMP_CHILD = new URL('./stamp-child.ts', import.meta.url);

/**
 * The bounds of one document's stamping: a drawing album of 100 MB is read whole and rewritten, so the child gets more
 * than a page count does; a decompression bomb still ends at the memory bound (docs/decisions.md).
 */
export const STAMP_LIMITS: SandboxLimits = { timeMs: 120_000, memoryMb: 1024, heapMb: 768, queue: 'stamp' };

/** Why a document is not in the set, as the examiner and the company read it. */
export const NOT_STAMPED = {
  encrypted: 'Файл зашифрован или защищён паролем: поставить на него штамп нельзя',
  damaged: 'Файл повреждён или не читается как PDF',
  too_complex: 'Файл слишком сложен: его обработка превысила пределы времени или памяти',
  not_a_drawing: 'Штамп ставится только на PDF и изображения (PNG, JPEG)',
  not_stored: 'Файл не удалось прочитать из хранилища',
} as const;

export const INVENTORY_TITLE = 'Опись согласованного комплекта';

/** The kind of document a stamp can go on, by its final extension; null for any other file. */
function stampKind(fileName: string): StampInput['kind'] | null {
  const extension = fileName.toLowerCase().split('.').at(-1);
  if (extension === 'pdf') return 'pdf';
  if (extension === 'png') return 'png';
  if (extension === 'jpg' || extension === 'jpeg') return 'jpeg';
  return null;
}

/** How much of a PDF's end is read for its trailer: an xref stream's dictionary comes before its data. */
const TAIL_BYTES = 8192;

/**
 * What is wrong with the stored file at a glance, before a child process is started for it: damaged when it does not
 * begin as its kind does or, for a PDF, has no trailer ('%%EOF') in its end; encrypted when that end names an
 * `/Encrypt` dictionary. Null when it looks whole: the stamping itself still judges it.
 */
async function seenProblem(
  ctx: ServiceContext,
  key: string,
  size: number,
  kind: StampInput['kind'],
): Promise<'damaged' | 'encrypted' | null> {
  if (size < 8) return 'damaged';
  const read = async (start: number, end: number) => {
    const chunks: Buffer[] = [];
    for await (const chunk of await ctx.files.get(key, { start, end })) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks);
  };
  const head = await read(0, 7);
  if (kind === 'png') return head.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47])) ? null : 'damaged';
  if (kind === 'jpeg') return head[0] === 0xff && head[1] === 0xd8 ? null : 'damaged';
  if (head.subarray(0, 5).toString('latin1') !== '%PDF-') return 'damaged';
  const tail = await read(Math.max(0, size - TAIL_BYTES), size - 1);
  if (!tail.subarray(-1024).includes('%%EOF')) return 'damaged';
  return tail.includes('/Encrypt') ? 'encrypted' : null;
}

/** 'План_1.png' -> 'План_1_согласовано.pdf'. */
function stampedName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return `${dot > 0 ? fileName.slice(0, dot) : fileName}_согласовано.pdf`;
}

const CORNER_REFUSED = 'Выберите угол штампа для документа этой подачи';

/**
 * The corners the approving examiner chose for the stamp, checked: each a document of the submission being approved
 * (the company's last round), each once. Answers them as stored with the approving round, or null when none differs
 * from the default; a 400 naming `stampCorners` otherwise.
 */
export async function checkedStampCorners(
  db: Db,
  statementId: number,
  choices: ReadonlyArray<{ fileId: number; corner: StampCorner }> | undefined,
): Promise<string | null> {
  if (!choices || choices.length === 0) return null;
  const documents = new Set((await listApprovedDocuments(db, statementId)).map((document) => document.id));
  const chosen: Record<string, StampCorner> = {};
  for (const { fileId, corner } of choices) {
    // The corner itself is one of the contract's four (the request's schema refuses any other).
    if (!documents.has(fileId) || String(fileId) in chosen) {
      throw fieldError('stampCorners', CORNER_REFUSED);
    }
    if (corner !== 'bottom-right') chosen[fileId] = corner;
  }
  return Object.keys(chosen).length > 0 ? JSON.stringify(chosen) : null;
}

/** Keeps the checked corners with the approving round, in the approval's transaction. */
export function keepStampCorners(db: Db, stageId: number, corners: string): Promise<void> {
  return saveStampCorners(db, stageId, corners);
}

/** The corners kept with the approving round, by document id. */
function keptCorners(text: string | null | undefined): Map<number, StampCorner> {
  if (!text) return new Map();
  const parsed = JSON.parse(text) as Record<string, StampCorner>;
  return new Map(Object.entries(parsed).map(([id, corner]) => [Number(id), corner]));
}

/**
 * Stamps one stored document in the parsing sandbox's child under STAMP_LIMITS and stores the stamped copy under a key
 * of its own. The child writes the copy to a file of a directory made for it, streamed from there into the store: a
 * copy sent back over IPC would sit in the API process three times over. Answers the stored copy, or why there is none.
 */
export async function stampStored(
  files: FileStore,
  source: { key: string; size: number },
  input: StampInput,
): Promise<{ key: string; size: number; sha256: string; pages: number } | { refused: keyof typeof NOT_STAMPED }> {
  const work = await mkdtemp(path.join(tmpdir(), 'portal-stamp-'));
  try {
    const output = path.join(work, 'stamped.pdf');
    const job: StampJob = { ...input, output };
    const outcome = await parseStoredFile<StampResult>(STAMP_CHILD, { files, ...source }, STAMP_LIMITS, job);
    if (!outcome.ok) return { refused: outcome.reason === 'too_complex' ? 'too_complex' : 'damaged' };
    if ('refused' in outcome.value) return outcome.value;
    const key = randomToken(24);
    const stored = await files.put(key, createReadStream(output));
    return { key, ...stored, pages: outcome.value.pages };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * The documents an approval of the statement now would leave without a stamp, with the reason the set would give
 * (the approval dialog shows them before it is sent): not a PDF or image, damaged or encrypted at a glance, or a PDF
 * whose pages cannot be read at all (counted once off the event loop and kept, as a remark's pin counts them). A PDF
 * past the page count's bounds is not foreseen: the stamping's bounds are wider. Nothing is stamped; the set's own
 * stamping stays the judge. Any examiner; an unknown statement is 404.
 */
export async function foreseeNotStamped(
  ctx: ServiceContext,
  actor: UserRow,
  statementId: number,
): Promise<ForeseenNotStampedFile[]> {
  requireExaminer(actor);
  if (!(await statementExists(ctx.db, statementId))) throw apiError('not_found', 'Заявление не найдено');
  const foreseen: ForeseenNotStampedFile[] = [];
  for (const document of await listApprovedDocuments(ctx.db, statementId)) {
    const kind = stampKind(document.file_name);
    const problem = kind ? await seenProblem(ctx, document.storage_key, Number(document.size), kind) : 'not_a_drawing';
    const pages = !problem && kind === 'pdf' ? await statementFilePages(ctx, statementId, document.id) : 1;
    const reason = problem ?? (pages === 'unreadable' ? 'damaged' : null);
    if (reason) foreseen.push({ fileId: document.id, fileName: document.file_name, reason: NOT_STAMPED[reason] });
  }
  return foreseen;
}

/** Approvals whose set is being made in this process: a second call for one waits for nothing and makes nothing. */
const making = new Set<number>();

/**
 * Starts the approved set of an approval just issued (immediately, or at the release of a held decision), after its
 * transaction committed; a failure is logged and never reaches the approval's caller. Answers when the set is made.
 */
export function startApprovedSet(ctx: ServiceContext, statementId: number): Promise<void> {
  // An approval inside one transaction (the demo) is made once that transaction is over: resumeApprovedSets.
  if (insideOneTransaction(ctx.db)) return Promise.resolve();
  return makeApprovedSet(ctx, statementId).catch((error: unknown) =>
    ctx.logError(error, `approved set of statement ${statementId}`),
  );
}

/**
 * Makes every set an issued approval still lacks, one after another: at a start, for a process that stopped while
 * making one, and after the demo's seed. Failures are logged; answers when all were tried.
 */
export async function resumeApprovedSets(ctx: ServiceContext): Promise<void> {
  let waiting: number[];
  try {
    waiting = await listApprovalsWithoutSet(ctx.db);
  } catch (error) {
    ctx.logError(error, 'approved sets to resume');
    return;
  }
  for (const statementId of waiting) await startApprovedSet(ctx, statementId);
}

/**
 * Makes the approved set of an issued approval once: every PDF and image of the approved submission stamped in the
 * parsing sandbox (stamp-child.ts), the inventory listing them, the files and the set's row in one transaction. A
 * statement not approved (or held for its signature), or whose set exists, is left as it is.
 */
export async function makeApprovedSet(ctx: ServiceContext, statementId: number): Promise<void> {
  const subject = await findStampSubject(ctx.db, statementId);
  if (!subject || making.has(subject.stage_id)) return;
  if (await findApprovedSetRow(ctx.db, subject.stage_id)) return;
  making.add(subject.stage_id);
  const chosen = keptCorners(subject.stamp_corners);
  const kept: string[] = [];
  try {
    const fonts = await committeeFonts();
    const date = certificateDate(new Date(subject.decided_at));
    const base = {
      lines: {
        title: 'СОГЛАСОВАНО',
        committee: COMMITTEE_NAME,
        certificate: `Свидетельство № ${subject.visible_id} от ${date}`,
        examiner: subject.examiner_name ?? '',
      },
      checkUrl: checkUrl(ctx.config.publicOrigin, subject.check_token ?? ''),
      fonts: { regular: Buffer.from(fonts.regular, 'base64'), bold: Buffer.from(fonts.bold, 'base64') },
    };
    const stamped: Array<{
      sourceFileId: number;
      fileName: string;
      key: string;
      size: number;
      sha256: string;
      pages: number;
    }> = [];
    const notStamped: Array<{ fileName: string; reason: string }> = [];
    for (const document of await listApprovedDocuments(ctx.db, statementId, subject.n)) {
      const kind = stampKind(document.file_name);
      if (!kind) {
        notStamped.push({ fileName: document.file_name, reason: NOT_STAMPED.not_a_drawing });
        continue;
      }
      const problem = await seenProblem(ctx, document.storage_key, Number(document.size), kind);
      if (problem) {
        notStamped.push({ fileName: document.file_name, reason: NOT_STAMPED[problem] });
        continue;
      }
      const input: StampInput = { ...base, kind, corner: chosen.get(document.id) ?? 'bottom-right' };
      const result = await stampStored(ctx.files, { key: document.storage_key, size: Number(document.size) }, input);
      if ('refused' in result) {
        notStamped.push({ fileName: document.file_name, reason: NOT_STAMPED[result.refused] });
        continue;
      }
      kept.push(result.key);
      stamped.push({ sourceFileId: document.id, fileName: stampedName(document.file_name), ...result });
    }
    const inventoryName = `Опись_комплекта_${subject.visible_id}.pdf`;
    const inventory = await renderLetter(
      inventoryBlocks({ visibleId: subject.visible_id, date, stamped, notStamped }),
      {
        title: INVENTORY_TITLE,
        subject: `${INVENTORY_TITLE}: свидетельство № ${subject.visible_id}`,
        madeAt: new Date(subject.decided_at),
      },
      fonts,
    );
    const inventoryKey = randomToken(24);
    const inventoryStored = await ctx.files.put(inventoryKey, Buffer.from(inventory));
    kept.push(inventoryKey);
    const at = nowIso(ctx.now());
    const recorded = await ctx.db.transaction().execute(async (trx) => {
      const set = {
        stageId: subject.stage_id,
        at,
        notStamped: JSON.stringify(notStamped),
        signatureRequired: ctx.config.signatures.required.has('decisions'),
      };
      if (!(await insertApprovedSet(trx, set))) return false;
      for (const file of stamped) {
        await keepStageFile(trx, {
          stageId: subject.stage_id,
          approvedSet: { kind: 'stamped', sourceFileId: file.sourceFileId },
          storageKey: file.key,
          fileName: file.fileName,
          contentType: 'application/pdf',
          size: file.size,
          sha256: file.sha256,
          pageCount: file.pages,
          at,
        });
      }
      await keepStageFile(trx, {
        stageId: subject.stage_id,
        approvedSet: { kind: 'inventory' },
        storageKey: inventoryKey,
        fileName: inventoryName,
        contentType: 'application/pdf',
        size: inventoryStored.size,
        sha256: inventoryStored.sha256,
        at,
      });
      return true;
    });
    // Another API process made the set first: its files stand, these go.
    if (recorded) kept.length = 0;
    if (recorded && ctx.config.signatures.required.has('decisions')) {
      await askInventorySignature(ctx, statementId, subject).catch((error: unknown) =>
        ctx.logError(error, `approved set of statement ${statementId}: the request for its signature`),
      );
    }
  } finally {
    making.delete(subject.stage_id);
    for (const key of kept)
      await discardStored(ctx.files, key).catch((error: unknown) => ctx.logError(error, 'approved set removal'));
  }
}

/**
 * Tells whoever signs the inventory of a set waiting for it (made under `decisions` in SIGNATURES_REQUIRED) that the
 * set waits for them (a notification and a mail): the examiner who approved, or the heads when that examiner has left.
 */
async function askInventorySignature(
  ctx: ServiceContext,
  statementId: number,
  subject: { visible_id: number; object_name: string; examiner_id: number | null },
): Promise<void> {
  const examiners = await listExaminers(ctx.db);
  const approver = examiners.find((user) => user.id === subject.examiner_id);
  const message = `Опись согласованного комплекта по заявлению № ${subject.visible_id} «${subject.object_name}» ждёт подписи`;
  const announcement = await announceTo(
    ctx,
    ctx.db,
    approver ? [approver] : examiners.filter((user) => user.is_head),
    routes.examinerStatementInfo(statementId),
    message,
    [`${message}.`, 'Компания получит комплект, когда опись будет подписана: «Подписать решение» рядом с описью.'],
    nowIso(ctx.now()),
  );
  sendAnnouncement(ctx, announcement);
}

/**
 * After an examiner's deactivation: the sets of their approvals still waiting for the inventory's signature are the
 * heads' to sign now, and each is asked of them. Failures are logged; the deactivation stands.
 */
export async function askHeadsForInventories(ctx: ServiceContext, examinerId: number): Promise<void> {
  try {
    for (const statementId of await listUnsignedInventories(ctx.db, examinerId)) {
      const subject = await findStampSubject(ctx.db, statementId);
      if (subject) await askInventorySignature(ctx, statementId, subject);
    }
  } catch (error) {
    ctx.logError(error, `approved sets of examiner ${examinerId} to sign`);
  }
}

/** The inventory's paragraphs: the certificate, then each stamped file with its pages and SHA-256, then the rest. */
function inventoryBlocks(set: {
  visibleId: number;
  date: string;
  stamped: ReadonlyArray<{ fileName: string; pages: number; sha256: string }>;
  notStamped: ReadonlyArray<{ fileName: string; reason: string }>;
}): LetterBlock[] {
  const blocks: LetterBlock[] = [
    { text: COMMITTEE_NAME, center: true },
    { text: INVENTORY_TITLE, bold: true, center: true, space: 1 },
    { text: `к свидетельству № ${set.visibleId} от ${set.date}`, center: true },
    {
      text: 'Каждый файл комплекта несёт штамп «СОГЛАСОВАНО». Его подлинность проверяется по SHA-256 на странице проверки свидетельства.',
      space: 1,
    },
  ];
  set.stamped.forEach((file, index) => {
    blocks.push({ text: `${index + 1}. ${file.fileName}`, bold: true, space: 0.5 });
    blocks.push({ text: `Листов: ${file.pages}`, indent: 14 });
    blocks.push({ text: `SHA-256: ${file.sha256}`, indent: 14 });
  });
  if (set.stamped.length === 0) blocks.push({ text: 'Проштампованных файлов нет.', space: 0.5 });
  if (set.notStamped.length > 0) {
    blocks.push({ text: 'Не вошли в комплект:', bold: true, space: 1 });
    for (const file of set.notStamped) blocks.push({ text: `${file.fileName}: ${file.reason}`, indent: 14 });
  }
  return blocks;
}

/** Who reads a set: the committee, the statement's company, or anyone on the public check. */
export type SetReader = 'committee' | 'company' | 'public';

/**
 * The approved set of a statement's issued approval as `reader` gets it; null before it is made and for a statement
 * that is not approved (a decision held for its signature is none yet). Under `decisions` in SIGNATURES_REQUIRED the
 * set reaches the company and the public check once the examiner who approved has signed its inventory: until then
 * only the committee sees it, `awaitingSignature`.
 */
export async function approvedSetOf(
  ctx: ServiceContext,
  statement: { id: number; status: string; held_status?: string | null },
  reader: SetReader,
): Promise<ApprovedSet | null> {
  if (statement.status !== 'approved' || (statement.held_status ?? null) !== null) return null;
  const stageId = await findApprovalStage(ctx.db, statement.id);
  const row = stageId === null ? undefined : await findApprovedSetRow(ctx.db, stageId);
  if (!row) return null;
  const files = await listApprovedSetFiles(ctx.db, row.stage_id);
  const set: ApprovedSet = {
    files: [],
    inventory: null,
    notStamped: JSON.parse(row.not_stamped),
    awaitingSignature: false,
    // The committee's own matter: the company never learns that an examiner left.
    approverGone: reader === 'committee' && (await approverRemoved(ctx.db, row.stage_id)),
  };
  // The inventory's signature is paired with it as a round's document's is with its document.
  const documents = new Map(documentsOf(files).map((document) => [document.id, document]));
  for (const file of files) {
    const document = documents.get(file.id);
    if (!document) continue;
    if (file.approved_set === 'inventory') {
      set.inventory = { ...document, sha256: document.sha256 ?? '' };
    } else {
      set.files.push({
        sourceFileId: file.stamped_from_file_id ?? 0,
        fileName: file.file_name,
        url: file.storage_key,
        size: Number(file.size),
        sha256: file.sha256 ?? '',
        pages: file.page_count ?? 1,
      });
    }
  }
  // Decided when the set was made: a later change of the setting changes no set.
  set.awaitingSignature = Boolean(row.signature_required) && set.inventory?.signature?.status !== 'valid';
  return set.awaitingSignature && reader !== 'committee' ? null : set;
}

/**
 * Tells the statement's company that its approved set is signed and theirs (the notification and the mail): under
 * `decisions` in SIGNATURES_REQUIRED the set reaches them only with its inventory's signature, after the approval.
 */
export async function announceSignedSet(ctx: ServiceContext, statementId: number): Promise<void> {
  const subject = await findStampSubject(ctx.db, statementId);
  if (!subject) return;
  const message = `Согласованный комплект по заявлению № ${subject.visible_id} «${subject.object_name}» подписан`;
  const announcement = await announceTo(
    ctx,
    ctx.db,
    await listCompanyUsers(ctx.db, subject.company_id),
    routes.statementInfo(statementId),
    message,
    [
      `${message}.`,
      'Копии документов со штампом «СОГЛАСОВАНО» и подписанную опись можно скачать на странице заявления.',
    ],
    nowIso(ctx.now()),
  );
  sendAnnouncement(ctx, announcement);
}

/**
 * 'Скачать комплект': the approved set's stamped copies and inventory as one ZIP, streamed as each file is read from
 * the store (yazl, stored without compression: the PDFs are compressed already), never held whole. For the company's
 * users and any examiner; anything else, and a statement without a set, is the same 404.
 */
export async function downloadApprovedSet(
  ctx: ServiceContext,
  actor: UserRow,
  statementId: number,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const missing = () => apiError('not_found', 'Согласованный комплект не найден');
  const subject = await findStampSubject(ctx.db, statementId);
  if (!subject || !seesCompany(actor, subject.company_id)) throw missing();
  const row = await findApprovedSetRow(ctx.db, subject.stage_id);
  // A set waiting for its inventory's signature is the committee's alone.
  const reader = actor.role === 'examiner' ? 'committee' : 'company';
  if (!row || !(await approvedSetOf(ctx, { id: statementId, status: 'approved' }, reader))) throw missing();
  // The copies, the inventory and its signature: the signature covers every copy through the inventory's hashes.
  const files = await listApprovedSetFiles(ctx.db, subject.stage_id);
  const zip = new ZipFile();
  const mtime = new Date(row.made_at);
  for (const file of files) {
    zip.addReadStreamLazy(file.file_name, { compress: false, size: Number(file.size), mtime }, (done) => {
      ctx.files.get(file.storage_key).then(
        (stream) => done(null, stream),
        (error: unknown) => done(error, undefined as unknown as NodeJS.ReadableStream),
      );
    });
  }
  zip.end();
  const output = zip.outputStream as Readable;
  // A file gone from the store mid-way ends the download short: logged, the client sees a broken archive.
  zip.on('error', (error: unknown) => {
    ctx.logError(error, `approved set of statement ${statementId}: zip`);
    output.destroy(error as Error);
  });
  return reply
    .header('Content-Type', 'application/zip')
    .header('Content-Disposition', contentDisposition(`Комплект_${subject.visible_id}.zip`))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(output);
}

/** The set as the public check shows it: each stamped copy's name, size, pages and SHA-256; null without a set. */
export async function publicApprovedSet(
  ctx: ServiceContext,
  statement: { id: number; status: string; held_status?: string | null },
) {
  const set = await approvedSetOf(ctx, statement, 'public');
  return set && { files: set.files.map(({ fileName, size, sha256, pages }) => ({ fileName, size, sha256, pages })) };
}
