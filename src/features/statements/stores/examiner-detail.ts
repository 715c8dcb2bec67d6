import { atom, type ReadableAtom } from 'nanostores';
import { CERTIFICATE_TEXTS, certificateFileName, isCertificateOf } from '#domain/certificates.ts';
import type { RefusalGround, Statement } from '#domain/contract.ts';
import { REFUSAL_TEXTS } from '#domain/refusals.ts';
import { currentOrigin } from '#lib/browser.ts';
import { isExaminer, isHeadUser } from '#lib/roles.ts';
import { api } from '#stores/api.ts';
import { computed } from '#stores/prerendered.ts';
import { $user } from '#stores/session.ts';
import { requestRefusal, submit } from '#stores/submit.ts';
import { showToast } from '#stores/toasts.ts';
import { createCatalog } from '../../../stores/catalog.ts';
import { createAppealDecision } from '../../appeals/appeals.ts';
import { createStampCorners } from '../../approved-sets/stamp-corners.ts';
import { certificateData } from '../../certificates/certificate.ts';
import { createConclusions, createDecisionReasons, mayAskConclusions } from '../../conclusions/detail.ts';
import { createCorrectionAnswer } from '../../corrections/answer.ts';
import { announceStatementChange } from '../../live/changes.ts';
import { createRemarkEditing } from '../../remarks/editing.ts';
import { createAcceptanceRefusal } from '../../workflow/acceptance-refusal.ts';
import { canBeAssigned, createAssigning } from '../../workflow/assigning.ts';
import { awaitsSignature, canRefuseAcceptance, canReply, type ReplyStatus } from '../../workflow/examiner-reply.ts';
import { createGroundsChoice } from '../../workflow/grounds-choice.ts';
import { createStageDraft } from '../../workflow/stage-draft.ts';
import { statementDetailTexts } from '../components/texts.ts';
import { examinerDetailTexts } from '../texts/examiner-detail.ts';
import { createStatementDetail } from './statement-detail.ts';

const detail = createStatementDetail({
  load: (id) => api.GET('/api/instance/statements/{id}', { params: { path: { id } } }),
  isFor: isExaminer,
  view: 'examiner',
  failedText: statementDetailTexts.loadFailed,
  loadRemarks: (id) => api.GET('/api/instance/statements/{id}/remarks', { params: { path: { id } } }),
});

/** The statement's remarks: the published ones and this examiner's drafts. */
export const $examinerRemarks = detail.$remarks;
/** Loads the remarks again. */
export const reloadExaminerRemarks = detail.reloadRemarks;

/** The id the page was opened with (read from the location), or null when the path holds none. */
export const $examinerStatementId = detail.$id;
/** The statement of /instance/statement/info/{id} (GET /api/instance/statements/{id}), loaded for an examiner. */
export const $examinerStatement = detail.$detail;
/** The statement's submission rounds, each with the committee's replies under it. */
export const $examinerRounds = detail.$rounds;
/** Loads (or reloads, keeping the shown statement meanwhile) the statement. */
export const reloadExaminerStatement = detail.reload;
/** 'Повторить' after the statement failed to load. */
export const retryExaminerStatement = detail.retry;

/** The examiner's remark editing over this statement's remarks (the remarks capability, handed this detail). */
export const remarkEditing = createRemarkEditing({
  statementId: () => detail.$id.get(),
  $remarks: detail.$remarks,
  reload: detail.reloadRemarks,
});

/** The answers to the certificate's corrections on this detail: once sent, the statement is read again. */
export const correctionAnswer = createCorrectionAnswer({
  $statement: computed(detail.$detail, (shown) => shown.statement),
  reload: () => detail.reload(),
});

/** The statement shown, or null while none is. */
const $shownStatement = computed(detail.$detail, (shown) => shown.statement);

/** 'Заключения' on this detail: asking the bodies and withdrawing a request; once sent, the statement is read again. */
export const conclusions = createConclusions({ $statement: $shownStatement, reload: () => detail.reload() });

/** True when the signed-in examiner leads the statement (or heads the committee) and may ask for conclusions now. */
export const $canAskConclusions: ReadableAtom<boolean> = computed(
  [detail.$detail, $user],
  (shown, user) => mayAskConclusions(shown.statement, user) && !awaitsSignature(shown.statement),
);

/** True when the signed-in examiner may answer now: assigned, and the statement under review. */
export const $canReply: ReadableAtom<boolean> = computed([detail.$detail, $user], (shown, user) =>
  canReply(shown.statement, user),
);

