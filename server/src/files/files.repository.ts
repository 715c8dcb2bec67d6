import type { Db } from '../db/database.ts';
import type { FileTable } from '../db/schema.ts';

/** A file as the database knows it: where its bytes are and what they must be. */
export interface KnownFile {
  id: number;
  storage_key: string;
  file_name: string;
  size: number;
  sha256: string | null;
}

/** Stage files after `afterId`, by id, a page at a time. */
export function listStageFilesAfter(db: Db, afterId: number, limit: number): Promise<KnownFile[]> {
  return db
    .selectFrom('files')
    .select(['id', 'storage_key', 'file_name', 'size', 'sha256'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Prefiles not attached yet (an attached one's bytes are its stage file's), after `afterId`, a page at a time. */
export function listPendingPrefilesAfter(db: Db, afterId: number, limit: number): Promise<KnownFile[]> {
  return db
    .selectFrom('prefiles')
    .select(['id', 'storage_key', 'name as file_name', 'size', 'sha256'])
    .where('attached_at', 'is', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * The uploads a company's power of attorney keeps (its XML and signature: attached prefiles that no stage file holds),
 * after `afterId`, a page at a time.
 */
export function listPowerOfAttorneyFilesAfter(db: Db, afterId: number, limit: number): Promise<KnownFile[]> {
  const kept = db
    .selectFrom('powers_of_attorney')
    .select('xml_key as key')
    .union(db.selectFrom('powers_of_attorney').select('signature_key as key'))
    // The head's signature that confirmed a registration: an upload its company keeps.
    .union(
      db
        .selectFrom('companies')
        .select('statement_signature_key as key')
        .where('statement_signature_key', 'is not', null)
        .$narrowType<{ key: string }>(),
    );
  return db
    .selectFrom('prefiles')
    .select(['id', 'storage_key', 'name as file_name', 'size', 'sha256'])
    .where('attached_at', 'is not', null)
    .where('storage_key', 'in', kept)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The registrations' statements (made by the portal, kept by their company), after company `afterId`, a page at a time. */
export function listRegistrationStatementsAfter(db: Db, afterId: number, limit: number): Promise<KnownFile[]> {
  return db
    .selectFrom('companies')
    .select(['id', 'statement_key as storage_key', 'statement_size as size', 'statement_sha256 as sha256'])
    .select((eb) => eb.val('Заявление о регистрации.pdf').as('file_name'))
    .where('statement_key', 'is not', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .$narrowType<{ storage_key: string; size: number }>()
    .execute();
}

/** Which of these storage keys the database refers to (a stage file, a prefile, a registration's statement). */
export async function knownStorageKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('files')
    .select('storage_key')
    .where('storage_key', 'in', [...keys])
    .union(
      db
        .selectFrom('prefiles')
        .select('storage_key')
        .where('storage_key', 'in', [...keys]),
    )
    .union(
      db
        .selectFrom('companies')
        .select('statement_key as storage_key')
        .where('statement_key', 'in', [...keys])
        .$narrowType<{ storage_key: string }>(),
    )
    .execute();
  return new Set(rows.map((row) => row.storage_key));
}

/** The statement a stored file belongs to (for the download's access check), by its storage key. */
export function findFileByKey(db: Db, key: string) {
  return db
    .selectFrom('files')
    .innerJoin('stages', 'stages.id', 'files.stage_id')
    .innerJoin('statements', 'statements.id', 'stages.statement_id')
    .select([
      'files.storage_key',
      'files.file_name',
      'files.size',
      'statements.company_id',
      'statements.id as statement_id',
      'files.appeal_id',
      'files.correction_id',
      'files.conclusion_id',
    ])
    .where('files.storage_key', '=', key)
    .executeTakeFirst();
}

/** A file the committee made itself (a decision letter, an appeal's answer), as a file of its round. */
export interface NewStageFile {
  stageId: number;
  /** The appeal it answers: shown with the appeal, not with the round's documents. */
  appealId?: number;
  /** A file of the approved set: shown with the set, not with the round's documents; a stamped copy names its original. */
  approvedSet?: { kind: 'stamped'; sourceFileId: number } | { kind: 'inventory' };
  storageKey: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  /** Its pages, when the maker counted them (a stamped copy). */
  pageCount?: number;
  at: string;
}

export async function insertStageFile(db: Db, file: NewStageFile): Promise<void> {
  await db
    .insertInto('files')
    .values({
      stage_id: file.stageId,
      appeal_id: file.appealId ?? null,
      approved_set: file.approvedSet?.kind ?? null,
      stamped_from_file_id: file.approvedSet?.kind === 'stamped' ? file.approvedSet.sourceFileId : null,
      storage_key: file.storageKey,
      file_name: file.fileName,
      content_type: file.contentType,
      size: file.size,
      sha256: file.sha256,
      page_count: file.pageCount ?? null,
      created_at: file.at,
    })
    .execute();
}

/**
 * What attached uploads are besides files of their round: a correction's certificate, an appeal's file, or the
 * detached signature of a document (with its verdict).
 */
export type AttachedFileOwner = Partial<
  Pick<
    FileTable,
    'correction_id' | 'appeal_id' | 'conclusion_id' | 'signs_file_id' | 'signature_check' | 'approved_set'
  >
>;

/** The uploads (prefiles) just claimed for a round, as files of that round, in upload order. */
export async function insertFilesFromPrefiles(
  db: Db,
  attached: { stageId: number; prefileIds: readonly number[]; at: string; owner: AttachedFileOwner },
): Promise<void> {
  const { stageId, at, owner } = attached;
  await db
    .insertInto('files')
    .columns([
      'stage_id',
      'storage_key',
      'file_name',
      'content_type',
      'size',
      'sha256',
      'created_at',
      'correction_id',
      'appeal_id',
      'conclusion_id',
      'signs_file_id',
      'signature_check',
      'approved_set',
    ])
    .expression((eb) =>
      eb
        .selectFrom('prefiles')
        .select((inner) => [
          inner.val(stageId).as('stage_id'),
          'storage_key',
          'name',
          'content_type',
          'size',
          'sha256',
          inner.val(at).as('created_at'),
          inner.val(owner.correction_id ?? null).as('correction_id'),
          inner.val(owner.appeal_id ?? null).as('appeal_id'),
          inner.val(owner.conclusion_id ?? null).as('conclusion_id'),
          inner.val(owner.signs_file_id ?? null).as('signs_file_id'),
          inner.val(owner.signature_check ?? null).as('signature_check'),
          inner.val(owner.approved_set ?? null).as('approved_set'),
        ])
        .where('id', 'in', [...attached.prefileIds])
        .orderBy('id'),
    )
    .execute();
}

/**
 * Marks a round's stored signature file as the signature of its document (both found by storage key within the
 * stage) with the verdict, in the round's transaction.
 */
export async function linkSignatureFile(
  db: Db,
  stageId: number,
  link: { signatureKey: string; documentKey: string; check: string },
): Promise<void> {
  await db
    .updateTable('files')
    .set((eb) => ({
      signs_file_id: eb
        .selectFrom('files as document')
        .select('document.id')
        .where('document.stage_id', '=', stageId)
        .where('document.storage_key', '=', link.documentKey),
      signature_check: link.check,
    }))
    .where('stage_id', '=', stageId)
    .where('storage_key', '=', link.signatureKey)
    .execute();
}

/** Keeps a document's page count as the remarks read it (its stored form). */
export async function updatePageCount(db: Db, fileId: number, stored: number): Promise<void> {
  await db.updateTable('files').set({ page_count: stored }).where('id', '=', fileId).execute();
}

/** Deletes a round's files, signatures first (a signature refers to its document); returns their storage keys. */
export async function deleteStageFiles(db: Db, stageId: number): Promise<string[]> {
  const files = await db.selectFrom('files').select('storage_key').where('stage_id', '=', stageId).execute();
  await db.deleteFrom('files').where('stage_id', '=', stageId).where('signs_file_id', 'is not', null).execute();
  await db.deleteFrom('files').where('stage_id', '=', stageId).execute();
  return files.map((file) => file.storage_key);
}
