import { atom, type ReadableAtom } from 'nanostores';
import type { Statement, StatementStatus } from '#domain/contract.ts';
import { orNull } from '#lib/validators.ts';
import { api } from '#stores/api.ts';
import { createForm, type Form } from '#stores/form.ts';
import { submit } from '#stores/submit.ts';
import { endDialog } from './dialog-end.ts';
import { createExaminerChoice, type ExaminerChoice, type ExaminersToChoose } from './examiner-choice.ts';
import { assigningTexts as texts } from './texts.ts';

/** The statement the head assigns: its number and the examiner it has now (null while `sent`). */
export interface AssignTarget {
  id: number;
  visibleId: number;
  status: StatementStatus;
  examinerId: number | null;
}

/** The examiners to choose from, each with their load (GET /api/instance/team), read afresh at each opening. */
export type AssignExaminers = ExaminersToChoose;

/** The head's assigning of one screen: its dialog's statement, the examiners, the choice, the comment, the sending. */
export interface Assigning extends ExaminerChoice {
  /** The statement whose dialog is open, or null while it is closed. */
  $target: ReadableAtom<AssignTarget | null>;
  /** The optional comment ('Комментарий'), and the busy state of the sending. */
  form: Form<{ comment: string }>;
  /** Opens the dialog for a statement: nobody chosen, no comment; the examiners are read again. */
  open: (target: AssignTarget) => void;
  /** Closes the dialog without sending (ignored while sending). */
  close: () => void;
  /**
   * Sends the assignment (POST /api/instance/statements/{id}/assign) with the examiner the head saw; true when it went
   * through. A 400 on `examinerId` shows beside the examiners; a 409 (someone else assigned or took it meanwhile, or
   * it was decided) closes the dialog and reloads the screen.
   */
  send: () => Promise<boolean>;
}

/** What a screen does around an assignment. */
export interface AssigningScreen {
  /** Just before it is sent (the news keeps the row from being announced as a colleague's). */
  sending?: (target: AssignTarget) => void;
  /** After the assignment: the answer is the statement with its new examiner. */
  assigned: (statement: Statement) => unknown;
  /** After a 409: read the screen again. */
  reload: () => unknown;
}

/**
 * True when the statement is handed over ('Передать другому эксперту') from the examiner who has it, rather than
 * assigned: out of `sent`, or in work without an examiner (its examiner was deactivated).
 */
export function isHandOver(target: Pick<AssignTarget, 'status' | 'examinerId'>): boolean {
  return target.status !== 'sent' && target.examinerId !== null;
}

/** The statuses a head assigns in (docs/product.md «Assigning»): out of `sent`, and hands over one in work. */
export function canBeAssigned(status: StatementStatus): boolean {
  return status === 'sent' || status === 'under_review' || status === 'has_comments';
}

/** The assigning for a screen (the news, the examiner's detail). */
export function createAssigning(screen: AssigningScreen): Assigning {
  const $target = atom<AssignTarget | null>(null);
  const examiners = createExaminerChoice();
  const form = createForm({ comment: '' }, () => ({}));

  async function send(): Promise<boolean> {
    const target = $target.get();
    const examinerId = examiners.$chosen.get();
    if (!target) return false;
    if (examinerId === null) {
      examiners.refuse(texts.examinerRequired);
      return false;
    }
    screen.sending?.(target);
    const body = {
      examinerId,
      comment: orNull(form.$values.get().comment),
      currentExaminerId: target.examinerId,
    };
    const chosen = examiners.chosenExaminer();
    const result = await submit(
      form.$status,
      () => api.POST('/api/instance/statements/{id}/assign', { params: { path: { id: target.id } }, body }),
      {
        failureText: texts.failed,
        // The server's own word: 'Такого эксперта нет', 'Заявление уже передано другому эксперту. Обновите страницу.'.
        describe: (failure) => failure.body?.message,
        successText: texts.done(chosen?.fio ?? ''),
      },
    );
    return endDialog(result, {
      close: () => $target.set(null),
      $status: form.$status,
      refusedField: { name: 'examinerId', show: examiners.refuse },
      reload: screen.reload,
      changed: screen.assigned,
    });
  }

  return {
    $target,
    $examiners: examiners.$examiners,
    $chosen: examiners.$chosen,
    $error: examiners.$error,
    choose: examiners.choose,
    form,
    open(target) {
      examiners.reset();
      form.reset();
      $target.set(target);
      void examiners.read();
    },
    close() {
      if (!form.$status.get().busy) $target.set(null);
    },
    send,
  };
}
