import type { Migration } from 'kysely/migration';
import * as initial from './20261122T0300_initial.ts';

/** Every migration in order; names are timestamps and never change once released. */
export const migrations: Record<string, Migration> = {
  '20261122T0300_initial': initial,
};
