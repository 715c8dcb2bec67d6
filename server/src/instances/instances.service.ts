import type { Db } from '../db/database.ts';
import { findInstanceId, insertInstance } from './instances.repository.ts';

/**
 * The instance (the committee, the reviewing body examiners belong to: the contract's `User.instance`) of this name,
 * created on first use; `db` is the transaction that adds its examiner.
 */
export async function ensureInstance(db: Db, name: string, createdAt: string): Promise<number> {
  return (await findInstanceId(db, name)) ?? insertInstance(db, name, createdAt);
}