/** True when the signed-in examiner may refuse to accept the statement: any examiner, while it is `sent`. */
export const $canRefuseAcceptance: ReadableAtom<boolean> = computed([detail.$detail, $user], (shown, user) =>
  canRefuseAcceptance(shown.statement, user),
);

/** True when the caller is the committee's head and the statement may be assigned or handed over now. */
export const $canAssign: ReadableAtom<boolean> = computed(
  [detail.$detail, $user],
  (shown, user) =>
    isHeadUser(user) &&
    shown.statement !== null &&
    canBeAssigned(shown.statement.status) &&
    !awaitsSignature(shown.statement),
);

/** 'Отказать в приёме' on this detail: the answer is shown at once, then read again with its round's notice. */
export const acceptanceRefusal = createAcceptanceRefusal({
  refused: (statement) => {
    detail.show(statement);
    return detail.reload();
  },
  reload: () => detail.reload(),
});

/** The head's 'Назначить эксперту' / 'Передать другому эксперту' on this detail: the answer shown, then read again. */
export const assigning = createAssigning({
  assigned: (statement) => {
    detail.show(statement);
    return detail.reload();
  },
  reload: () => detail.reload(),
});

/** True when the caller is the committee's head, who answers the statement's appeals ('Рассмотреть жалобу'). */
export const $canDecideAppeals: ReadableAtom<boolean> = computed($user, (user) => isHeadUser(user));

/** The head's 'Рассмотреть жалобу' on this detail: once answered, the statement is read again (status, letter). */
export const appealDecision = createAppealDecision({ reload: () => detail.reload() });

/** The answer being prepared ('На доработку', 'Согласовать', 'Отклонить') in the reply dialog. */
export const reply = createStageDraft<ReplyStatus>(true);
/** The approval's corners of the stamp 'СОГЛАСОВАНО', per document of the approved submission. */
export const stampCorners = createStampCorners();
/** The answer being prepared, or null while the dialog is closed. */
export const $replyStatus = reply.$open;
/** The reply's comment (optional). */
export const replyForm = reply.form;
/** The reply's files (optional). */
export const replyUploads = reply.uploads;
/** Closes the reply dialog without sending; files uploaded for it are deleted. */
export const closeReply = reply.close;

/** What a decision must explain about the conclusions: a head's reason while bodies are silent, an approval's over a refusal. */
export const decisionReasons = createDecisionReasons({ $statement: $shownStatement }, reply.$open, $user);

/** True while a decision waits for conclusions and the examiner, not a head, may not take it yet. */
export const $decisionWaits: ReadableAtom<boolean> = computed(
  decisionReasons.$needs,
  (needs) => needs.silent.length > 0 && !needs.override,
);

/**
 * The certificate an approval must carry, 'Свидетельство_{visibleId}.pdf', while the approval's reply lacks it
 * ('Отправить ответ' waits for it); null for any other answer or once it is uploaded.
 */
export const $missingCertificate: ReadableAtom<string | null> = computed(
  [reply.$open, reply.uploads.$items, detail.$detail],
  (status, items, shown) => {
    const visibleId = shown.statement?.visibleId;
    if (status !== 'approved' || visibleId === undefined) return null;
    const carried = items.some((item) => item.status === 'done' && isCertificateOf(item.name, visibleId));
    return carried ? null : certificateFileName(visibleId);
  },
);

/** 'Приложите свидетельство о согласовании «Свидетельство_{visibleId}.pdf».' under the approval's files. */
export function missingCertificateNote(fileName: string): string {
  return `${CERTIFICATE_TEXTS.required} «${fileName}».`;
}

/** True while the certificate is being made (jspdf and the font load on first use). */
export const $certificateBusy = atom(false);

/**
 * The statement's public check address (POST /api/instance/statements/{id}/certificate: the same token every time),
 * absolute: the server's PUBLIC_ORIGIN, or this site's origin when the server answers a path.
 */
async function certificateCheckUrl(statementId: number): Promise<string> {
  const { data, response } = await api.POST('/api/instance/statements/{id}/certificate', {
    params: { path: { id: statementId } },
  });
  if (!response.ok || !data) throw new Error(`Certificate check token: HTTP ${response.status}`);
  return data.checkUrl.startsWith('/') ? `${currentOrigin()}${data.checkUrl}` : data.checkUrl;
}

/**
 * Makes the approval certificate, with the QR code of its public check address, and downloads it as
 * 'Свидетельство_{visibleId}.pdf'. The check token is asked for first; jspdf, the font and the QR library are
 * imported here, on demand, so no page loads them before an examiner approves.
 */
