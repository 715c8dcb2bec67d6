// The check of a detached signature whose document and signature are both in the file store (an upload about to
// be filed, a decision's stored letter), by the context's checker.
import type { DocumentSignature } from '#domain/contract.ts';
import { MAX_SIGNATURE_SIZE, unreadableSignatureMessage } from '#domain/signatures.ts';
import type { ServiceContext } from '../context.ts';
import { apiError } from '../errors.ts';
import { SIGNATURES_UNAVAILABLE_MESSAGE } from './checker.ts';
import { SignaturesUnavailableError, UnreadableSignatureError } from './errors.ts';

/** A small stored file's bytes whole (a signature, a power of attorney: a megabyte at most, checked before). */
export async function readSmall(ctx: ServiceContext, key: string): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of await ctx.files.get(key)) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * The verdict on the stored signature `signatureKey` of the stored document `documentKey`; 400 naming the file when
 * it is no signature at all (or larger than any signature), 503 when this server can check no signature: either way
 * nothing is filed.
 */
export async function checkSignature(
  ctx: ServiceContext,
  input: {
    documentKey: string;
    signatureKey: string;
    signatureName: string;
    signatureSize: number;
    organization: { innLe: string | null; ogrn: string | null };
  },
): Promise<DocumentSignature> {
  if (input.signatureSize > MAX_SIGNATURE_SIZE) {
    throw apiError('validation_error', unreadableSignatureMessage(input.signatureName, 'too_large'));
  }
  const document = await ctx.files.get(input.documentKey);
  try {
    return await ctx.signatures.check({
      document: { stream: document },
      signature: await readSmall(ctx, input.signatureKey),
      expectOrganization: input.organization,
      now: ctx.now(),
    });
  } catch (error) {
    if (error instanceof UnreadableSignatureError) {
      throw apiError('validation_error', unreadableSignatureMessage(input.signatureName, error.reason));
    }
    // Nothing is filed: the round's uploads stay pending, for the same filing without its signatures or later.
    if (error instanceof SignaturesUnavailableError) {
      ctx.logError(error, 'signature check unavailable');
      throw apiError('service_unavailable', SIGNATURES_UNAVAILABLE_MESSAGE);
    }
    throw error;
  } finally {
    // A checker that reads no document (the demo's shipped verdicts, a refusal before OpenSSL) leaves it open.
    document.destroy();
  }
}
