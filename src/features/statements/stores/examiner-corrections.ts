import { atom, type ReadableAtom } from 'nanostores';
import type { Correction } from '#domain/contract.ts';
import { replacesLine } from '#domain/corrections.ts';
import { certificateDate } from '#domain/pdf/page.ts';
import { currentOrigin } from '#lib/browser.ts';
import { orNull } from '#lib/validators.ts';
import { api, uploadPrefile } from '#stores/api.ts';
import { createForm } from '#stores/form.ts';
import { computed } from '#stores/prerendered.ts';
import { $user } from '#stores/session.ts';
import { submit } from '#stores/submit.ts';
import { showToast } from '#stores/toasts.ts';
import { certificateData, certificateFileName } from '../../certificates/certificate.ts';
import { announceStatementChange } from '../../live/changes.ts';
import { currentRequisites, validateCorrectionAnswer } from '../lib/corrections.ts';
import { correctionTexts } from '../texts/corrections.ts';
import { $examinerStatement, reloadExaminerStatement } from './examiner-detail.ts';

/** The answer being prepared: which correction, and whether it corrects or declines; null while closed. */
const $answering = atom<{ correction: Correction; accept: boolean } | null>(null);
/** The answer being prepared, or null while its dialog is closed. */
export const $correctionAnswer: ReadableAtom<{ correction: Correction; accept: boolean } | null> = $answering;

const EMPTY = { objectName: '', address: '', cadastralNumber: '', note: '' };
const $accepting = atom(true);

/** The corrected certificate's values (prefilled with the certificate in force) and the note or the reason. */
export const correctionAnswerForm = createForm(EMPTY, (values) => validateCorrectionAnswer($accepting.get(), values));

/** True when the signed-in examiner answers this statement's corrections: it is theirs. */
export const $canAnswerCorrections: ReadableAtom<boolean> = computed([$examinerStatement, $user], (shown, user) =>
  Boolean(shown.statement && user && shown.statement.examinerId === user.id),
);

/** Opens 'Исправить' (the requisites of the certificate in force to correct) or 'Отклонить' (the reason). */
export function openCorrectionAnswer(correction: Correction, accept: boolean): void {
  const statement = $examinerStatement.get().statement;
  if (!statement) return;
  $accepting.set(accept);
  correctionAnswerForm.reset({ ...EMPTY, ...(accept ? currentRequisites(statement) : {}) });
  $answering.set({ correction, accept });
}

/** Closes the answer without sending (ignored while sending). */
export function closeCorrectionAnswer(): void {
  if (!correctionAnswerForm.$status.get().busy) $answering.set(null);
}

/** The check address as printed: absolute (the server's PUBLIC_ORIGIN, or this site's origin for a path). */
function absolute(url: string): string {
  return url.startsWith('/') ? `${currentOrigin()}${url}` : url;
}

/**
 * Makes the corrected certificate with the values given, its own check address and 'взамен ранее выданного от
 * {date}', and uploads it; the prefile's id, or null (told) when it could not be made.
 */
async function uploadCorrectedCertificate(correction: Correction): Promise<number | null> {
  const statement = $examinerStatement.get().statement;
  if (!statement || !correction.checkUrl) return null;
  const values = correctionAnswerForm.$values.get();
  try {
    const { certificatePdf } = await import('../../certificates/certificate-download.ts');
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

/**
 * Sends the answer (POST /api/instance/corrections/{id}/decision): correcting makes and attaches the corrected
 * certificate first; declining sends the reason. Then the dialog closes and the statement is read again.
 */
export async function sendCorrectionAnswer(): Promise<boolean> {
  const answering = $answering.get();
  if (!answering || !correctionAnswerForm.validate()) return false;
  const { correction, accept } = answering;
  const values = correctionAnswerForm.$values.get();
  const status = correctionAnswerForm.$status;
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
  if (!result.ok) {
    if (result.failure.status === 409) await reloadExaminerStatement();
    return false;
  }
  $answering.set(null);
  announceStatementChange();
  await reloadExaminerStatement();
  return true;
}
