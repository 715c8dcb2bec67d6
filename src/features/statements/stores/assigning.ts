import { atom, type ReadableAtom } from 'nanostores';
import type { ExaminerWorkload, Statement, StatementStatus } from '#domain/contract.ts';
import { orNull } from '#lib/validators.ts';
import { api } from '#stores/api.ts';
import { createForm, type Form } from '#stores/form.ts';
import { submit } from '#stores/submit.ts';
import { assigningTexts as texts } from '../texts/assigning.ts';
import { endTargetDialog } from './target-dialog.ts';

/** The statement the head assigns: its number and the examiner it has now (null while `sent`). */
export interface AssignTarget {
  id: number;
  visibleId: number;
  status: StatementStatus;
  examinerId: number | null;
}

/** The examiners to choose from, each with their load (GET /api/instance/team), read afresh at each opening. */
export type AssignExaminers =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; examiners: readonly ExaminerWorkload[] };

/** The head's assigning of one screen: its dialog's statement, the examiners, the choice, the comment, the sending. */
export interface Assigning {
  /** The statement whose dialog is open, or null while it is closed. */
  $target: ReadableAtom<AssignTarget | null>;
  $examiners: ReadableAtom<AssignExaminers>;
  /** The chosen examiner's id. */
  $chosen: ReadableAtom<number | null>;
  /** 'Выберите эксперта' after a send without a choice, or the server's word on `examinerId`, until the choice changes. */
  $error: ReadableAtom<string | null>;
  /** The optional comment ('Комментарий'), and the busy state of the sending. */
  form: Form<{ comment: string }>;
  /** Opens the dialog for a statement: nobody chosen, no comment; the examiners are read again. */
  open: (target: AssignTarget) => void;
  /** Closes the dialog without sending (ignored while sending). */
  close: () => void;
  choose: (examinerId: number) => void;
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

/** True when the statement is handed over ('Передать другому эксперту') rather than assigned out of `sent`. */
export function isHandOver(target: Pick<AssignTarget, 'status'>): boolean {
  return target.status !== 'sent';
}

/** The statuses a head assigns in (docs/product.md «Assigning»): out of `sent`, and hands over one in work. */
export function canBeAssigned(status: StatementStatus): boolean {
  return status === 'sent' || status === 'under_review' || status === 'has_comments';
}

/** The assigning for a screen (the news, the examiner's detail). */
export function createAssigning(screen: AssigningScreen): Assigning {
  const $target = atom<AssignTarget | null>(null);
  const $examiners = atom<AssignExaminers>({ status: 'loading' });
  const $chosen = atom<number | null>(null);
  const $error = atom<string | null>(null);
  const form = createForm({ comment: '' }, () => ({}));
  let reading = 0;

  async function readExaminers(): Promise<void> {
    const mine = ++reading;
    $examiners.set({ status: 'loading' });
    const { data } = await api.GET('/api/instance/team').catch(() => ({ data: undefined }));
    if (mine !== reading) return;
    $examiners.set(data ? { status: 'ready', examiners: data.examiners } : { status: 'failed' });
  }

  async function send(): Promise<boolean> {
    const target = $target.get();
    const examinerId = $chosen.get();
    if (!target) return false;
    if (examinerId === null) {
      $error.set(texts.examinerRequired);
      return false;
    }
    screen.sending?.(target);
    const body = {
      examinerId,
      comment: orNull(form.$values.get().comment),
      currentExaminerId: target.examinerId,
    };
    const chosen = (() => {
      const examiners = $examiners.get();
      return examiners.status === 'ready' ? examiners.examiners.find((e) => e.examinerId === examinerId) : undefined;
    })();
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
    return endTargetDialog(result, {
      $target,
      $status: form.$status,
      refusedField: { name: 'examinerId', show: (text) => $error.set(text) },
      reload: screen.reload,
      changed: screen.assigned,
    });
  }

  return {
    $target,
    $examiners,
    $chosen,
    $error,
    form,
    open(target) {
      $chosen.set(null);
      $error.set(null);
      form.reset();
      $target.set(target);
      void readExaminers();
    },
    close() {
      if (!form.$status.get().busy) $target.set(null);
    },
    choose(examinerId) {
      $error.set(null);
      $chosen.set(examinerId);
    },
    send,
  };
}
