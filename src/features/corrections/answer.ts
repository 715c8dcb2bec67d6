import { atom, type ReadableAtom } from 'nanostores';
import type { Correction, Statement } from '#domain/contract.ts';
import { replacesLine } from '#domain/corrections.ts';
import { certificateDate } from '#domain/pdf/page.ts';
import { currentOrigin } from '#lib/browser.ts';
import { orNull } from '#lib/validators.ts';
import { api, uploadPrefile } from '#stores/api.ts';
import { createForm, type Form } from '#stores/form.ts';
import { computed } from '#stores/prerendered.ts';
import { $user } from '#stores/session.ts';
import { submit } from '#stores/submit.ts';
import { showToast } from '#stores/toasts.ts';
import { certificateData, certificateFileName } from '../certificates/certificate.ts';
import { endDialog } from '../workflow/dialog-end.ts';
import { type CorrectionAnswerValues, currentRequisites, validateCorrectionAnswer } from './rules.ts';
import { correctionTexts } from './texts.ts';

/** What the examiner's detail gives its correction answers: the statement it shows, and how it reads it again. */
export interface CorrectionAnswerScreen {
  $statement: ReadableAtom<Statement | null>;
  reload: () => unknown;
}

/** The answer being prepared: which correction, and whether it corrects or declines. */
export interface Answering {
  correction: Correction;
  accept: boolean;
}

/** The examiner's 'Исправить' and 'Отклонить' on one detail. */
export interface CorrectionAnswer {
  /** The answer being prepared, or null while its dialog is closed. */
  $answering: ReadableAtom<Answering | null>;
  /** The corrected certificate's values (prefilled with the certificate in force) and the note or the reason. */
  form: Form<CorrectionAnswerValues>;
  /** True when the signed-in examiner answers this statement's corrections: it is theirs. */
  $canAnswer: ReadableAtom<boolean>;
  /** Opens 'Исправить' (the requisites of the certificate in force to correct) or 'Отклонить' (the reason). */
  open: (correction: Correction, accept: boolean) => void;
  /** Closes the answer without sending (ignored while sending). */
  close: () => void;
  /**
   * Sends the answer (POST /api/instance/corrections/{id}/decision): correcting makes and attaches the corrected
   * certificate first; declining sends the reason. Then the statement is read again under the busy dialog, which
   * closes. True when it went through.
   */
  send: () => Promise<boolean>;
}

const EMPTY = { objectName: '', address: '', cadastralNumber: '', note: '' };

/** The check address as printed: absolute (the server's PUBLIC_ORIGIN, or this site's origin for a path). */
function absolute(url: string): string {
  return url.startsWith('/') ? `${currentOrigin()}${url}` : url;
}

export function createCorrectionAnswer(screen: CorrectionAnswerScreen): CorrectionAnswer {
  const $answering = atom<Answering | null>(null);
  const $accepting = atom(true);
  const form = createForm(EMPTY, (values) => validateCorrectionAnswer($accepting.get(), values));

  /**
   * Makes the corrected certificate with the values given, its own check address and 'взамен ранее выданного от
   * {date}', and uploads it; the prefile's id, or null (told) when it could not be made.
   */
  async function uploadCorrectedCertificate(correction: Correction): Promise<number | null> {
    const statement = screen.$statement.get();
    if (!statement || !correction.checkUrl) return null;
    const values = form.$values.get();
    try {
      const { certificatePdf } = await import('../certificates/certificate-download.ts');
      const examiner = $user.get()?.fio ?? statement.examiner?.fio ?? null;
      const data = certificateData(
        {
          ...statement,
          title: values.objectName.trim(),
          address: orNull(values.address),
          cadastralNumber: orNull(values.cadastralNumber),
        },
        examiner,
        new Date(),
        absolute(correction.checkUrl),
      );
      const pdf = await certificatePdf({
        ...data,
        replaces: replacesLine(certificateDate(new Date(correction.replacesDate))),
      });
      const name = certificateFileName(statement.visibleId).replace(/\.pdf$/, '_исправленное.pdf');
      const uploaded = await uploadPrefile(new Blob([pdf], { type: 'application/pdf' }), name);
      if (uploaded.ok) return uploaded.prefile.id;
    } catch (error) {
      console.error('Corrected certificate', error);
    }
    showToast('error', correctionTexts.certificateFailed);
    return null;
  }

  async function send(): Promise<boolean> {
    const answering = $answering.get();
    if (!answering || !form.validate()) return false;
    const { correction, accept } = answering;
    const values = form.$values.get();
    const status = form.$status;
    if (status.get().busy) return false;
    let prefileIds: number[] = [];
    if (accept) {
      status.set({ busy: true, error: null });
      const id = await uploadCorrectedCertificate(correction);
      status.set({ busy: false, error: null });
      if (id === null) return false;
      prefileIds = [id];
    }
    const body = {
      accept,
      note: orNull(values.note),
      prefileIds,
      ...(accept
        ? {
            requisites: {
              objectName: values.objectName.trim(),
              address: orNull(values.address),
              cadastralNumber: orNull(values.cadastralNumber),
            },
          }
        : {}),
    };
    const result = await submit(
      status,
      () => api.POST('/api/instance/corrections/{id}/decision', { params: { path: { id: correction.id } }, body }),
      {
        failureText: correctionTexts.answerFailed,
        describe: (failure) => failure.body?.message,
        successText: accept ? correctionTexts.corrected : correctionTexts.declined,
      },
    );
    return endDialog(result, { $status: status, close: () => $answering.set(null), reload: screen.reload });
  }

  return {
    $answering,
    form,
    $canAnswer: computed([screen.$statement, $user], (statement, user) =>
      Boolean(statement && user && statement.examinerId === user.id),
    ),
    open(correction, accept) {
      const statement = screen.$statement.get();
      if (!statement) return;
      $accepting.set(accept);
      form.reset({ ...EMPTY, ...(accept ? currentRequisites(statement) : {}) });
      $answering.set({ correction, accept });
    },
    close() {
      if (!form.$status.get().busy) $answering.set(null);
    },
    send,
  };
}
