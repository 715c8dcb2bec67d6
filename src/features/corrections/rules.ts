// The correction dialogs' checks (docs/product.md «The regulation's procedures»): pure, with the kernel's texts.
import { approvalCertificate } from '#domain/certificates.ts';
import type { Correction, Statement } from '#domain/contract.ts';
import { CORRECTION_TEXTS } from '#domain/corrections.ts';
import { petitionTextProblem } from '#domain/petitions.ts';
import type { FieldErrors } from '#lib/validators.ts';
import { validateStatement } from '#lib/validators.ts';

/** The company's request: the description is required, up to 10,000 characters. */
export function validateCorrectionRequest(values: { text: string }): FieldErrors<{ text: string }> {
  const problem = petitionTextProblem(values.text, CORRECTION_TEXTS.textRequired);
  return problem === null ? {} : { text: problem };
}

/** The values a corrected certificate carries, as the create form checks them. */
export interface CorrectionAnswerValues {
  [field: string]: string;
  objectName: string;
  address: string;
  cadastralNumber: string;
  note: string;
}

/** The examiner's answer: correcting checks the requisites like the create form; declining needs the reason. */
export function validateCorrectionAnswer(
  accept: boolean,
  values: CorrectionAnswerValues,
): FieldErrors<CorrectionAnswerValues> {
  if (!accept) return values.note.trim() === '' ? { note: CORRECTION_TEXTS.noteRequired } : {};
  return validateStatement(values);
}

/**
 * True when the company may ask for a correction: the certificate is issued (approved, and the approval carries it)
 * and none is waiting.
 */
export function canRequestCorrection(
  statement: Pick<Statement, 'status' | 'corrections' | 'stages' | 'visibleId'>,
): boolean {
  return (
    statement.status === 'approved' &&
    approvalCertificate(statement.stages, statement.visibleId) !== null &&
    !statement.corrections.some((c) => c.status === 'requested')
  );
}

/** What the certificate in force carries: the last corrected one's values, else the statement's. */
export function currentRequisites(
  statement: Pick<Statement, 'title' | 'address' | 'cadastralNumber' | 'corrections'>,
): { objectName: string; address: string; cadastralNumber: string } {
  const last = statement.corrections.findLast((c: Correction) => c.status === 'corrected' && c.requisites)?.requisites;
  return {
    objectName: last?.objectName ?? statement.title,
    address: (last ? last.address : statement.address) ?? '',
    cadastralNumber: (last ? last.cadastralNumber : statement.cadastralNumber) ?? '',
  };
}
