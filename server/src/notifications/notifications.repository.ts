import type { Db } from '../db/database.ts';

export interface NewNotification {
  userIds: readonly number[];
  message: string;
  route: string | null;
  at: string;
}

/** One notification per recipient, in the caller's transaction. */
export async function insertNotifications(db: Db, notification: NewNotification): Promise<void> {
  if (notification.userIds.length === 0) return;
  await db
    .insertInto('notifications')
    .values(
      notification.userIds.map((userId) => ({
        user_id: userId,
        message: notification.message,
        route: notification.route,
        date_create: notification.at,
        read_at: null,
      })),
    )
    .execute();
}

/** A user's notifications, newest first. */
export function listNotifications(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('notifications')
    .select(['id', 'message', 'route', 'date_create'])
    .where('user_id', '=', userId)
    .orderBy('date_create', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** One notification for one person, in the caller's transaction; its id. */
export async function insertNotification(
  db: Db,
  notification: { userId: number; message: string; route: string | null; at: string },
): Promise<number> {
  const row = await db
    .insertInto('notifications')
    .values({
      user_id: notification.userId,
      message: notification.message,
      route: notification.route,
      date_create: notification.at,
      read_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Words a notification anew, as unread and as of `at` (so it comes first again); false when it is gone. */
export async function rewordNotification(
  db: Db,
  id: number,
  notification: { message: string; route: string | null; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('notifications')
    .set({ message: notification.message, route: notification.route, date_create: notification.at, read_at: null })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ——— Petitions gathered per person (docs/product.md «Notifications and mail») ———

/**
 * Counts a petition for a person in one atomic statement: a new gathering (`held` 0: the caller notifies and mails)
 * or one more in the running one (`held` ≥ 1: the caller rewords its notification). Two at once for one person: the
 * second waits for the first's row.
 */
export async function gatherPetition(
  db: Db,
  userId: number,
  at: string,
): Promise<{ held: number; notificationId: number | null }> {
  const row = await db
    .insertInto('petition_digests')
    .values({ user_id: userId, window_start: at, held: 0, notification_id: null })
    .onConflict((oc) => oc.column('user_id').doUpdateSet((eb) => ({ held: eb('petition_digests.held', '+', 1) })))
    .returning(['held', 'notification_id'])
    .executeTakeFirstOrThrow();
  return { held: Number(row.held), notificationId: row.notification_id };
}

/** Records the notification that shows a person's gathering. */
export async function setGatheringNotification(db: Db, userId: number, notificationId: number): Promise<void> {
  await db
    .updateTable('petition_digests')
    .set({ notification_id: notificationId })
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Ends the gatherings that began at or before `endedBefore` (of one person, or of everyone): deleted, so of two API
 * processes only one gets each; who they were for and how many came after the first.
 */
export async function endGatherings(
  db: Db,
  endedBefore: string,
  userId?: number,
): Promise<{ userId: number; held: number }[]> {
  const rows = await db
    .deleteFrom('petition_digests')
    .where('window_start', '<=', endedBefore)
    .$if(userId !== undefined, (query) => query.where('user_id', '=', userId as number))
    .returning(['user_id', 'held'])
    .execute();
  return rows.map((row) => ({ userId: row.user_id, held: Number(row.held) }));
}
