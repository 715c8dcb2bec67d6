import type { MapStore } from 'nanostores';
import type { SubmitResult, SubmitState } from '#stores/submit.ts';
import { announceStatementChange } from '../live/changes.ts';

// How every dialog that acts on a statement ends its send (the refusal to accept, the assigning, an appeal's filing
// and decision, a correction's request and answer): one protocol, so a screen reads the same after each.

/** What a dialog hands over at its end. */
export interface DialogEnd<T> {
  /** The dialog's busy state (its form's `$status`). */
  $status: MapStore<SubmitState>;
  /** Closes the dialog whatever its state. */
  close: () => void;
  /** Reads the screen again (after a 409, and after success unless `changed` says otherwise). */
  reload: () => unknown;
  /** After success: how the screen takes the answer (a row leaves a list); by default it reads again (`reload`). */
  changed?: (data: T) => unknown;
  /** The field the server may refuse (`{ field }` of a 400), and how the dialog shows its text beside it. */
  refusedField?: { name: string; show: (text: string) => void };
}

/**
 * Ends a dialog's send: a refused field shows its text beside it; a 409 (the statement moved meanwhile) closes the
 * dialog and reads the screen again. On success the other screens are told, the screen changes under the open,
 * still busy dialog, then it closes, and the focus, its opener gone, goes where the screen says. True when the
 * action went through.
 */
export async function endDialog<T>(result: SubmitResult<T>, dialog: DialogEnd<T>): Promise<boolean> {
  if (!result.ok) {
    const refused = dialog.refusedField;
    if (refused && result.failure.body?.field === refused.name) refused.show(result.text);
    if (result.failure.status === 409) {
      dialog.close();
      await dialog.reload();
    }
    return false;
  }
  announceStatementChange();
  dialog.$status.setKey('busy', true);
  try {
    await (dialog.changed ? dialog.changed(result.data) : dialog.reload());
  } finally {
    dialog.$status.setKey('busy', false);
    dialog.close();
  }
  return true;
}
