import { atom, type ReadableAtom } from 'nanostores';
import { orNull } from '#lib/validators.ts';
import { createForm, type Form } from '#stores/form.ts';
import { createUploadList, type UploadList } from '#stores/uploads.ts';

/** A stage being prepared in a dialog: the company's new version or the examiner's reply (`C`: by the committee). */
export interface StageDraft<K, C extends boolean = boolean> {
  /** What is being prepared (the reply's status, or the new version), or null while the dialog is closed. */
  $open: ReadableAtom<K | null>;
  /** The stage's comment (optional on both sides). */
  form: Form<{ comment: string }>;
  /** The stage's files. */
  uploads: UploadList;
  /** Opens the dialog for `kind` with an empty comment and no files. */
  open: (kind: K) => void;
  /** Closes the dialog without sending; files uploaded for it are deleted. Ignored while sending. */
  close: () => void;
  /** What the stage sends: the uploaded files' ids, the comment (null when empty), whose stage it is. */
  content: () => { prefileIds: number[]; comment: string | null; isInstance: C };
  /** Closes the dialog after the stage was sent; its files now belong to the stage. */
  finish: () => void;
}

/** The stores of one stage dialog; `byCommittee`: the examiner's reply (true) or the company's version (false). */
export function createStageDraft<K>(byCommittee: true): StageDraft<K, true>;
export function createStageDraft<K>(byCommittee: false): StageDraft<K, false>;
export function createStageDraft<K>(byCommittee: boolean): StageDraft<K> {
  const $open = atom<K | null>(null);
  const form = createForm({ comment: '' }, () => ({}), { askBeforeLeaving: { when: () => $open.get() !== null } });
  const uploads = createUploadList(undefined, { signatures: 'round' });
  return {
    $open,
    form,
    uploads,
    open: (kind) => {
      form.reset();
      uploads.reset();
      $open.set(kind);
    },
    close: () => {
      if (form.$status.get().busy) return;
      $open.set(null);
      void uploads.discard();
    },
    // The committee flag is called byCommittee on the site; the contract names it isInstance on a stage sent.
    content: () => ({
      prefileIds: uploads.$prefileIds.get(),
      comment: orNull(form.$values.get().comment),
      isInstance: byCommittee,
    }),
    finish: () => {
      uploads.reset();
      $open.set(null);
    },
  };
}
