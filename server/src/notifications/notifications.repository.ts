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
