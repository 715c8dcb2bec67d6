import { atom, type ReadableAtom } from 'nanostores';
import type { RefusalGround, Statement } from '#domain/contract.ts';
import { isExaminer } from '#lib/roles.ts';
import { orNull } from '#lib/validators.ts';
import { api } from '#stores/api.ts';
import { createForm, type Form } from '#stores/form.ts';
import { submit } from '#stores/submit.ts';
import { type Catalog, createCatalog } from '../../stores/catalog.ts';
import { endDialog } from './dialog-end.ts';
import { createGroundsChoice, type GroundsChoice } from './grounds-choice.ts';
import { acceptanceRefusalTexts as texts } from './texts.ts';

/** The grounds to refuse accepting the documents (GET /api/catalogs/intake-refusal-grounds), loaded when first shown. */
export const $intakeGrounds: ReadableAtom<Catalog<RefusalGround>> = createCatalog<RefusalGround>(
  () => api.GET('/api/catalogs/intake-refusal-grounds'),
  texts.groundsFailed,
  isExaminer,
);

/** The statement a refusal to accept is being written for. */
export interface RefusalTarget {
  id: number;
  visibleId: number;
}

/** The refusal to accept of one screen: its dialog's statement, grounds and comment, and the sending. */
export interface AcceptanceRefusal {
  /** The statement whose dialog is open, or null while it is closed. */
  $target: ReadableAtom<RefusalTarget | null>;
  /** The intake-grounds catalogue the dialog chooses from. */
  catalog: ReadableAtom<Catalog<RefusalGround>>;
  /** The ticked grounds ('Выберите основание' after a send without one). */
  grounds: GroundsChoice;
  /** The optional comment ('Комментарий'), and the busy state of the sending. */
  form: Form<{ comment: string }>;
  /** Opens the dialog for a statement: nothing ticked, no comment. */
  open: (target: RefusalTarget) => void;
  /** Closes the dialog without sending (ignored while sending). */
  close: () => void;
  /**
   * Sends the refusal (POST /api/instance/statements/{id}/refuse-acceptance); true when it went through. A 400 on
   * the grounds shows beside them; a 409 (the statement moved meanwhile) closes the dialog and reloads the screen.
   */
  send: () => Promise<boolean>;
}

/** What a screen does once its statement was refused, or turned out to have moved on. */
export interface AcceptanceRefusalScreen {
  /** Just before the refusal is sent (the news keeps the row from being announced as a colleague's). */
  sending?: (target: RefusalTarget) => void;
  /** After the refusal: the answer is the statement now in `not_accepted`. */
  refused: (statement: Statement) => unknown;
  /** After a 409: read the screen again. */
  reload: () => unknown;
}

/** The refusal to accept for a screen (the news, the examiner's detail). */
export function createAcceptanceRefusal(screen: AcceptanceRefusalScreen): AcceptanceRefusal {
  const $target = atom<RefusalTarget | null>(null);
  const grounds = createGroundsChoice(texts.groundRequired);
  const form = createForm({ comment: '' }, () => ({}));

  async function send(): Promise<boolean> {
    const target = $target.get();
    if (!target || !grounds.check()) return false;
    screen.sending?.(target);
    const body = { groundIds: [...grounds.$chosen.get()], comment: orNull(form.$values.get().comment) };
    const result = await submit(
      form.$status,
      () => api.POST('/api/instance/statements/{id}/refuse-acceptance', { params: { path: { id: target.id } }, body }),
      {
        failureText: texts.failed,
        // The server's own word: a field it refused, or 'Статус заявления уже изменился. Обновите страницу.'.
        describe: (failure) => failure.body?.message,
        successText: texts.done,
      },
    );
    return endDialog(result, {
      close: () => $target.set(null),
      $status: form.$status,
      refusedField: { name: 'groundIds', show: grounds.refuse },
      reload: screen.reload,
      changed: screen.refused,
    });
  }

  return {
    $target,
    catalog: $intakeGrounds,
    grounds,
    form,
    open(target) {
      grounds.reset();
      form.reset();
      $target.set(target);
    },
    close() {
      if (!form.$status.get().busy) $target.set(null);
    },
    send,
  };
}
