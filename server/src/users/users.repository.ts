import type { CompiledQuery } from 'kysely';
import type { UserRole } from '#domain/contract.ts';
import { type Db, executePrepared, isPostgres } from '../db/database.ts';
import { normalizeEmail, type UserRow } from './user.ts';

// Until events, the seed and the tests' helpers import them from user.ts.

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
  'users.is_head',
  'users.consent_version',
  'companies.legal_entity as company_legal_entity',
  'companies.state as company_state',
  'instances.name as instance_name',
] as const;

/** Active users only: a removed user (soft delete) is invisible to every lookup but the history's. */
function selectActiveUsers(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('companies', 'companies.id', 'users.company_id')
    .leftJoin('instances', 'instances.id', 'users.instance_id')
    .select(userColumns)
    .where('users.removed_at', 'is', null);
}

function selectActiveUserById(db: Db, id: number) {
  return selectActiveUsers(db).where('users.id', '=', id);
}

/** `findUserById`'s query, compiled once per database (the id is its only parameter). */
const compiledById = new WeakMap<Db, CompiledQuery<UserRow>>();

/**
 * An active user by id. Every authenticated request reads the user's row (a removed user is refused at once, on every
 * instance), so the query is built and compiled by Kysely once per database and then only executed with the id
 * (building it was about a quarter of `GET /api/users/me`), as a prepared statement on PostgreSQL too; it
 * still runs through Kysely's executor, on the connection (and SQLite's lock) Kysely would use.
 */
export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  if (db.isTransaction) return selectActiveUserById(db, id).executeTakeFirst();
  let compiled = compiledById.get(db);
  if (!compiled) {
    compiled = selectActiveUserById(db, 0).compile();
    if (compiled.parameters.length !== 1) throw new Error('findUserById: the id must be the only parameter');
    compiledById.set(db, compiled);
  }
  const { rows } = await executePrepared(db, compiled, [id]);
  return rows[0];
}

export function findUserByEmail(db: Db, email: string) {
  return selectActiveUsers(db).where('users.email', '=', normalizeEmail(email)).executeTakeFirst();
}

/** Which of these e-mails belong to active users. */
export async function findUsersByEmails(db: Db, emails: string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where('email', 'in', emails.map(normalizeEmail))
    .where('removed_at', 'is', null)
    .execute();
  return rows.flatMap((row) => (row.email === null ? [] : [row.email]));
}

export function listUsers(db: Db) {
  return selectActiveUsers(db).orderBy('users.id').execute();
}

/** Active users of a company, the owner included, by name. */
export function listCompanyUsers(db: Db, companyId: number) {
  return selectActiveUsers(db)
    .where('users.company_id', '=', companyId)
    .orderBy('users.fio')
    .orderBy('users.id')
    .execute();
}

/** Active examiners (every user of an instance). */
export function listExaminers(db: Db) {
  return selectActiveUsers(db).where('users.role', '=', 'examiner').orderBy('users.id').execute();
}

export async function markUserVerified(db: Db, id: number): Promise<void> {
  await db.updateTable('users').set({ is_verify: true }).where('id', '=', id).where('is_verify', '=', false).execute();
}

export interface NewUser {
  email: string | null;
  fio: string | null;
  phone?: string | null;
  position?: string | null;
  role: UserRole;
  companyId?: number | null;
  instanceId?: number | null;
  /** An examiner who is the committee's head. */
  isHead?: boolean;
  createdAt: string;
  /** The consent to the processing of personal data the person gave: its version, when, from which address. */
  consent?: { version: string; at: string; address: string };
}

export async function insertUser(db: Db, user: NewUser): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      email: user.email === null ? null : normalizeEmail(user.email),
      fio: user.fio,
      phone: user.phone ?? null,
      position: user.position ?? null,
      role: user.role,
      company_id: user.companyId ?? null,
      instance_id: user.instanceId ?? null,
      is_verify: false,
      is_head: user.isHead ?? false,
      created_at: user.createdAt,
      removed_at: null,
      consent_version: user.consent?.version ?? null,
      consent_at: user.consent?.at ?? null,
      consent_address: user.consent?.address ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Soft delete: the row stays for everything the user made; false when already removed. */
export async function markUserRemoved(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ removed_at: at })
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An examiner's own contact details (docs/product.md «Entities»: the user's name and phone). */
export async function updateContact(db: Db, id: number, contact: { fio: string; phone: string | null }): Promise<void> {
  await db.updateTable('users').set({ fio: contact.fio, phone: contact.phone }).where('id', '=', id).execute();
}

/** An active user of this company, or undefined (another company's user is as missing as a wrong id). */
export function findCompanyUser(db: Db, companyId: number, id: number) {
  return selectActiveUsers(db).where('users.company_id', '=', companyId).where('users.id', '=', id).executeTakeFirst();
}

