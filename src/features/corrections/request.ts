import { atom, type ReadableAtom } from 'nanostores';
import { api } from '#stores/api.ts';
import { createForm, type Form } from '#stores/form.ts';
import { submit } from '#stores/submit.ts';
import { endDialog } from '../workflow/dialog-end.ts';
import { validateCorrectionRequest } from './rules.ts';
import { correctionTexts } from './texts.ts';

/** What the company's detail gives its 'Исправить опечатку': which statement it shows, and how it reads it again. */
export interface CorrectionRequestScreen {
  statementId: () => number | null;
  reload: () => unknown;
}

/** The company's 'Исправить опечатку' on one detail: the dialog, its description and the sending. */
export interface CorrectionRequest {
  /** True while the dialog is open. */
  $open: ReadableAtom<boolean>;
  /** The description of the error ('Описание ошибки'): required, up to 10,000 characters. */
  form: Form<{ text: string }>;
  /** Opens the request with an empty description. */
  open: () => void;
  /** Closes the request without sending (ignored while sending). */
  close: () => void;
  /**
   * Sends the request (POST /api/statements/{id}/corrections), then reads the statement again under the busy dialog
   * and closes it; the server's refusal is toasted in its own words. True when it went through.
   */
  send: () => Promise<boolean>;
}

export function createCorrectionRequest(screen: CorrectionRequestScreen): CorrectionRequest {
  const $open = atom(false);
  const form = createForm({ text: '' }, validateCorrectionRequest);

  async function send(): Promise<boolean> {
    const id = screen.statementId();
    if (id === null || !form.validate()) return false;
    const body = { text: form.$values.get().text.trim() };
    const result = await submit(
      form.$status,
      () => api.POST('/api/statements/{id}/corrections', { params: { path: { id } }, body }),
      {
        failureText: correctionTexts.requestFailed,
        describe: (failure) => failure.body?.message,
        successText: correctionTexts.requested,
      },
    );
    return endDialog(result, { $status: form.$status, close: () => $open.set(false), reload: screen.reload });
  }

  return {
    $open,
    form,
    open() {
      form.reset();
      $open.set(true);
    },
    close() {
      if (!form.$status.get().busy) $open.set(false);
    },
    send,
  };
}
