// 'Подписать решение' (docs/product.md «Signatures»): the examiner who decided files the detached signature of a
// decision document the portal keeps, made in their own tool.
import { atom } from 'nanostores';
import type { Appeal, Stage, StageFile } from '#domain/contract.ts';
import { isSignatureName } from '#domain/files.ts';
import { api, uploadPrefile } from '#stores/api.ts';
import { signatureTexts } from './texts.ts';

/** The committee's rounds whose files are decisions. */
const DECISIONS: ReadonlySet<string> = new Set(['approved', 'rejected', 'not_accepted']);

/** Whether `userId` may sign this file of `stage`: a decision's file, by the examiner who made it, not yet signed. */
export function canSignDecision(stage: Stage, file: StageFile, userId: number | null | undefined): boolean {
  return (
    stage.isGovernmentAgency &&
    DECISIONS.has(stage.status ?? '') &&
    stage.applicantId === userId &&
    file.signatureFile === null
  );
}

/** Whether `userId` may sign an appeal's answer letter: the head who decided the appeal, the letter not yet signed. */
export function canSignAppealAnswer(appeal: Appeal, userId: number | null | undefined): boolean {
  const decision = appeal.decision;
  return decision !== null && userId != null && decision.deciderId === userId && decision.letter.signatureFile === null;
}

/** The document being signed, with its statement; null while the dialog is closed. */
export const $signing = atom<{ statementId: number; file: StageFile } | null>(null);
/** The chosen signature file. */
export const $signatureFile = atom<File | null>(null);
/** The refusal to show in the dialog (the server's reason, or a missing file). */
export const $signError = atom<string | null>(null);
/** True while the signature is uploaded and checked. */
export const $signBusy = atom(false);

/** Opens the dialog for one decision document. */
export function openSignDecision(statementId: number, file: StageFile): void {
  $signatureFile.set(null);
  $signError.set(null);
  $signing.set({ statementId, file });
}

export function closeSignDecision(): void {
  if ($signBusy.get()) return;
  $signing.set(null);
}

/** The file chosen in the dialog's picker. */
export function chooseSignature(file: File | null): void {
  $signatureFile.set(file);
  $signError.set(null);
}

/**
 * Uploads the chosen signature and files it with the document; true once the server took it (then `onSigned`
 * reloads the detail), false with the reason in `$signError`.
 */
export async function sendSignature(onSigned: () => Promise<unknown> | undefined): Promise<boolean> {
  const signing = $signing.get();
  const file = $signatureFile.get();
  if (!signing || $signBusy.get()) return false;
  if (!file || !isSignatureName(file.name)) {
    $signError.set(signatureTexts.chooseSignature);
    return false;
  }
  $signBusy.set(true);
  try {
    const uploaded = await uploadPrefile(file, file.name);
    if (!uploaded.ok) {
      $signError.set(uploaded.body?.message ?? signatureTexts.failed);
      return false;
    }
    const prefileId = uploaded.prefile.id;
    const { error } = await api.POST('/api/instance/statements/{id}/files/{fileId}/signature', {
      params: { path: { id: signing.statementId, fileId: signing.file.id } },
      body: { prefileId },
    });
    if (error) {
      $signError.set(error.message ?? signatureTexts.failed);
      return false;
    }
    await onSigned();
    $signBusy.set(false);
    $signing.set(null);
    return true;
  } catch {
    $signError.set(signatureTexts.failed);
    return false;
  } finally {
    $signBusy.set(false);
  }
}
