// The check of a detached signature whose document and signature are both in the file store (an upload about to
// be filed, a decision's stored letter), with the process's trust store.
import type { DocumentSignature } from '#domain/contract.ts';
import { MAX_SIGNATURE_SIZE, unreadableSignatureMessage } from '#domain/signatures.ts';
import type { ServiceContext } from '../context.ts';
import { apiError } from '../errors.ts';
import { loadTrustStore, type TrustStore, UnreadableSignatureError, verifyDetachedSignature } from './signature.ts';

// One trust store per configuration (a process has one; tests build several): read once, as the config is.
const trustStores = new WeakMap<object, Promise<TrustStore>>();

/** The authorities this process trusts (`SIGNATURE_TRUST_DIR`), read on first use and kept for the process's life. */
export function trustStoreOf(ctx: ServiceContext): Promise<TrustStore> {
  const config = ctx.config.signatures;
  const known = trustStores.get(config);
  if (known) return known;
  const store = loadTrustStore(config.trustDir);
  store.catch(() => trustStores.delete(config));
  trustStores.set(config, store);
  return store;
}

async function readSmall(ctx: ServiceContext, key: string): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of await ctx.files.get(key)) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * The verdict on the stored signature `signatureKey` of the stored document `documentKey`; 400 naming the file when
 * it is no signature at all (or larger than any signature), so nothing is filed.
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
  try {
    return await verifyDetachedSignature({
      document: { stream: await ctx.files.get(input.documentKey) },
      signature: await readSmall(ctx, input.signatureKey),
      trust: await trustStoreOf(ctx),
      expectOrganization: input.organization,
      now: ctx.now(),
    });
  } catch (error) {
    if (error instanceof UnreadableSignatureError) {
      throw apiError('validation_error', unreadableSignatureMessage(input.signatureName, error.reason));
    }
    throw error;
  }
}
