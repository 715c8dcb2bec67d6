import type { Selectable } from 'kysely';
import type { CompanyState } from '#domain/contract.ts';
import type { UserTable } from '../db/schema.ts';

/** An active user as the rules see them (the actor of every service): with their company's and committee's names. */
export type UserRow = Pick<
  Selectable<UserTable>,
  | 'id'
  | 'email'
  | 'fio'
  | 'phone'
  | 'position'
  | 'role'
  | 'company_id'
  | 'instance_id'
  | 'is_verify'
  | 'is_head'
  | 'consent_version'
> & { company_legal_entity: string | null; company_state: CompanyState | null; instance_name: string | null };

/** E-mails are compared trimmed and lower-cased everywhere. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
