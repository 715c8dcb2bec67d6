// Detached signatures filed with an applicant's round (docs/product.md «Signatures»): each `.sig`/`.p7s` of the round
// is paired with its document, verified against the company's ИНН ЮЛ/ОГРН before anything is stored, and kept
// beside its document with the verdict.
import type { DocumentSignature, StageFile } from '#domain/contract.ts';
import { fileTexts, pairSignatures } from '#domain/files.ts';
import { SIGNATURE_FAILURE_TEXTS } from '#domain/signatures.ts';
import type { ServiceContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { ApiError, apiError } from '../errors.ts';
import { linkSignature } from '../files/stage-files.ts';
import { pendingUploads, removePrefile } from '../prefiles/prefiles.service.ts';
import { withRepresentation } from './representation.ts';
import { findCompanyRequisites } from './signed-files.repository.ts';
import { checkSignature } from './stored-signature.ts';

/** What the portal answers about decisions' signatures (docs/product.md «Signatures»). */
export const signatureTexts = {
  decisionRefused: (name: string, why: string) => `Подпись «${name}» не принята: ${why}`,
  otherSigner: (signer: string, examiner: string) =>
    `документ подписал ${signer || 'не указанный в сертификате подписант'}, а решение принял ${examiner || 'другой эксперт'}`,
} as const;

/** A verified signature of the round about to be stored: which upload signs which, and the verdict. */
export interface SignatureLink {
  signatureKey: string;
  documentKey: string;
  check: DocumentSignature;
}

/** Whose signatures a round's documents must carry: the company's (an applicant's round) or the committee's. */
export type RoundSigner = { companyId: number } | { committeeExaminer: { fio: string | null } };

/**
 * Pairs and verifies the signatures among a round's uploads, before the round is stored: 400 for a signature that
 * signs none of the round's documents, two signatures of one document, a file that is not a signature at all. A
 * company round keeps every verdict, and with `documents` in SIGNATURES_REQUIRED every document without a valid
 * signature is refused, named; a committee's reply takes only a valid signature of the committee by the examiner
 * who decides (decisionSignatureProblem). Uploads that are not the caller's to attach are left to the attach's own
 * refusal.
 */
export async function checkRoundSignatures(
  ctx: ServiceContext,
  actor: { id: number },
  signer: RoundSigner,
  prefileIds: readonly number[],
): Promise<SignatureLink[]> {
  const uploads = await pendingUploads(ctx.db, actor.id, prefileIds);
  // The first problem refuses the batch; the site shows the same ones on the files' rows before sending.
  const { documents, signed, problems } = pairSignatures(uploads);
  const [problem] = problems.values();
  if (problem) throw apiError('validation_error', problem);
  const organization = await expectedOrganization(ctx, signer);
  const links: SignatureLink[] = [];
  for (const document of documents) {
    const signature = signed.get(document);
    if (!signature) continue;
    const verdict = await checkSignature(ctx, {
      documentKey: document.storage_key,
      signatureKey: signature.storage_key,
      signatureName: signature.name,
      signatureSize: Number(signature.size),
      organization,
    }).catch(releaseUnreadable(ctx, actor.id, signature.id));
    // A company's employee signs with a personal certificate under the company's power of attorney.
    const check = 'companyId' in signer ? await withRepresentation(ctx, signer.companyId, verdict) : verdict;
    if ('committeeExaminer' in signer) {
      const problem = decisionSignatureProblem(check, signer.committeeExaminer.fio);
      if (problem) throw apiError('validation_error', signatureTexts.decisionRefused(signature.name, problem));
    }
    links.push({ signatureKey: signature.storage_key, documentKey: document.storage_key, check });
  }
  if ('companyId' in signer && ctx.config.signatures.required.has('documents')) {
    const valid = new Set(links.filter((link) => link.check.status === 'valid').map((link) => link.documentKey));
    const unsigned = documents.filter((document) => !valid.has(document.storage_key)).map((document) => document.name);
    if (unsigned.length > 0) throw apiError('validation_error', fileTexts.unsigned(unsigned));
  }
  return links;
}

/**
 * A file refused as no signature at all (400) is released with its bytes: sending the same round again takes a new
 * upload, so a costly file cannot be replayed for free. Any other failure leaves the uploads to the user.
 */
export function releaseUnreadable(ctx: ServiceContext, ownerId: number, prefileId: number) {
  return async (error: unknown): Promise<never> => {
    if (error instanceof ApiError && error.code === 'validation_error') {
      await removePrefile(ctx, ownerId, prefileId).catch((failure: unknown) =>
        ctx.logError(failure, 'releasing an unreadable signature'),
      );
    }
    throw error;
  };
}

/** The organisation a round's signer must belong to: the company's ИНН ЮЛ or ОГРН, or the committee's ИНН. */
async function expectedOrganization(ctx: ServiceContext, signer: RoundSigner) {
  if ('committeeExaminer' in signer) return { innLe: ctx.config.signatures.committeeInn, ogrn: null };
  const company = await findCompanyRequisites(ctx.db, signer.companyId);
  return { innLe: company?.inn ?? null, ogrn: company?.ogrn ?? null };
}

/** A person's name as names compare: case, ё and spacing aside. */
export function comparableName(fio: string | null): string {
  return (fio ?? '').toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
}

/**
 * Why a decision's signature is not taken (docs/product.md «Signatures»), or null: it must be a valid qualified
 * signature of the committee (`COMMITTEE_INN` as the signer's ИНН ЮЛ; another organisation is
 * `foreign_organization`) by the examiner who decided, by ФИО.
 */
export function decisionSignatureProblem(check: DocumentSignature, examinerFio: string | null): string | null {
  if (check.status !== 'valid') return SIGNATURE_FAILURE_TEXTS[check.status];
  const signer = comparableName(check.signer.fio);
  if (signer === '' || signer !== comparableName(examinerFio)) {
    return signatureTexts.otherSigner(check.signer.fio ?? '', examinerFio ?? '');
  }
  return null;
}

/** Keeps the round's verified signatures beside their documents, in the round's transaction (after its files). */
export async function recordRoundSignatures(db: Db, stageId: number, links: readonly SignatureLink[]): Promise<void> {
  for (const link of links) {
    await linkSignature(db, stageId, { ...link, check: JSON.stringify(link.check) });
  }
}

/** A stage's file as stored, with what says whether it is a signature and of what. */
export interface StoredFile {
  id: number;
  storage_key: string;
  file_name: string;
  size: number | string;
  sha256: string | null;
  signs_file_id: number | null;
  signature_check: string | null;
}

type Document = Omit<StageFile, 'change' | 'previousUrl'>;

/**
 * A stage's documents, each with its signature and the signature's file (null when unsigned); signature files are
 * shown with their document, never as documents of their own.
 */
export function documentsOf(files: readonly StoredFile[]): Document[] {
  const signatures = new Map(
    files.filter((file) => file.signs_file_id !== null).map((file) => [file.signs_file_id, file]),
  );
  return files
    .filter((file) => file.signs_file_id === null)
    .map((file) => {
      const signature = signatures.get(file.id);
      return {
        id: file.id,
        url: file.storage_key,
        fileName: file.file_name,
        size: Number(file.size),
        sha256: file.sha256,
        signature: signature?.signature_check ? (JSON.parse(signature.signature_check) as DocumentSignature) : null,
        signatureFile: signature
          ? {
              id: signature.id,
              url: signature.storage_key,
              fileName: signature.file_name,
              size: Number(signature.size),
              sha256: signature.sha256,
            }
          : null,
      };
    });
}
