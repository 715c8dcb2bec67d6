// The approval's certificate as both halves tell it (docs/product.md «Certificate and public check»): the PDF made for
// the statement, named after its number, which the approving reply carries among its files.

/** What a person reads about the approval's certificate, on the site and in the API's answers alike. */
export const CERTIFICATE_TEXTS = {
  /** An approval sent without its certificate (400). */
  required: 'Приложите свидетельство о согласовании',
  /** An approval made before the rule, without its certificate: on both details and on the public check. */
  missing: 'Свидетельство не приложено',
  /** The file attached later is not the certificate made for this statement. */
  wrongName: (expected: string) => `Приложите свидетельство с именем «${expected}»`,
  /** A certificate is attached only to an approval that has none. */
  notMissing: 'Свидетельство можно приложить только к согласованию без свидетельства',
  /** Only the approving examiner attaches it. */
  notYours: 'Свидетельство прикладывает эксперт, согласовавший заявление',
} as const;

/** The certificate's file name: what the site downloads when an examiner approves, and what the approval carries. */
export function certificateFileName(visibleId: number | string): string {
  return `Свидетельство_${visibleId}.pdf`;
}

/** True when a file is the certificate made for the statement `visibleId`. */
export function isCertificateOf(fileName: string, visibleId: number | string): boolean {
  return fileName === certificateFileName(visibleId);
}

/** A round as the certificate rule reads it: the committee's or the company's, its status and its files. */
interface RoundWithFiles<F extends { fileName: string }> {
  isGovernmentAgency: boolean;
  status: string | null;
  files: readonly F[];
}

/** The approving round: the committee's last round that approved; undefined before an approval. */
export function approvalRound<R extends { isGovernmentAgency: boolean; status: string | null }>(
  rounds: readonly R[],
): R | undefined {
  return rounds.findLast((round) => round.isGovernmentAgency && round.status === 'approved');
}

/** The approval's certificate among the approving round's files, or null (no approval, or one without it). */
export function approvalCertificate<F extends { fileName: string }>(
  rounds: readonly RoundWithFiles<F>[],
  visibleId: number | string,
): F | null {
  return approvalRound(rounds)?.files.find((file) => isCertificateOf(file.fileName, visibleId)) ?? null;
}

/** The public check's address of a certificate: what it prints, its QR code and the approved set's stamp hold. */
export function checkUrl(publicOrigin: string | null, token: string): string {
  return `${publicOrigin ?? ''}/check/${token}`;
}
