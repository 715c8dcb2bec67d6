// findUserById is compiled once and executed as a prepared statement: it must answer exactly as the query
// built by Kysely each time, for active, removed and unknown users, outside and inside a transaction, on SQLite and
// (with TEST_DATABASE_URL) PostgreSQL, where it runs as a named prepared statement on every pooled connection.
import { describe, expect, it } from 'vitest';
import { nowIso } from '../../server/src/db/database.ts';
import { findUserByEmail, findUserById, listUsers, markUserRemoved } from '../../server/src/users/users.repository.ts';
import { sharedPortal } from './helpers.ts';

describe('findUserById, prepared', () => {
  const portal = sharedPortal();

  it('answers as the built query does, for every user, many times over (every pooled connection)', async () => {
    const users = await listUsers(portal.db);
    expect(users.length).toBeGreaterThan(3);
    for (let round = 0; round < 15; round++) {
      const found = await Promise.all(users.map((user) => findUserById(portal.db, user.id)));
      expect(found).toEqual(users);
    }
    expect(await findUserById(portal.db, 987_654)).toBeUndefined();
  });

  it('answers the same inside a transaction, and no longer finds a removed user', async () => {
    const employee = await findUserByEmail(portal.db, 'employee@demo.example');
    if (!employee) throw new Error('no demo employee');
    await portal.db.transaction().execute(async (trx) => {
      expect(await findUserById(trx, employee.id)).toEqual(employee);
    });
    expect(await markUserRemoved(portal.db, employee.id, nowIso())).toBe(true);
    expect(await findUserById(portal.db, employee.id)).toBeUndefined();
    await portal.db.transaction().execute(async (trx) => {
      expect(await findUserById(trx, employee.id)).toBeUndefined();
    });
  });
});
