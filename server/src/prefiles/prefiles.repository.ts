import type { Db } from '../db/database.ts';

interface NewPrefile {
  ownerId: number;
  storageKey: string;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  createdAt: string;
}

export async function insertPrefile(db: Db, prefile: NewPrefile): Promise<number> {
  const row = await db
    .insertInto('prefiles')
    .values({
      owner_id: prefile.ownerId,
      storage_key: prefile.storageKey,
      name: prefile.name,
      content_type: prefile.contentType,
      size: prefile.size,
      sha256: prefile.sha256,
      created_at: prefile.createdAt,
      attached_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Claims the owner's unattached uploads for a round (once): false when any of them is not theirs to attach. */
export async function claimPrefiles(
  db: Db,
  ownerId: number,
  prefileIds: readonly number[],
  at: string,
): Promise<boolean> {
  if (prefileIds.length === 0) return true;
  const claimed = await db
    .updateTable('prefiles')
    .set({ attached_at: at })
    .where('id', 'in', [...prefileIds])
    .where('owner_id', '=', ownerId)
    .where('attached_at', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === prefileIds.length;
}

/** Forgets the prefile rows behind these storage keys (their statement is gone). */
export async function deletePrefilesByKeys(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .deleteFrom('prefiles')
    .where('storage_key', 'in', [...keys])
    .execute();
}

/** The caller's prefile, if it is theirs. */
export function findOwnPrefile(db: Db, ownerId: number, id: number) {
  return db
    .selectFrom('prefiles')
    .select(['id', 'storage_key', 'attached_at'])
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
}

/** Deletes a prefile only while unattached; false when it got attached meanwhile. */
export async function deleteUnattachedPrefile(db: Db, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('prefiles')
    .where('id', '=', id)
    .where('attached_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Unattached prefiles made before `before`: removed with their bytes by the cleanup. */
export function listStalePrefiles(db: Db, before: string, limit: number) {
  return db
    .selectFrom('prefiles')
    .select(['id', 'storage_key'])
    .where('attached_at', 'is', null)
    .where('created_at', '<', before)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Bytes uploaded and not yet attached by the uploader's side: the company's users together, or an examiner alone
 * (examiners have no company).
 */
export async function pendingUploadBytes(db: Db, user: { id: number; company_id: number | null }): Promise<number> {
  let query = db
    .selectFrom('prefiles')
    .innerJoin('users', 'users.id', 'prefiles.owner_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('prefiles.size'), eb.val(0)).as('bytes'))
    .where('prefiles.attached_at', 'is', null);
  query =
    user.company_id === null
      ? query.where('prefiles.owner_id', '=', user.id)
      : query.where('users.company_id', '=', user.company_id);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.bytes);
}

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
