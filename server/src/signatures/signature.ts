// Detached electronic signatures (CMS, CAdES-BES, GOST R 34.10-2012 with GOST R 34.11-2012) checked against the
// committee's trusted authorities (docs/product.md «Signatures»; why OpenSSL: docs/decisions.md).
import type { DocumentSignature } from '#domain/contract.ts';
import type { UnreadableSignatureReason } from '#domain/signatures.ts';

/** The verdict on one signature: the contract's `DocumentSignature`. */
export type SignatureCheck = DocumentSignature;

/**
 * The authorities the committee trusts, read once at start from `SIGNATURE_TRUST_DIR`: root and intermediate
 * certificates and CRLs, PEM or DER. A process holds its own copy; a change to the directory takes a restart.
 */
export interface TrustStore {
  /** The directory read, or null when none is configured (then no signature is `valid`: every chain is untrusted). */
  readonly dir: string | null;
  /** Every trusted certificate, PEM, in the order read. */
  readonly certificatesPem: readonly string[];
  /** The revoked serial numbers (upper-case hex) per issuer, from CRLs whose signature a trusted certificate verified. */
  readonly revoked: ReadonlyMap<string, ReadonlySet<string>>;
}

/** The document a signature claims to cover: a stored file, bytes in memory, or a stream read once. */
export type SignedDocument = { path: string } | { bytes: Uint8Array } | { stream: AsyncIterable<Uint8Array> };

/** The organisation the signer must belong to (its ИНН ЮЛ or ОГРН), or null when any organisation will do. */
export type ExpectedOrganization = { innLe?: string | null; ogrn?: string | null } | null;

export interface VerifyDetachedSignatureInput {
  document: SignedDocument;
  /** The `.sig` / `.p7s` file's bytes (DER or PEM CMS). */
  signature: Uint8Array;
  trust: TrustStore;
  expectOrganization: ExpectedOrganization;
  /** The moment of the check (`checkedAt`, and the validity moment when the signature names no signing time). */
  now?: Date;
}

/**
 * The file offered as a signature is no signature at all, or could not be checked in time: no verdict. Callers answer
 * 400 with `unreadableSignatureMessage(fileName, error.reason)` (domain/signatures.ts).
 */
export class UnreadableSignatureError extends Error {
  readonly reason: UnreadableSignatureReason;
  constructor(reason: UnreadableSignatureReason, detail?: string) {
    super(detail ? `unreadable signature (${reason}): ${detail}` : `unreadable signature (${reason})`);
    this.name = 'UnreadableSignatureError';
    this.reason = reason;
  }
}

/**
 * Reads the trusted certificates and CRLs of `dir` (every regular file: PEM blocks or one DER object), keeps the CRLs
 * a trusted certificate signed, and checks that OpenSSL's GOST engine is there. Throws with a Russian message naming
 * the file when something cannot be read: a committee that configured trust must not silently trust nothing.
 */
export async function loadTrustStore(dir: string | null): Promise<TrustStore> {
  void dir;
  throw new Error('loadTrustStore: not implemented yet');
}

/**
 * The verdict on a detached signature of `document`: the first failing check of docs/product.md «Signatures»
 * (invalid, untrusted, expired, revoked, not_qualified, foreign_organization), else `valid`. Never hangs (OpenSSL
 * runs under a time and memory limit) and never throws for a bad signature: a file that is no signature at all, or a
 * check out of time, throws `UnreadableSignatureError`.
 */
export async function verifyDetachedSignature(input: VerifyDetachedSignatureInput): Promise<SignatureCheck> {
  void input;
  throw new Error('verifyDetachedSignature: not implemented yet');
}
