import { atom, type ReadableAtom } from 'nanostores';

const $changes = atom(0);

/**
 * A count that grows whenever the signed-in user changes a statement's status (taking it into work, replying).
 * The feature that made the change and the lists that must reload (the sidebar counters) never import each other,
 * so they meet here.
 */
export const $statementChanges: ReadableAtom<number> = $changes;

/** Tells every list that statements changed, so the ones on screen reload. */
export function announceStatementChange(): void {
  $changes.set($changes.get() + 1);
}