export async function makeCertificate(statement: Statement): Promise<boolean> {
  $certificateBusy.set(true);
  try {
    const checkUrl = await certificateCheckUrl(statement.id);
    const { downloadCertificate } = await import('../../certificates/certificate-download.ts');
    const examiner = statement.examiner?.fio ?? $user.get()?.fio ?? null;
    await downloadCertificate(certificateData(statement, examiner, new Date(), checkUrl), statement.visibleId);
    return true;
  } catch (error) {
    // A missing PDF library is logged; the examiner is told too, as approval waits for the certificate.
    console.error('Certificate', error);
    showToast('error', examinerDetailTexts.certificateFailed);
    return false;
  } finally {
    $certificateBusy.set(false);
  }
}

/** The grounds of refusal to approve (GET /api/catalogs/refusal-grounds), loaded when a rejection is first written. */
export const $decisionGrounds = createCatalog<RefusalGround>(
  () => api.GET('/api/catalogs/refusal-grounds'),
  examinerDetailTexts.groundsFailed,
  isExaminer,
);
/** The grounds a rejection names ('Выберите основание отказа' when sent without one). */
export const rejectionGrounds = createGroundsChoice(REFUSAL_TEXTS.groundRequired);
/** The grounds a rejection names, in the order they were ticked. */
export const $replyGrounds: ReadableAtom<readonly number[]> = rejectionGrounds.$chosen;
/** Ticks or unticks a ground of the rejection. */
export const toggleGround = rejectionGrounds.toggle;
/** 'Выберите основание отказа' after a rejection was sent without a ground, until one is ticked. */
export const $groundsError: ReadableAtom<string | null> = computed(
  [rejectionGrounds.$error, reply.$open],
  (error, status) => (status === 'rejected' ? error : null),
);

/** Starts an answer: for 'Согласовать' the certificate is made and downloaded first, then the reply dialog opens. */
export async function startReply(status: ReplyStatus): Promise<void> {
  const statement = detail.$detail.get().statement;
  if (!statement || !canReply(statement, $user.get()) || $certificateBusy.get()) return;
  if (status === 'approved' && !(await makeCertificate(statement))) return;
  rejectionGrounds.reset();
  decisionReasons.reset();
  stampCorners.reset();
  if (status === 'approved') void stampCorners.foresee(statement.id);
  reply.open(status);
}

/**
 * Sends the answer (POST /api/instance/{id}/stages), then closes the dialog, reloads the statement and the counters,
 * and shows 'Ответ на заявление был отправлен' (or, for a decision held for its signature, that it waits for it); a
 * failure says 'Не удалось предоставить ответ'.
 */
export async function sendReply(): Promise<boolean> {
  const id = detail.$id.get();
  const status = reply.$open.get();
  if (id === null || status === null) return false;
  if (reply.uploads.$uploading.get()) {
    showToast('info', statementDetailTexts.waitForUploads);
    return false;
  }
  const grounds = status !== 'rejected' || rejectionGrounds.check();
  if (!decisionReasons.check() || !grounds) return false;
  if ($missingCertificate.get() !== null) return false;
  // A signature file the server would refuse: its row says why, and the dialog focuses it.
  if (reply.uploads.$problems.get().size > 0) return false;
  const body = {
    ...reply.content(),
    status,
    ...(status === 'rejected' ? { refusalGroundIds: [...rejectionGrounds.$chosen.get()] } : {}),
    ...(status === 'approved' && stampCorners.body().length > 0 ? { stampCorners: stampCorners.body() } : {}),
    ...decisionReasons.body(),
  };
  const result = await submit(
    reply.form.$status,
    () => api.POST('/api/instance/{id}/stages', { params: { path: { id } }, body }),
    {
      failureText: examinerDetailTexts.replyFailed,
      // The conclusions' refusals (409 'Ожидаются заключения: …', a reason missing) in the server's words.
      describe: (failure) => decisionReasons.describe(failure) ?? requestRefusal(failure),
    },
  );
  if (!result.ok) {
    decisionReasons.refused(result.failure, result.text);
    return false;
  }
  // The answer's statement first, so the menu is gone when the dialog closes and focus moves on, not to a removed menu.
  detail.show(result.data);
  reply.finish();
  announceStatementChange();
  showToast(
    'info',
    awaitsSignature(result.data) ? examinerDetailTexts.replyAwaitsSignature : examinerDetailTexts.replySent,
  );
  await detail.reload();
  return true;
}
