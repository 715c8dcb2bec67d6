import type { Db } from '../db/database.ts';

/** A company's own data: what its owner may change. */
interface CompanyChanges {
  legalEntity: string;
  legalAddress: string | null;
  inn: string | null;
  kpp: string | null;
  ogrn: string | null;
  /** The company head: shown as the statement's companyDirector and on the certificate. */
  contactFio: string | null;
  contactPhone: string | null;
}

interface NewCompany extends CompanyChanges {
  createdAt: string;
  /** A registration's company is `pending` from the moment it registered; the console's is `active`. */
  registeredAt?: string;
}

/** The columns of a company's own data, for the insert and the update alike. */
function companyColumns(company: CompanyChanges) {
  return {
    legal_entity: company.legalEntity,
    legal_address: company.legalAddress,
    inn: company.inn,
    kpp: company.kpp,
    ogrn: company.ogrn,
    contact_fio: company.contactFio,
    contact_phone: company.contactPhone,
  };
}

export async function insertCompany(db: Db, company: NewCompany): Promise<number> {
  const row = await db
    .insertInto('companies')
    .values({
      ...companyColumns(company),
      created_at: company.createdAt,
      ...(company.registeredAt ? { state: 'pending' as const, registered_at: company.registeredAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Another company with this ИНН, if any (an ИНН names one legal entity). */
export function findOtherCompanyByInn(db: Db, inn: string, exceptId: number | null) {
  let query = db.selectFrom('companies').select('id').where('inn', '=', inn);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

/** The company with this ИНН, any state, with the e-mails of its owners: whom to tell that someone tried to register it. */
export async function findCompanyByInn(db: Db, inn: string) {
  const company = await db.selectFrom('companies').select(['id', 'state']).where('inn', '=', inn).executeTakeFirst();
  if (!company) return undefined;
  const owners = await db
    .selectFrom('users')
    .select('email')
    .where('company_id', '=', company.id)
    .where('role', '=', 'owner')
    .where('removed_at', 'is', null)
    .where('email', 'is not', null)
    .execute();
  return { ...company, ownerEmails: owners.map((owner) => owner.email as string) };
}

export function findCompanyById(db: Db, id: number) {
  return db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateCompany(db: Db, id: number, changes: CompanyChanges): Promise<void> {
  await db.updateTable('companies').set(companyColumns(changes)).where('id', '=', id).execute();
}
