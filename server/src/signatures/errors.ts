// Why a signature got no verdict: the file is none (the caller's 400), or this server cannot check any (503).
import type { UnreadableSignatureReason } from '#domain/signatures.ts';

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

/** This server's OpenSSL verifies no GOST signature (its engine or provider is missing): no verdict on any file. */
export class SignaturesUnavailableError extends Error {
  readonly detail: string;
  constructor(detail: string) {
    super(`signature check unavailable: ${detail}`);
    this.name = 'SignaturesUnavailableError';
    this.detail = detail;
  }
}
