import { atom, type ReadableAtom } from 'nanostores';
import { orNull } from '#lib/validators.ts';
import { createForm, type Form } from '#stores/form.ts';
import { createUploadList, type UploadList } from '#stores/uploads.ts';

/** A stage being prepared in a dialog: the company's new version or the examiner's reply. */
export interface StageDraft<K> {
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
  /** What the stage sends: the uploaded files' ids and the comment, null when empty. */
  content: () => { prefileIds: number[]; comment: string | null };
  /** Closes the dialog after the stage was sent; its files now belong to the stage. */
  finish: () => void;
}

/** The stores of one stage dialog. */
export function createStageDraft<K>(): StageDraft<K> {
  const $open = atom<K | null>(null);
  const form = createForm({ comment: '' }, () => ({}));
  const uploads = createUploadList();
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
    content: () => ({ prefileIds: uploads.$prefileIds.get(), comment: orNull(form.$values.get().comment) }),
    finish: () => {
      uploads.reset();
      $open.set(null);
    },
  };
}
