import type { Db } from '../db/database.ts';

/** The ИНН and ОГРН of a company: whose signatures its documents must carry. */
export function findCompanyRequisites(db: Db, companyId: number) {
  return db.selectFrom('companies').select(['inn', 'ogrn']).where('id', '=', companyId).executeTakeFirst();
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
    .leftJoin('users as decider', 'decider.id', 'stages.applicant_id')
    .select([
      'files.id',
      'files.stage_id',
      'files.storage_key',
      'files.file_name',
      'files.signs_file_id',
      'files.correction_id',
      'files.appeal_id',
      'files.approved_set',
      'stages.status',
      'stages.is_government_agency',
      'stages.applicant_id',
      'decider.removed_at as decider_removed_at',
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
    // The approved set's inventory is signed too, and is no certificate.
    .where('document.approved_set', 'is', null)
    .orderBy('stages.n', 'desc')
    .orderBy('document.id');
  return (
    correctionId === null
      ? query.where('document.correction_id', 'is', null)
      : query.where('document.correction_id', '=', correctionId)
  ).execute();
}

/**
 * The company's powers of attorney naming this person as representative (by СНИЛС or ИНН), newest first: whose a
 * signature with a personal certificate may be (docs/product.md «Powers of attorney»).
 */
export function findRepresentations(db: Db, companyId: number, person: { snils: string | null; inn: string | null }) {
  const keys = [
    ...(person.snils ? [['representative_snils', person.snils] as const] : []),
    ...(person.inn ? [['representative_inn', person.inn] as const] : []),
  ];
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('powers_of_attorney')
    .select(['id', 'number', 'issued_on', 'valid_to', 'principal', 'powers', 'revoked_at'])
    .where('company_id', '=', companyId)
    .where((eb) => eb.or(keys.map(([column, value]) => eb(column, '=', value))))
    .orderBy('added_at', 'desc')
    .execute();
}
