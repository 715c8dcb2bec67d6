import type { Db } from '../db/database.ts';

export interface NewPrefile {
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

/**
 * Attaches the caller's unattached prefiles to a stage as its files, in the caller's transaction: each prefile is
 * claimed by a conditional update, so one is attached at most once. False when any id is not claimable.
 */
export async function attachPrefiles(
  db: Db,
  ownerId: number,
  prefileIds: readonly number[],
  stageId: number,
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
  if (Number(claimed.numUpdatedRows) !== prefileIds.length) return false;
  await db
    .insertInto('files')
    .columns(['stage_id', 'storage_key', 'file_name', 'content_type', 'size', 'sha256', 'created_at'])
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
        ])
        .where('id', 'in', [...prefileIds])
        .orderBy('id'),
    )
    .execute();
  return true;
}
