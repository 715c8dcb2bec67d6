import type { Db } from '../db/database.ts';
import type { UserRole } from '../db/schema.ts';

/** E-mails are compared trimmed and lower-cased everywhere. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const userColumns = [
  'users.id',
  'users.email',
  'users.fio',
  'users.phone',
  'users.position',
  'users.role',
  'users.company_id',
  'users.instance_id',
  'users.is_verify',
  'companies.legal_entity as company_legal_entity',
  'instances.name as instance_name',
] as const;

function selectUsers(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('companies', 'companies.id', 'users.company_id')
    .leftJoin('instances', 'instances.id', 'users.instance_id')
    .select(userColumns);
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

export function findUserById(db: Db, id: number) {
  return selectUsers(db).where('users.id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string) {
  return selectUsers(db).where('users.email', '=', normalizeEmail(email)).executeTakeFirst();
}

/** Which of these e-mails belong to users. */
export async function findUsersByEmails(db: Db, emails: string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db.selectFrom('users').select('email').where('email', 'in', emails.map(normalizeEmail)).execute();
  return rows.map((row) => row.email);
}

export function listUsers(db: Db) {
  return selectUsers(db).orderBy('users.id').execute();
}

export async function markUserVerified(db: Db, id: number): Promise<void> {
  await db.updateTable('users').set({ is_verify: true }).where('id', '=', id).where('is_verify', '=', false).execute();
}

export interface NewUser {
  email: string;
  fio: string | null;
  phone?: string | null;
  position?: string | null;
  role: UserRole;
  companyId?: number | null;
  instanceId?: number | null;
  createdAt: string;
}

export async function insertUser(db: Db, user: NewUser): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      email: normalizeEmail(user.email),
      fio: user.fio,
      phone: user.phone ?? null,
      position: user.position ?? null,
      role: user.role,
      company_id: user.companyId ?? null,
      instance_id: user.instanceId ?? null,
      is_verify: false,
      created_at: user.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
