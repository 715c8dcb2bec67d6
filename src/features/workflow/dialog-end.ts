import type { MapStore, WritableAtom } from 'nanostores';
import type { SubmitResult, SubmitState } from '#stores/submit.ts';
import { announceStatementChange } from '../live/changes.ts';

/** A dialog that acts on one statement of a screen (the refusal to accept, the assigning). */
export interface TargetDialog<T> {
  /** The statement whose dialog is open, or null while it is closed. */
  $target: WritableAtom<unknown>;
  /** The dialog's busy state (its form's `$status`). */
  $status: MapStore<SubmitState>;
  /** The field the server may refuse (`{ field }` of a 400), and how the dialog shows its text. */
  refusedField: { name: string; show: (text: string) => void };
  /** After a 409 (the statement moved meanwhile): read the screen again. */
  reload: () => unknown;
  /** After success: the screen takes the answer (a row leaves, a button goes). */
  changed: (data: T) => unknown;
}

/**
 * How such a dialog ends, the same for each: a refused field shows its text beside it; a 409 closes the dialog and
 * reloads the screen. On success the other screens are told, the screen changes under the open dialog, still busy;
 * then it closes, and the focus, its opener gone, goes where the screen says. True when the action went through.
 */
export async function endTargetDialog<T>(result: SubmitResult<T>, dialog: TargetDialog<T>): Promise<boolean> {
  if (!result.ok) {
    if (result.failure.body?.field === dialog.refusedField.name) dialog.refusedField.show(result.text);
    if (result.failure.status === 409) {
      dialog.$target.set(null);
      await dialog.reload();
    }
    return false;
  }
  announceStatementChange();
  dialog.$status.setKey('busy', true);
  try {
    await dialog.changed(result.data);
  } finally {
    dialog.$status.setKey('busy', false);
    dialog.$target.set(null);
  }
  return true;
}
