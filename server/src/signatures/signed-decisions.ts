// Signatures on the committee's decisions (docs/product.md «Signatures»): a decision document kept as a file of its
// round is signed later by the examiner who decided ('Подписать решение'), and the public check shows the signed
// certificate of an approval.
import type {
  DocumentSignature,
  PublicDecisionSignature,
  SignDecisionInput,
  Stage,
  StageFile,
} from '#domain/contract.ts';
import { isSignatureName } from '#domain/files.ts';
import type { ServiceContext } from '../context.ts';
import { nowIso } from '../db/database.ts';
import { apiError } from '../errors.ts';
import { attachToStage, pendingUploads } from '../prefiles/prefiles.service.ts';
import { requireExaminer } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import { findPendingUpload, findRoundFile, findSignedApproval, hasSignature } from './signed-files.repository.ts';
import { decisionSignatureProblem, releaseUnreadable, signatureTexts } from './signed-uploads.ts';
import { checkSignature } from './stored-signature.ts';

/** The rounds whose files are decisions: what 'Подписать решение' signs. */
const DECISIONS = ['approved', 'rejected', 'not_accepted'] as const;

const SIGN_TEXTS = {
  noFile: 'Документ не найден',
  notDecision: 'Подписать можно только документ решения комитета',
  notDecider: 'Подписать решение может только эксперт, принявший его',
  notInventorySigner:
    'Подписать опись комплекта может только эксперт, согласовавший заявление, а если он деактивирован, — руководитель отдела',
  notAppealDecider: 'Подписать ответ на жалобу может только руководитель, рассмотревший жалобу',
  alreadySigned: 'Решение уже подписано',
  notSignatureFile: 'Приложите файл подписи (.sig или .p7s)',
  noDecisionDocument: 'Приложите документ решения: решение выдаётся подписанным, а без документа подписывать нечего',
} as const;

type RoundFile = NonNullable<Awaited<ReturnType<typeof findRoundFile>>>;

/**
 * The deciding official of a committee's document, whose signature it takes (docs/product.md «Signatures»): the
 * examiner whose round decided, for a decision's document; the head who decided the appeal, for its answer letter;
 * null for any other file (the company's documents, an appeal's filed files). `headSigns`: a head may sign it in the
 * decider's stead (the approved set's inventory of an examiner deactivated before signing it).
 */
function deciderOf(document: RoundFile): { id: number | null; refusal: string; headSigns: boolean } | null {
  if (document.appeal_id !== null) {
    if (document.appeal_letter_key === null || document.storage_key !== document.appeal_letter_key) return null;
    return { id: document.appeal_decided_by, refusal: SIGN_TEXTS.notAppealDecider, headSigns: false };
  }
  const decision = (DECISIONS as readonly string[]).includes(document.status ?? '');
  // Of the approved set, its inventory is signed («The approved set»): a stamped copy is covered by its hash there.
  if (!document.is_government_agency || !decision || document.approved_set === 'stamped') return null;
  // The approval stands when its examiner leaves; its set must still reach the company, so a head signs for them.
  const inventory = document.approved_set === 'inventory';
  const refusal = inventory ? SIGN_TEXTS.notInventorySigner : SIGN_TEXTS.notDecider;
  return { id: document.applicant_id, refusal, headSigns: inventory && document.decider_removed_at !== null };
}

/**
 * The official who decided (the examiner of a decision, the head of an appeal's answer) signs a decision document of the statement with their detached signature: it must be a
 * valid qualified signature of the committee by them over exactly the stored bytes; refused with the reason and
 * nothing stored otherwise. Of two signatures of one document at once, one is kept and the other is 409. Answers
 * what the document was: the approved set's inventory, or a decision's own document.
 */
