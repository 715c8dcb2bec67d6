import type { Db } from '../db/database.ts';
import type { SubjectRequestTable } from '../db/schema.ts';

// A person's requests about their personal data (docs/product.md «Personal data»), and the reads that gather
// everything the portal holds about one person.

/** Every account with what a person is found by. */
export function listAccounts(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('companies', 'companies.id', 'users.company_id')
    .select([
      'users.id',
      'users.fio',
      'users.email',
      'users.phone',
      'users.role',
      'users.position',
      'users.created_at',
      'users.removed_at',
      'users.consent_version',
      'users.consent_at',
      'users.consent_address',
      'users.consent_withdrawn_at',
      'users.company_id',
      'companies.legal_entity',
      'companies.inn',
    ])
    .execute();
}

/** The powers of attorney whose representative's name holds `surname` or whose СНИЛС is one of `snils`. */
export function listPowersNaming(db: Db, surname: string | null, snils: readonly string[]) {
  return db
    .selectFrom('powers_of_attorney')
    .select([
      'number',
      'internal_number',
      'principal',
      'representative',
      'representative_snils',
      'representative_inn',
      'valid_to',
      'revoked_at',
    ])
    .where((eb) =>
      eb.or([
        ...(surname ? [eb('representative', 'like', `%${surname}%`)] : []),
        ...(snils.length > 0 ? [eb('representative_snils', 'in', snils)] : []),
      ]),
    )
    .execute();
}

/** Detached signatures whose verdict names `text` (a surname or a СНИЛС), with their statement and document. */
export function listSignaturesNaming(db: Db, texts: readonly string[]) {
  return db
    .selectFrom('files as signature')
    .innerJoin('stages', 'stages.id', 'signature.stage_id')
    .innerJoin('statements', 'statements.id', 'stages.statement_id')
    .leftJoin('files as document', 'document.id', 'signature.signs_file_id')
    .select([
      'signature.signature_check',
      'signature.created_at',
      'statements.visible_id',
      'document.file_name as document_name',
    ])
    .where('signature.signature_check', 'is not', null)
    .where((eb) => eb.or(texts.map((text) => eb('signature.signature_check', 'like', `%${text}%`))))
    .execute();
}

/** The stages a person submitted, with their statement. */
export function listStagesBy(db: Db, personId: number) {
  return db
    .selectFrom('stages')
    .innerJoin('statements', 'statements.id', 'stages.statement_id')
    .select([
      'statements.visible_id',
      'statements.object_name',
      'statements.status',
      'stages.n',
      'stages.date_create',
      'stages.applicant_name',
      'stages.applicant_phone',
      'stages.applicant_mail',
      'stages.applicant_position',
    ])
    .where('stages.applicant_id', '=', personId)
    .orderBy('statements.visible_id')
    .orderBy('stages.n')
    .execute();
}

/** Registers a request with its answer; answers its id. */
export async function insertSubjectRequest(db: Db, row: Omit<SubjectRequestTable, 'id'>): Promise<number> {
  const inserted = await db.insertInto('subject_requests').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** The register, newest first. */
export function listSubjectRequestRows(db: Db) {
  return db.selectFrom('subject_requests').selectAll().orderBy('id', 'desc').limit(500).execute();
}

export function findSubjectRequest(db: Db, id: number) {
  return db.selectFrom('subject_requests').selectAll().where('id', '=', id).executeTakeFirst();
}