export interface PersonChanges {
  fio: string;
  email: string | null;
  phone: string | null;
  position: string | null;
  /** A new e-mail is a new login: the person verifies it by logging in again. */
  resetVerified: boolean;
}

export async function updatePerson(db: Db, id: number, changes: PersonChanges): Promise<void> {
  await db
    .updateTable('users')
    .set({
      fio: changes.fio,
      email: changes.email,
      phone: changes.phone,
      position: changes.position,
      ...(changes.resetVerified ? { is_verify: false } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Makes an active examiner the head or not; false when no active examiner has that id. */
export async function updateHead(db: Db, id: number, isHead: boolean): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ is_head: isHead })
    .where('id', '=', id)
    .where('role', '=', 'examiner')
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** How many active heads the committee has (there is always at least one). */
export async function countHeads(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role', '=', 'examiner')
    .where('is_head', '=', true)
    .where('removed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The active heads' ids, their rows locked to the end of the caller's transaction on PostgreSQL (SQLite runs one
 * writing transaction at a time): two heads unmaking or deactivating each other at once are counted one after the
 * other, so the committee never ends up without a head.
 */
export async function lockHeads(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'examiner')
    .where('is_head', '=', true)
    .where('removed_at', 'is', null)
    .$if(isPostgres(db), (query) => query.forUpdate())
    .execute();
  return rows.map((row) => row.id);
}

/** An examiner as the administration shows them, active or deactivated (`removed_at`). */
const examinerColumns = ['id', 'email', 'fio', 'phone', 'position', 'is_head', 'created_at', 'removed_at'] as const;

/** Every examiner, deactivated ones included: active first, then by name. */
export function listAllExaminers(db: Db) {
  return db
    .selectFrom('users')
    .select(examinerColumns)
    .where('role', '=', 'examiner')
    .orderBy((eb) => eb.case().when('removed_at', 'is', null).then(0).else(1).end())
    .orderBy('fio')
    .orderBy('id')
    .execute();
}

/** An examiner by id, active or deactivated; undefined for an id of no examiner. */
export function findExaminer(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(examinerColumns)
    .where('role', '=', 'examiner')
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface ExaminerChanges {
  fio?: string;
  phone?: string | null;
  position?: string | null;
  isHead?: boolean;
}

/** Changes an examiner's name, contacts, position or head's flag (only the fields given). */
export async function updateExaminer(db: Db, id: number, changes: ExaminerChanges): Promise<void> {
  const set = {
    ...(changes.fio === undefined ? {} : { fio: changes.fio }),
    ...(changes.phone === undefined ? {} : { phone: changes.phone }),
    ...(changes.position === undefined ? {} : { position: changes.position }),
    ...(changes.isHead === undefined ? {} : { is_head: changes.isHead }),
  };
  if (Object.keys(set).length === 0) return;
  await db.updateTable('users').set(set).where('id', '=', id).where('role', '=', 'examiner').execute();
}

/** A deactivated examiner active again (no longer the head); false when they were active. */
export async function markExaminerRestored(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ removed_at: null, is_head: false })
    .where('id', '=', id)
    .where('role', '=', 'examiner')
    .where('removed_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The id of the instance (the committee, the reviewing body examiners belong to) of this name, if there is one. */
export async function findInstanceId(db: Db, name: string): Promise<number | undefined> {
  return (await db.selectFrom('instances').select('id').where('name', '=', name).executeTakeFirst())?.id;
}

/** Adds an instance of this name; returns its id. */
export async function insertInstance(db: Db, name: string, createdAt: string): Promise<number> {
  const row = await db
    .insertInto('instances')
    .values({ name, created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Renames an instance (an outside body's, renamed with its body). */
export async function renameInstance(db: Db, id: number, name: string): Promise<void> {
  await db.updateTable('instances').set({ name }).where('id', '=', id).execute();
}

/**
 * Deletes every user of a company with what is theirs alone (uploads, notifications, sessions, codes cascade): a
 * declined registration's people, who never filed anything.
 */
export async function deleteCompanyUsers(db: Db, companyId: number): Promise<void> {
  await db.deleteFrom('users').where('company_id', '=', companyId).execute();
}

/** Keeps a user's consent to the processing of personal data (its version, moment and client address). */
export async function updateConsent(
  db: Db,
  id: number,
  consent: { version: string; at: string; address: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ consent_version: consent.version, consent_at: consent.at, consent_address: consent.address })
    .where('id', '=', id)
    .execute();
}

/** Keeps when and how a user withdrew their consent; false when it already was. */
export async function updateConsentWithdrawn(db: Db, id: number, at: string, via: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ consent_withdrawn_at: at, consent_withdrawal_via: via })
    .where('id', '=', id)
    .where('consent_withdrawn_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether the user belongs to a reviewing body (docs/product.md «Conclusions»). */
export async function isReviewBodyMember(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('review_body_members')
    .select('user_id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
