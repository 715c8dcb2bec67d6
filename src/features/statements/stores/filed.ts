// The statement just filed, carried from the create form to the list it opens (docs/product.md «Create statement»):
// the list names its number and both terms once, then forgets it.
import type { ReviewDeadline, Statement } from '#domain/contract.ts';
import { tabStorage } from '#lib/tab-storage.ts';

/** What the list's confirmation says of a statement just filed. */
export interface FiledStatement {
  id: number;
  visibleId: number;
  intakeDeadline: ReviewDeadline | null;
  reviewDeadline: ReviewDeadline | null;
}

const FILED_KEY = 'portal.filed-statement';

function isDeadline(value: unknown): value is ReviewDeadline | null {
  if (value === null) return true;
  if (typeof value !== 'object') return false;
  const { dueDate, workingDaysLeft } = value as Partial<ReviewDeadline>;
  return typeof dueDate === 'string' && typeof workingDaysLeft === 'number';
}

function isFiled(value: unknown): value is FiledStatement {
  if (typeof value !== 'object' || value === null) return false;
  const filed = value as Partial<FiledStatement>;
  return (
    typeof filed.id === 'number' &&
    typeof filed.visibleId === 'number' &&
    isDeadline(filed.intakeDeadline) &&
    isDeadline(filed.reviewDeadline)
  );
}

/** Keeps the created statement for the next page of this tab; without storage the list shows only the toast. */
export function carryFiled(statement: Statement, storage: Storage | null = tabStorage()): void {
  const filed: FiledStatement = {
    id: statement.id,
    visibleId: statement.visibleId,
    intakeDeadline: statement.intakeDeadline ?? null,
    reviewDeadline: statement.reviewDeadline ?? null,
  };
  try {
    storage?.setItem(FILED_KEY, JSON.stringify(filed));
  } catch {
    // A full or refused storage costs the confirmation only; the statement is filed and the toast says so.
  }
}

/** The statement carried by the create form, once: it is forgotten as it is read. */
export function takeFiled(storage: Storage | null = tabStorage()): FiledStatement | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(FILED_KEY);
    storage.removeItem(FILED_KEY);
    const parsed: unknown = raw === null ? null : JSON.parse(raw);
    return isFiled(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
