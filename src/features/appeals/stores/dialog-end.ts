import type { MapStore } from 'nanostores';
import type { SubmitResult, SubmitState } from '#stores/submit.ts';
import { announceStatementChange } from '../../live/changes.ts';

/** What an appeal's dialog hands over at its end: its busy state, how it closes, how its detail reads again. */
export interface AppealDialogEnd {
  $status: MapStore<SubmitState>;
  /** Closes the dialog whatever its state. */
  close: () => void;
  /** Reads the statement again. */
  reload: () => unknown;
}

/**
 * How both appeal dialogs end a send: after a 409 (filed or answered meanwhile) the dialog closes and the statement is
 * read again; after success the other screens are told, the detail is read again under the still-busy dialog (the
 * appeal, its status and letter show, the opening button goes), then it closes. True when the send went through.
 */
export async function endAppealDialog<T>(result: SubmitResult<T>, dialog: AppealDialogEnd): Promise<boolean> {
  if (!result.ok) {
    if (result.failure.status === 409) {
      dialog.close();
      await dialog.reload();
    }
    return false;
  }
  announceStatementChange();
  dialog.$status.setKey('busy', true);
  try {
    await dialog.reload();
  } finally {
    dialog.$status.setKey('busy', false);
    dialog.close();
  }
  return true;
}
