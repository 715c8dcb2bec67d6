import type { Kysely } from 'kysely';

// Frozen in time: this file imports no application code and must never change once released.
//
// An outside reviewing body owns the instance its staff belong to, so renaming the body renames what its staff read as
// their organisation. Bodies made before kept none: each takes the instance its staff already share (made in the
// body's name when its first member was added), or a new one in its name when it has no staff yet.

// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped schema by design
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const bodies = await db
    .selectFrom('review_bodies')
    .select(['id', 'name', 'created_at'])
    .where('kind', '=', 'external')
    .where('instance_id', 'is', null)
    .orderBy('id')
    .execute();
  for (const body of bodies) {
    const staff = await db
      .selectFrom('review_body_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('u.instance_id')
      .where('m.body_id', '=', body.id)
      .where('u.role', '=', 'reviewer')
      .where('u.instance_id', 'is not', null)
      .orderBy('u.id')
      .executeTakeFirst();
    const instanceId =
      staff?.instance_id ??
      (
        await db
          .insertInto('instances')
          .values({ name: body.name, created_at: body.created_at })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    await db.updateTable('review_bodies').set({ instance_id: instanceId }).where('id', '=', body.id).execute();
  }
}

export async function down(): Promise<void> {
  // The instances stay: a body keeping one is what the code before this expected too.
}
