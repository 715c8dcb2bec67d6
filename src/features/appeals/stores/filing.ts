import { atom, type ReadableAtom } from 'nanostores';
import type { AppealSubject } from '#domain/contract.ts';
import type { FieldErrors } from '#lib/validators.ts';
import { api } from '#stores/api.ts';
import { createForm, type Form } from '#stores/form.ts';
import { computed } from '#stores/prerendered.ts';
import { createServerFeedback } from '#stores/server-feedback.ts';
import { submit } from '#stores/submit.ts';
import { showToast } from '#stores/toasts.ts';
import { createUploadList, type UploadList } from '#stores/uploads.ts';
import { endDialog } from '../../workflow/dialog-end.ts';
import { type FilingValues, validateFiling } from '../lib/appeal-rules.ts';
import { filingTexts as texts } from '../texts.ts';

/** What the company's detail gives its 'Подать жалобу'. */
export interface AppealFilingScreen {
  /** The statement on screen, or null while none is loaded. */
  statementId: () => number | null;
  /** After the appeal was filed, or refused as filed meanwhile (409): read the statement again. */
  reload: () => unknown;
}

/** The company's 'Подать жалобу' on one detail: its dialog, subject, text, files, and the sending. */
export interface AppealFiling {
  /** The subjects the statement allows now while the dialog is open; null while it is closed. */
  $subjects: ReadableAtom<readonly AppealSubject[] | null>;
  /** The subject and the text; asks before the page is left while the dialog is open and something was typed. */
  form: Form<FilingValues>;
  /** The errors beside the fields: the dialog's own checks, then the server's on a value still there. */
  $fieldErrors: ReadableAtom<FieldErrors<FilingValues>>;
  /** The server's refusal of the files (a 400 naming `prefileIds`), or null. */
  $filesError: ReadableAtom<string | null>;
  /** The files, uploaded as a stage's are and by the same rules. */
  uploads: UploadList;
  /** Opens the dialog: the only subject allowed is chosen already; no text, no files. */
  open: (subjects: readonly AppealSubject[]) => void;
  /** Closes the dialog without sending (ignored while sending); files uploaded for it are deleted. */
  close: () => void;
  /**
   * Files the appeal (POST /api/statements/{id}/appeals); true when it went through. A 400 shows beside the field it
   * names; after a 409 (the same subject filed meanwhile) the statement is read again behind the dialog, which keeps
   * what was typed. The success toast names the answer's due date; the detail then shows the appeal.
   */
  send: () => Promise<boolean>;
}

/** The 'Подать жалобу' of a company's detail. */
export function createAppealFiling(screen: AppealFilingScreen): AppealFiling {
  const $subjects = atom<readonly AppealSubject[] | null>(null);
  const form = createForm<FilingValues>(
    { subject: '', text: '' },
    (values) => validateFiling(values, $subjects.get() ?? []),
    { askBeforeLeaving: { when: () => $subjects.get() !== null } },
  );
  const feedback = createServerFeedback(form, ['subject', 'text']);
  const $filesRefusal = atom<{ message: string; ids: readonly number[] } | null>(null);
  const uploads = createUploadList();
  // The files' refusal holds while the files it was about are the ones chosen.
  const $filesError = computed([$filesRefusal, uploads.$prefileIds], (refusal, ids) =>
    refusal && refusal.ids.join() === ids.join() ? refusal.message : null,
  );

  function close(): void {
    if (form.$status.get().busy) return;
    $subjects.set(null);
    void uploads.discard();
  }

  async function send(): Promise<boolean> {
    const id = screen.statementId();
    if (id === null || $subjects.get() === null) return false;
    if (uploads.$uploading.get()) {
      showToast('info', texts.waitForUploads);
      return false;
    }
    feedback.clear();
    $filesRefusal.set(null);
    if (!form.validate()) return false;
    const values = form.$values.get();
    const prefileIds = uploads.$prefileIds.get();
    const body = { subject: values.subject as AppealSubject, text: values.text.trim(), prefileIds };
    const result = await submit(
      form.$status,
      () => api.POST('/api/statements/{id}/appeals', { params: { path: { id } }, body }),
      {
        failureText: texts.failed,
        // The server's own word: 'Жалоба на это уже подана и ещё не рассмотрена', a field it refused.
        describe: (failure) => failure.body?.message,
      },
    );
    if (!result.ok) {
      feedback.remember(result.failure);
      const refusal = result.failure.body;
      if (refusal?.field === 'prefileIds' || refusal?.error === 'invalid_prefiles') {
        $filesRefusal.set({ message: result.text, ids: prefileIds });
      }
      // Filed by a colleague meanwhile, or no longer allowed: the detail reads again behind the dialog, which keeps
      // what was typed and uploaded.
      if (result.failure.status === 409) await screen.reload();
      return false;
    }
    showToast('success', texts.filed(result.data.dueDate));
    // The files now belong to the appeal: nothing to delete, nothing to ask about.
    uploads.reset();
    form.reset();
    return endDialog(result, { $status: form.$status, close: () => $subjects.set(null), reload: screen.reload });
  }

  return {
    $subjects,
    form,
    $fieldErrors: feedback.$fieldErrors,
    $filesError,
    uploads,
    open(subjects) {
      form.reset({ subject: subjects.length === 1 ? (subjects[0] ?? '') : '', text: '' });
      feedback.clear();
      $filesRefusal.set(null);
      uploads.reset();
      $subjects.set(subjects);
    },
    close,
    send,
  };
}
