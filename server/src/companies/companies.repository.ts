import type { Db } from '../db/database.ts';

export interface NewCompany {
  legalEntity: string;
  legalAddress: string | null;
  inn: string | null;
  kpp: string | null;
  ogrn: string | null;
  /** The company head: shown as the statement's companyDirector and on the certificate. */
  contactFio: string | null;
  contactPhone: string | null;
  createdAt: string;
}

export async function insertCompany(db: Db, company: NewCompany): Promise<number> {
  const row = await db
    .insertInto('companies')
    .values({
      legal_entity: company.legalEntity,
      legal_address: company.legalAddress,
      inn: company.inn,
      kpp: company.kpp,
      ogrn: company.ogrn,
      contact_fio: company.contactFio,
      contact_phone: company.contactPhone,
      created_at: company.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findCompanyById(db: Db, id: number) {
  return db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface CompanyChanges {
  legalEntity: string;
  legalAddress: string | null;
  inn: string | null;
  kpp: string | null;
  ogrn: string | null;
  contactFio: string | null;
  contactPhone: string | null;
}

export async function updateCompany(db: Db, id: number, changes: CompanyChanges): Promise<void> {
  await db
    .updateTable('companies')
    .set({
      legal_entity: changes.legalEntity,
      legal_address: changes.legalAddress,
      inn: changes.inn,
      kpp: changes.kpp,
      ogrn: changes.ogrn,
      contact_fio: changes.contactFio,
      contact_phone: changes.contactPhone,
    })
    .where('id', '=', id)
    .execute();
}
