import type { Db } from '../db/database.ts';

/** The caller's unattached uploads among `ids`: what a round is about to store, before it is stored. */
export function listPendingUploads(db: Db, ownerId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('prefiles')
    .select(['id', 'name', 'storage_key', 'size'])
    .where('id', 'in', [...ids])
    .where('owner_id', '=', ownerId)
    .where('attached_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** The ИНН and ОГРН of a company: whose signatures its documents must carry. */
export function findCompanyRequisites(db: Db, companyId: number) {
  return db.selectFrom('companies').select(['inn', 'ogrn']).where('id', '=', companyId).executeTakeFirst();
}

/**
 * Marks a round's stored signature file as the signature of its document (both found by storage key within the
 * stage) with the verdict, in the round's transaction.
 */
export async function linkSignature(
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

/**
 * A stored file of a statement's round, with what its round decided and who made it, and for an appeal's file who
 * decided the appeal and which file is its answer letter; undefined when not there.
 */
export function findRoundFile(db: Db, statementId: number, fileId: number) {
  return db
    .selectFrom('files')
    .innerJoin('stages', 'stages.id', 'files.stage_id')
    .leftJoin('appeals', 'appeals.id', 'files.appeal_id')
    .select([
      'files.id',
      'files.stage_id',
      'files.storage_key',
      'files.file_name',
      'files.signs_file_id',
      'files.correction_id',
      'files.appeal_id',
      'stages.status',
      'stages.is_government_agency',
      'stages.applicant_id',
      'appeals.decided_by as appeal_decided_by',
      'appeals.letter_key as appeal_letter_key',
    ])
    .where('files.id', '=', fileId)
    .where('stages.statement_id', '=', statementId)
    .executeTakeFirst();
}

/** Whether a document already has its signature. */
export async function hasSignature(db: Db, fileId: number): Promise<boolean> {
  const row = await db.selectFrom('files').select('id').where('signs_file_id', '=', fileId).executeTakeFirst();
  return row !== undefined;
}

/** The caller's unattached upload, if it is theirs. */
export function findPendingUpload(db: Db, ownerId: number, id: number) {
  return db
    .selectFrom('prefiles')
    .select(['id', 'name', 'storage_key', 'size'])
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .where('attached_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Files the caller's upload as the signature of a document, in its round and with the verdict: the upload is
 * claimed by a conditional update, so it is filed at most once; false when it was not claimable.
 */
export async function fileSignature(
  db: Db,
  input: {
    ownerId: number;
    prefileId: number;
    document: { id: number; stage_id: number; correction_id: number | null; appeal_id: number | null };
    check: string;
    at: string;
  },
): Promise<boolean> {
  const claimed = await db
    .updateTable('prefiles')
    .set({ attached_at: input.at })
    .where('id', '=', input.prefileId)
    .where('owner_id', '=', input.ownerId)
    .where('attached_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;
  const upload = await db
    .selectFrom('prefiles')
    .select(['storage_key', 'name', 'content_type', 'size', 'sha256'])
    .where('id', '=', input.prefileId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('files')
    .values({
      stage_id: input.document.stage_id,
      storage_key: upload.storage_key,
      file_name: upload.name,
      content_type: upload.content_type,
      size: upload.size,
      sha256: upload.sha256,
      created_at: input.at,
      page_count: null,
      correction_id: input.document.correction_id,
      appeal_id: input.document.appeal_id,
      signs_file_id: input.document.id,
      signature_check: input.check,
    })
    .execute();
  return true;
}

/**
 * The signed documents of a statement's approval rounds, last round first, with their signatures: the approval's
 * certificate (`correctionId` null) or a corrected certificate (its correction's id).
 */
export function findSignedApproval(db: Db, statementId: number, correctionId: number | null = null) {
  const query = db
    .selectFrom('files as signature')
    .innerJoin('files as document', 'document.id', 'signature.signs_file_id')
    .innerJoin('stages', 'stages.id', 'document.stage_id')
    .select([
      'document.storage_key as document_key',
      'document.file_name as document_name',
      'document.size as document_size',
      'signature.storage_key as signature_key',
      'signature.file_name as signature_name',
      'signature.size as signature_size',
      'signature.signature_check',
    ])
    .where('stages.statement_id', '=', statementId)
    .where('stages.status', '=', 'approved')
    .where('stages.is_government_agency', '=', true)
    .orderBy('stages.n', 'desc')
    .orderBy('document.id');
  return (
    correctionId === null
      ? query.where('document.correction_id', 'is', null)
      : query.where('document.correction_id', '=', correctionId)
  ).execute();
}
