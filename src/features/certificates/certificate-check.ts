// The public certificate check (/check/{token}): the token from the address, the verdict for a status, and the
// SHA-256 of a visitor's file compared with the approved documents. Nothing here talks to the session.
import type { PublicCertificate, PublicCertificateDocument } from '#domain/contract.ts';

/** The token of /check/{token} (base64url, as the server issues it), or null when the path holds none. */
export function checkTokenFromPath(pathname: string): string | null {
  const match = /^\/check\/([A-Za-z0-9_-]{1,128})\/?$/.exec(pathname);
  return match?.[1] ?? null;
}

/** Lowercase hex of bytes. */
function toHex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The SHA-256 of a file in the browser (Web Crypto): the file is read locally and never uploaded. */
export async function sha256OfFile(file: Blob): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()));
}

/** The approved document with this SHA-256, or null. */
export function matchingDocument(
  sha256: string,
  documents: readonly PublicCertificateDocument[],
): PublicCertificateDocument | null {
  const wanted = sha256.toLowerCase();
  return documents.find((document) => document.sha256?.toLowerCase() === wanted) ?? null;
}

/**
 * True only for a certificate the committee's records confirm: the statement approved, the decision stored, and the
 * approval carrying its certificate.
 */
export function isValidCertificate(certificate: PublicCertificate): boolean {
  return approvalStored(certificate) && certificate.certificateAttached;
}

/** True for an approval given before the certificate was required and still without it ('Свидетельство не приложено'). */
export function lacksCertificate(certificate: PublicCertificate): boolean {
  return approvalStored(certificate) && !certificate.certificateAttached;
}

function approvalStored(certificate: PublicCertificate): boolean {
  return certificate.status === 'approved' && certificate.decisionDate !== null;
}
