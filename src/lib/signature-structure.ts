// A cheap look at a chosen `.sig`/`.p7s` before it is sent (docs/product.md «Signatures»): is it a detached CMS
// SignedData at all, read the way the server reads it (DER or BER, PEM, or bare base64)? Only what the server would
// surely refuse is reported; the certificate, the chain and the signature itself are checked by the server alone.
import * as asn1js from 'asn1js';
import { MAX_SIGNATURE_SIZE, type UnreadableSignatureReason } from '#domain/signatures.ts';

const SIGNED_DATA = '1.2.840.113549.1.7.2';
/** asn1js's class of context-specific tags ([0], [1] …). */
const CONTEXT_CLASS = 3;

/**
 * The DER (or BER) the server reads out of a signature file: the bytes themselves when they start as a SEQUENCE, else
 * the first PEM block's body, else the whole text as bare base64 (some signing tools save it so); null when there is
 * none of these.
 */
export function signatureDer(bytes: Uint8Array): Uint8Array | null {
  if (bytes[0] === 0x30) return bytes;
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  const body = firstPemBody(text) ?? (text.includes('-----') ? null : text);
  const base64 = body?.replace(/\s+/g, '') ?? '';
  if (!/^[A-Za-z0-9+/]+=*$/.test(base64)) return null;
  return decodeBase64(base64);
}

/** The body of the first well-formed PEM block (`-----BEGIN X-----` … `-----END X-----`), or null. */
function firstPemBody(text: string): string | null {
  const begin = text.indexOf('-----BEGIN ');
  if (begin < 0) return null;
  const labelEnd = text.indexOf('-----', begin + 11);
  if (labelEnd < 0) return null;
  const label = text.slice(begin + 11, labelEnd);
  const closing = `-----END ${label}-----`;
  const end = text.indexOf('-----END ', labelEnd + 5);
  if (end < 0 || !/^[A-Z0-9 ]{1,64}$/.test(label) || text.slice(end, end + closing.length) !== closing) return null;
  return text.slice(labelEnd + 5, end);
}

/** Base64 decoded as leniently as the server's Buffer does (missing padding, a stray last character). */
function decodeBase64(base64: string): Uint8Array {
  let bare = base64.replace(/=+$/, '');
  if (bare.length % 4 === 1) bare = bare.slice(0, -1);
  const binary = atob(bare.padEnd(Math.ceil(bare.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

const isContext = (block: asn1js.AsnType | undefined, tag: number) =>
  block?.idBlock.tagClass === CONTEXT_CLASS && block.idBlock.tagNumber === tag;

const childrenOf = (block: asn1js.AsnType | undefined): asn1js.AsnType[] | null =>
  block instanceof asn1js.Sequence || block instanceof asn1js.Set || block instanceof asn1js.Constructed
    ? block.valueBlock.value
    : null;

/**
 * Why the bytes of a signature file can be no detached signature, as the server words it
 * (`unreadableSignatureMessage`), or null when they look like one: `too_large` past 1 MB, `not_cms` for anything
 * that is not one whole CMS SignedData, `attached` when the document is inside, `no_certificate` when it names no
 * signer or carries no certificate.
 */
export function signatureStructureProblem(bytes: Uint8Array): UnreadableSignatureReason | null {
  if (bytes.byteLength > MAX_SIGNATURE_SIZE) return 'too_large';
  const der = signatureDer(bytes);
  if (!der || der.byteLength === 0) return 'not_cms';
  let root: asn1js.AsnType;
  try {
    const parsed = asn1js.fromBER(der);
    if (parsed.offset !== der.byteLength || parsed.result.error) return 'not_cms';
    root = parsed.result;
  } catch {
    return 'not_cms';
  }
  // ContentInfo ::= SEQUENCE { contentType OID (signedData), content [0] EXPLICIT SignedData }
  const info = root instanceof asn1js.Sequence ? root.valueBlock.value : null;
  const type = info?.[0];
  if (!(type instanceof asn1js.ObjectIdentifier) || type.valueBlock.toString() !== SIGNED_DATA) return 'not_cms';
  if (!isContext(info?.[1], 0)) return 'not_cms';
  // SignedData ::= SEQUENCE { version, digestAlgorithms SET, encapContentInfo SEQUENCE, [0] certificates OPTIONAL,
  // [1] crls OPTIONAL, signerInfos SET }
  const signedData = childrenOf(info?.[1])?.[0];
  const fields = signedData instanceof asn1js.Sequence ? signedData.valueBlock.value : null;
  const encapsulated = fields?.[2];
  const signerInfos = fields?.at(-1);
  if (
    !fields ||
    fields.length < 4 ||
    !(encapsulated instanceof asn1js.Sequence) ||
    !(signerInfos instanceof asn1js.Set)
  )
    return 'not_cms';
  if (encapsulated.valueBlock.value.length > 1) return 'attached';
  if (signerInfos.valueBlock.value.length === 0) return 'no_certificate';
  const certificates = fields.slice(3, -1).find((field) => isContext(field, 0));
  if ((childrenOf(certificates)?.length ?? 0) === 0) return 'no_certificate';
  return null;
}

/** `signatureStructureProblem` of a chosen file: past 1 MB without reading it, else over its bytes. */
export async function fileSignatureProblem(file: Blob): Promise<UnreadableSignatureReason | null> {
  if (file.size > MAX_SIGNATURE_SIZE) return 'too_large';
  return signatureStructureProblem(new Uint8Array(await file.arrayBuffer()));
}