export async function signDecision(
  ctx: ServiceContext,
  actor: UserRow,
  statementId: number,
  fileId: number,
  input: SignDecisionInput,
): Promise<'inventory' | 'decision'> {
  requireExaminer(actor);
  const document = await findRoundFile(ctx.db, statementId, fileId);
  if (!document || document.signs_file_id !== null) throw apiError('not_found', SIGN_TEXTS.noFile);
  const decider = deciderOf(document);
  if (!decider) throw apiError('invalid_transition', SIGN_TEXTS.notDecision);
  if (decider.id !== actor.id && !(decider.headSigns && actor.is_head)) throw apiError('forbidden', decider.refusal);
  if (await hasSignature(ctx.db, document.id)) throw apiError('invalid_transition', SIGN_TEXTS.alreadySigned);
  const upload = await findPendingUpload(ctx.db, actor.id, input.prefileId);
  if (!upload) throw apiError('invalid_prefiles');
  if (!isSignatureName(upload.name)) throw apiError('validation_error', SIGN_TEXTS.notSignatureFile);
  const check = await checkSignature(ctx, {
    documentKey: document.storage_key,
    signatureKey: upload.storage_key,
    signatureName: upload.name,
    signatureSize: Number(upload.size),
    organization: { innLe: ctx.config.signatures.committeeInn, ogrn: null },
  }).catch(releaseUnreadable(ctx, actor.id, upload.id));
  const problem = decisionSignatureProblem(check, actor.fio);
  if (problem) throw apiError('validation_error', signatureTexts.decisionRefused(upload.name, problem));
  const at = nowIso(ctx.now());
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      await attachToStage(trx, actor.id, [upload.id], document.stage_id, at, {
        correction_id: document.correction_id,
        appeal_id: document.appeal_id,
        signs_file_id: document.id,
        signature_check: JSON.stringify(check),
        // The inventory's signature goes with the set, never among the round's files.
        approved_set: document.approved_set,
      });
    })
    .catch(async (error: unknown) => {
      // The unique signature of a document: another one filed meanwhile wins.
      if (await hasSignature(ctx.db, document.id)) throw apiError('invalid_transition', SIGN_TEXTS.alreadySigned);
      throw error;
    });
  return document.approved_set === 'inventory' ? 'inventory' : 'decision';
}

/**
 * Whether a decision the committee makes now waits for its signature before it reaches the applicant
 * (docs/product.md «Signatures», `decisions` in SIGNATURES_REQUIRED): a refusal always does (its letter is the
 * portal's, signed afterwards); an approval unless every document it brings comes with its signature (`signed`,
 * each already found valid). An approval with no document at all could never be signed: 400.
 */
export async function holdsDecision(
  ctx: ServiceContext,
  actor: { id: number },
  status: string,
  prefileIds: readonly number[],
  signed: number,
): Promise<boolean> {
  if (!ctx.config.signatures.required.has('decisions')) return false;
  if (!(DECISIONS as readonly string[]).includes(status)) return false;
  if (status !== 'approved') return true;
  const uploads = await pendingUploads(ctx.db, actor.id, prefileIds);
  const documents = uploads.filter((upload) => !isSignatureName(upload.name)).length;
  if (documents === 0) throw apiError('validation_error', SIGN_TEXTS.noDecisionDocument);
  return signed < documents;
}

/** Whether every document of a decision's round is validly signed: a held decision is then released. */
export function decisionSigned(documents: ReadonlyArray<Pick<StageFile, 'signature'>>): boolean {
  return documents.length > 0 && documents.every((file) => file.signature?.status === 'valid');
}

/**
 * A held decision's round as its reader gets it (docs/product.md «Signatures»): 'Ожидает подписи' for the
 * committee, with its documents to sign; nothing at all for the company, which the decision has not reached.
 */
export function heldRound(stage: Stage, reader: 'company' | 'committee'): Stage | null {
  return reader === 'company' ? null : { ...stage, awaitingSignature: true };
}

/**
 * The signed certificate of an approval: its stored document, and what the public may read of its signature (the
 * signature file is the company's and the committee's: its certificate carries the official's СНИЛС and ИНН).
 */
export interface SignedApproval {
  document: { key: string; name: string; size: number };
  shown: PublicDecisionSignature;
}

/**
 * The statement's last approval's document signed with a valid signature (docs/product.md «Signatures»), or null:
 * the public check shows the signer's ФИО, the certificate's serial number and validity, nothing else of them.
 */
export async function signedApproval(
  ctx: ServiceContext,
  statementId: number,
  /** A corrected certificate's correction, for its own check; the approval's certificate by default. */
  correctionId: number | null = null,
): Promise<SignedApproval | null> {
  for (const row of await findSignedApproval(ctx.db, statementId, correctionId)) {
    if (!row.signature_check) continue;
    const check = JSON.parse(row.signature_check) as DocumentSignature;
    if (check.status !== 'valid') continue;
    return {
      document: { key: row.document_key, name: row.document_name, size: Number(row.document_size) },
      shown: {
        fio: check.signer.fio ?? '',
        serialNumber: check.certificate.serialNumber,
        validFrom: check.certificate.validFrom,
        validTo: check.certificate.validTo,
        documentName: row.document_name,
      },
    };
  }
  return null;
}
