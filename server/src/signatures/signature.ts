// Detached electronic signatures (CMS, CAdES-BES, GOST R 34.10-2012 with GOST R 34.11-2012) checked against the
// committee's trusted authorities (docs/product.md «Signatures»; why OpenSSL: docs/decisions.md).
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { DocumentSignature } from '#domain/contract.ts';
import { MAX_SIGNATURE_SIZE } from '#domain/signatures.ts';
import { SignaturesUnavailableError, UnreadableSignatureError } from './errors.ts';
import {
  type Gost,
  gostOfThisProcess,
  MEMORY_LIMIT_BYTES,
  type NoGost,
  openssl,
  opensslOnDocument,
  type SignedDocument,
} from './openssl.ts';

export { SignaturesUnavailableError, UnreadableSignatureError } from './errors.ts';
export type { SignedDocument } from './openssl.ts';

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
  /** The issuers (`nameKey`) with a verified CRL, and until when the newest of them is current (null: not said). */
  readonly crlUntil: ReadonlyMap<string, Date | null>;
  /** The same, by the issuer's name as people read it (its CN), for the metric of each CRL's time left. */
  readonly crls: readonly { issuer: string; nextUpdate: Date | null }[];
  /** The trusted certificates by subject (`nameKey`), to walk a chain for its revocation. */
  readonly bySubject: ReadonlyMap<string, readonly pkijs.Certificate[]>;
  /** How OpenSSL verifies GOST here; `source: null` when it cannot, and then every check is refused unanswered. */
  readonly gost: Gost | NoGost;
}

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
  /** The whole check's time limit in ms (default 4000, so a request answers within 5 s). */
  timeLimitMs?: number;
}

/** The whole check's time: a request that carries a signature answers within 5 s. */
const TIME_LIMIT_MS = 4000;

// ——— Reading structures (pkijs): certificates, CRLs, the signature ———

const OID = {
  signedData: '1.2.840.113549.1.7.2',
  signingTime: '1.2.840.113549.1.9.5',
  timestampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  commonName: '2.5.4.3',
  surname: '2.5.4.4',
  givenName: '2.5.4.42',
  title: '2.5.4.12',
  organization: '2.5.4.10',
  inn: '1.2.643.3.131.1.1',
  innLe: '1.2.643.100.4',
  ogrn: '1.2.643.100.1',
  snils: '1.2.643.100.3',
  gost2012_256: '1.2.643.7.1.1.1.1',
  gost2012_512: '1.2.643.7.1.1.1.2',
} as const;

/** The GOST R 34.10-2012 keys: the only ones a qualified signature is made with today. */
const QUALIFIED_KEYS: ReadonlySet<string> = new Set([OID.gost2012_256, OID.gost2012_512]);

/**
 * The bodies of the PEM blocks in `text`, at most `limit` of them, found by one scan from left to right: each
 * `-----BEGIN X-----` is closed by the next `-----END `, which must name the same X, else the armour is broken and the
 * scan ends. No backtracking expression: a megabyte of BEGIN markers without an END costs one pass, not its square.
 */
function pemBodies(text: string, limit: number): string[] {
  const BEGIN = '-----BEGIN ';
  const END = '-----END ';
  const DASHES = '-----';
  const bodies: string[] = [];
  let at = 0;
  while (bodies.length < limit) {
    const begin = text.indexOf(BEGIN, at);
    if (begin < 0) break;
    const labelEnd = text.indexOf(DASHES, begin + BEGIN.length);
    if (labelEnd < 0) break;
    const label = text.slice(begin + BEGIN.length, labelEnd);
    const end = text.indexOf(END, labelEnd + DASHES.length);
    if (end < 0 || !/^[A-Z0-9 ]{1,64}$/.test(label)) break;
    const closing = `${END}${label}${DASHES}`;
    if (text.slice(end, end + closing.length) !== closing) break;
    bodies.push(text.slice(labelEnd + DASHES.length, end));
    at = end + closing.length;
  }
  return bodies;
}

/**
 * DER of the PEM blocks (at most `limit`), of base64 without armour (as some signing tools save it), or the bytes
 * themselves.
 */
function derObjects(bytes: Uint8Array, limit = Number.POSITIVE_INFINITY): Uint8Array[] {
  if (bytes[0] === 0x30) return [bytes];
  const text = Buffer.from(bytes).toString('latin1');
  const blocks = pemBodies(text, limit);
  const bodies = blocks.length > 0 ? blocks : text.includes('-----') ? [] : [text];
  return bodies
    .map((body) => body.replace(/\s+/g, ''))
    .filter((body) => /^[A-Za-z0-9+/]+=*$/.test(body))
    .map((body) => new Uint8Array(Buffer.from(body, 'base64')));
}

/** One BER object that fills `der` exactly, or null (truncated, trailing bytes, nested beyond the stack). */
function berObject(der: Uint8Array): asn1js.AsnType | null {
  try {
    const parsed = asn1js.fromBER(der);
    return parsed.offset === der.byteLength && !parsed.result.error ? parsed.result : null;
  } catch {
    return null;
  }
}

function certificateOf(der: Uint8Array): pkijs.Certificate | null {
  const object = berObject(der);
  if (!object) return null;
  try {
    return new pkijs.Certificate({ schema: object });
  } catch {
    return null;
  }
}

/** One DER element at `offset`: its tag, where its contents start and where it ends; null when it does not fit. */
function derElement(
  bytes: Uint8Array,
  offset: number,
  end: number,
): { tag: number; start: number; end: number } | null {
  if (offset + 2 > end) return null;
  const tag = bytes[offset] as number;
  let length = bytes[offset + 1] as number;
  let start = offset + 2;
  if (length & 0x80) {
    const octets = length & 0x7f;
    if (octets === 0 || octets > 4 || start + octets > end) return null;
    length = 0;
    for (let i = 0; i < octets; i++) length = length * 256 + (bytes[start + i] as number);
    start += octets;
  }
  return start + length <= end ? { tag, start, end: start + length } : null;
}

/** Every element inside `parent`, or null when they do not fill it exactly. */
function derChildren(bytes: Uint8Array, parent: { start: number; end: number }) {
  const children: { tag: number; start: number; end: number; offset: number }[] = [];
  for (let at = parent.start; at < parent.end; ) {
    const child = derElement(bytes, at, parent.end);
    if (!child) return null;
    children.push({ ...child, offset: at });
    at = child.end;
  }
  return children;
}

/**
 * A CRL's issuer and revoked serial numbers, read by walking its DER (RFC 5280, 5.1), or null when it is no CRL. An
 * accredited authority's CRL runs to hundreds of thousands of entries: a tree of JavaScript objects for each (pkijs)
 * would take seconds and gigabytes, the walk takes milliseconds. Only the issuer's name is parsed by pkijs.
 */
function crlOf(
  der: Uint8Array,
): { issuer: pkijs.RelativeDistinguishedNames; serials: string[]; nextUpdate: Date | null } | null {
  const SEQUENCE = 0x30;
  const INTEGER = 0x02;
  const TIMES = new Set([0x17, 0x18]);
  const list = derElement(der, 0, der.length);
  if (!list || list.tag !== SEQUENCE || list.end !== der.length) return null;
  const [tbs] = derChildren(der, list) ?? [];
  if (!tbs || tbs.tag !== SEQUENCE) return null;
  const fields = derChildren(der, tbs) ?? [];
  let index = fields[0]?.tag === INTEGER ? 1 : 0;
  const algorithm = fields[index++];
  const issuer = fields[index++];
  const thisUpdate = fields[index++];
  if (algorithm?.tag !== SEQUENCE || issuer?.tag !== SEQUENCE || !thisUpdate || !TIMES.has(thisUpdate.tag)) return null;
  let nextUpdate: Date | null = null;
  const next = fields[index];
  if (next && TIMES.has(next.tag)) {
    const time = berObject(der.subarray(next.offset, next.end));
    const date = time instanceof asn1js.UTCTime || time instanceof asn1js.GeneralizedTime ? time.toDate() : null;
    if (!date || Number.isNaN(date.getTime())) return null;
    nextUpdate = date;
    index++;
  }
  const serials: string[] = [];
  const revoked = fields[index];
  if (revoked?.tag === SEQUENCE) {
    for (const entry of derChildren(der, revoked) ?? []) {
      const serial = entry.tag === SEQUENCE ? derChildren(der, entry)?.[0] : undefined;
      if (serial?.tag !== INTEGER) return null;
      const hex = Buffer.from(der.subarray(serial.start, serial.end)).toString('hex').toUpperCase();
      serials.push(hex.replace(/^(00)+(?=..)/, ''));
    }
  }
  const name = berObject(der.subarray(issuer.offset, issuer.end));
  if (!name) return null;
  try {
    return { issuer: new pkijs.RelativeDistinguishedNames({ schema: name }), serials, nextUpdate };
  } catch {
    return null;
  }
}

/** A name's attribute as text (any of the string types a certificate uses), or null. */
function attribute(name: pkijs.RelativeDistinguishedNames, type: string): string | null {
  const found = name.typesAndValues.find((item) => item.type === type);
  const value = (found?.value as { valueBlock?: { value?: unknown } } | undefined)?.valueBlock?.value;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** A name as one comparable string: its attributes in order, values folded to lower case and single spaces. */
function nameKey(name: pkijs.RelativeDistinguishedNames): string {
  return name.typesAndValues
    .map((item) => {
      const value = (item.value as { valueBlock?: { value?: unknown; valueHexView?: Uint8Array } }).valueBlock;
      const text =
        typeof value?.value === 'string'
          ? value.value.toLowerCase().replace(/\s+/g, ' ').trim()
          : Buffer.from(value?.valueHexView ?? []).toString('hex');
      return `${item.type}=${text}`;
    })
    .join(',');
}

/** A serial number as signing tools show it: upper-case hex without leading zero bytes. */
function serialHex(serial: asn1js.Integer): string {
  const hex = Buffer.from(serial.valueBlock.valueHexView).toString('hex').toUpperCase();
  return hex.replace(/^(00)+(?=..)/, '');
}

function pem(certificate: pkijs.Certificate): string {
  const base64 = Buffer.from(certificate.toSchema().toBER()).toString('base64');
  return `-----BEGIN CERTIFICATE-----\n${base64.replace(/.{64}/g, '$&\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;
}

const isSelfIssued = (certificate: pkijs.Certificate) => nameKey(certificate.issuer) === nameKey(certificate.subject);

// ——— The trust store ———

/** Largest file of the trust directory: an accredited authority's CRL can run to tens of megabytes. */
const MAX_TRUST_FILE = 256 * 1024 * 1024;

/** The directory's regular files (links followed), hidden ones and subdirectories left out. */
async function trustFiles(dir: string): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => !name.startsWith('.')).sort();
  const files: string[] = [];
  for (const name of names) {
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (info?.isFile()) files.push(path.join(dir, name));
  }
  return files;
}

/**
 * Reads the trusted certificates and CRLs of `dir` (every regular file: PEM blocks or one DER object) and keeps the
 * CRLs a trusted certificate signed, checked by OpenSSL with `gost` (this process's probe unless given). Throws with a
 * Russian message naming the file when something cannot be read: a committee that configured trust must not silently
 * trust nothing. Where OpenSSL verifies no GOST, the files are still read (a wrong one still stops the start), but no
 * CRL can be checked and no signature either (`gost.source` null).
 */
export async function loadTrustStore(
  dir: string | null,
  gost: Gost | NoGost | Promise<Gost | NoGost> = gostOfThisProcess(),
): Promise<TrustStore> {
  const verifier = await gost;
  const certificates: pkijs.Certificate[] = [];
  const fileOf = new Map<pkijs.Certificate, string>();
  const crls: { file: string; der: Uint8Array; crl: NonNullable<ReturnType<typeof crlOf>> }[] = [];
  for (const file of dir ? await trustFiles(dir) : []) {
    if ((await stat(file)).size > MAX_TRUST_FILE) throw new Error(`SIGNATURE_TRUST_DIR: файл ${file} больше 256 МБ`);
    const objects = derObjects(new Uint8Array(await readFile(file)));
    if (objects.length === 0) throw new Error(`SIGNATURE_TRUST_DIR: в файле ${file} нет сертификата или CRL`);
    for (const der of objects) {
      const certificate = certificateOf(der);
      const crl = certificate ? null : crlOf(der);
      if (certificate) {
        certificates.push(certificate);
        fileOf.set(certificate, file);
      } else if (crl) crls.push({ file, der, crl });
      else throw new Error(`SIGNATURE_TRUST_DIR: файл ${file} — не сертификат X.509 и не список отзыва (CRL)`);
    }
  }
  // An authority below a root issues the signers' certificates: without its CRL none of them could be found revoked.
  const withCrl = new Set(crls.map(({ crl }) => nameKey(crl.issuer)));
  for (const certificate of certificates) {
    if (isSelfIssued(certificate) || withCrl.has(nameKey(certificate.subject))) continue;
    const name = attribute(certificate.subject, OID.commonName) ?? nameKey(certificate.subject);
    throw new Error(
      `SIGNATURE_TRUST_DIR: нет списка отзыва (CRL) центра «${name}» (${fileOf.get(certificate)}): ` +
        'без него отзыв выданных им сертификатов не проверить; положите его CRL рядом',
    );
  }
  const certificatesPem = certificates.map(pem);
  const revoked = new Map<string, Set<string>>();
  const crlUntil = new Map<string, Date | null>();
  if (crls.length > 0 && verifier.source !== null) {
    const work = await mkdtemp(path.join(tmpdir(), 'portal-trust-'));
    try {
      const bundle = path.join(work, 'trusted.pem');
      await writeFile(bundle, certificatesPem.join(''));
      for (const [index, { file, der, crl }] of crls.entries()) {
        const crlFile = path.join(work, `${index}.crl`);
        await writeFile(crlFile, der);
        const run = await openssl(
          verifier,
          ['crl', '-inform', 'DER', '-in', crlFile, '-CAfile', bundle, '-noout'],
          Date.now() + 60_000,
          undefined,
          // A CRL of hundreds of thousands of entries is read whole: more room than a signature's check, once.
          4 * MEMORY_LIMIT_BYTES,
        );
        if (run.code !== 0 || !/verify OK/.test(run.output)) {
          throw new Error(
            `SIGNATURE_TRUST_DIR: подпись списка отзыва ${file} не проверяется доверенными сертификатами`,
          );
        }
        const issuer = nameKey(crl.issuer);
        const until = crlUntil.get(issuer);
        // Of two CRLs of one authority, the one current longest says until when its word holds.
        if (until === undefined || (until !== null && (crl.nextUpdate === null || crl.nextUpdate > until))) {
          crlUntil.set(issuer, crl.nextUpdate);
        }
        const serials = revoked.get(issuer) ?? new Set<string>();
        for (const serial of crl.serials) serials.add(serial);
        revoked.set(issuer, serials);
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
  const names = new Map(crls.map(({ crl }) => [nameKey(crl.issuer), attribute(crl.issuer, OID.commonName)]));
  const crlList = [...crlUntil].map(([key, nextUpdate]) => ({ issuer: names.get(key) ?? key, nextUpdate }));
  const bySubject = new Map<string, pkijs.Certificate[]>();
  for (const certificate of certificates) {
    const key = nameKey(certificate.subject);
    bySubject.set(key, [...(bySubject.get(key) ?? []), certificate]);
  }
  return { dir, certificatesPem, revoked, crlUntil, crls: crlList, bySubject, gost: verifier };
}

// ——— The signature ———

interface ParsedSignature {
  der: Uint8Array;
  signer: pkijs.Certificate;
  others: pkijs.Certificate[];
  signedAt: Date | null;
  /** The signature's value: what a timestamp token (CAdES-T) stamps. */
  value: Uint8Array;
  /** The first timestamp token among the unsigned attributes (DER), or null. */
  timestampToken: Uint8Array | null;
}

/** The CMS SignedData of a detached signature and its signer, or UnreadableSignatureError. */
function parseSignature(bytes: Uint8Array): ParsedSignature {
  if (bytes.byteLength > MAX_SIGNATURE_SIZE) throw new UnreadableSignatureError('too_large');
  // A signature is one object: the first PEM block is all that is read.
  const [der] = derObjects(bytes, 1);
  const object = der ? berObject(der) : null;
  if (!der || !object) throw new UnreadableSignatureError('not_cms');
  let signed: pkijs.SignedData;
  try {
    const content = new pkijs.ContentInfo({ schema: object });
    if (content.contentType !== OID.signedData) throw new Error(`content type ${content.contentType}`);
    signed = new pkijs.SignedData({ schema: content.content });
  } catch (error) {
    throw new UnreadableSignatureError('not_cms', String(error));
  }
  if (signed.encapContentInfo.eContent) throw new UnreadableSignatureError('attached');
  const info = signed.signerInfos[0];
  if (!info) throw new UnreadableSignatureError('no_certificate', 'no signer');
  const certificates = (signed.certificates ?? []).filter(
    (item): item is pkijs.Certificate => item instanceof pkijs.Certificate,
  );
  const signer = certificates.find((certificate) => {
    if (info.sid instanceof pkijs.IssuerAndSerialNumber) {
      return (
        nameKey(info.sid.issuer) === nameKey(certificate.issuer) &&
        info.sid.serialNumber.isEqual(certificate.serialNumber)
      );
    }
    const keyId = (info.sid as { valueBlock?: { valueHexView?: Uint8Array } }).valueBlock?.valueHexView;
    return Boolean(keyId && Buffer.from(keyId).toString('hex') === subjectKeyId(certificate));
  });
  if (!signer) throw new UnreadableSignatureError('no_certificate', 'signer certificate absent');
  const time = info.signedAttrs?.attributes.find((item) => item.type === OID.signingTime)?.values[0];
  const signedAt = time instanceof asn1js.UTCTime || time instanceof asn1js.GeneralizedTime ? time.toDate() : null;
  const token = info.unsignedAttrs?.attributes.find((item) => item.type === OID.timestampToken)?.values[0];
  return {
    der,
    signer,
    others: certificates.filter((certificate) => certificate !== signer),
    signedAt: signedAt && !Number.isNaN(signedAt.getTime()) ? signedAt : null,
    value: info.signature.valueBlock.valueHexView,
    timestampToken: token ? new Uint8Array(token.toBER()) : null,
  };
}

/** What the certificate says of its holder and itself. */
function certificateFields(certificate: pkijs.Certificate): Pick<SignatureCheck, 'signer' | 'certificate'> {
  const subject = certificate.subject;
  const surname = attribute(subject, OID.surname);
  const given = attribute(subject, OID.givenName);
  let inn = attribute(subject, OID.inn);
  let innLe = attribute(subject, OID.innLe);
  // Before ИНН ЮЛ had its own field, an organisation's ИНН went into the ИНН field with two leading zeros.
  if (!innLe && inn && /^00\d{10}$/.test(inn)) {
    innLe = inn.slice(2);
    inn = null;
  }
  return {
    signer: {
      fio: surname ? [surname, given].filter(Boolean).join(' ') : attribute(subject, OID.commonName),
      title: attribute(subject, OID.title),
      organization: attribute(subject, OID.organization),
      inn,
      innLe,
      ogrn: attribute(subject, OID.ogrn),
      snils: attribute(subject, OID.snils),
    },
    certificate: {
      serialNumber: serialHex(certificate.serialNumber),
      issuer:
        attribute(certificate.issuer, OID.commonName) ??
        attribute(certificate.issuer, OID.organization) ??
        nameKey(certificate.issuer),
      validFrom: certificate.notBefore.value.toISOString(),
      validTo: certificate.notAfter.value.toISOString(),
    },
  };
}

/** The fields of the qualified certificate's form: СНИЛС and ФИО, and ИНН ЮЛ with ОГРН or the person's ИНН. */
function isQualifiedSubject(signer: SignatureCheck['signer']): boolean {
  const digits = (value: string | null, length: number) => value !== null && new RegExp(`^\\d{${length}}$`).test(value);
  const organization = digits(signer.innLe, 10) && digits(signer.ogrn, 13);
  return Boolean(signer.fio) && digits(signer.snils, 11) && (organization || digits(signer.inn, 12));
}

function belongsTo(signer: SignatureCheck['signer'], expected: NonNullable<ExpectedOrganization>): boolean {
  return Boolean(
    (expected.innLe && signer.innLe === expected.innLe) || (expected.ogrn && signer.ogrn === expected.ogrn),
  );
}

/** The certificates from the signer up its chain (trusted ones and those the signature carries), by name. */
function chainOf(
  signer: pkijs.Certificate,
  carried: readonly pkijs.Certificate[],
  trust: TrustStore,
): pkijs.Certificate[] {
  const chain = [signer];
  let current = signer;
  // A chain longer than this is no authority's; the walk also ends at a loop.
  while (chain.length < 10 && !isSelfIssued(current)) {
    const issuer = nameKey(current.issuer);
    const named = [
      ...(trust.bySubject.get(issuer) ?? []),
      ...carried.filter((item) => nameKey(item.subject) === issuer),
    ];
    // An authority re-keyed under the same name: the certificate whose key identifier the child names.
    const wanted = authorityKeyId(current);
    const next = named.find((item) => wanted !== null && subjectKeyId(item) === wanted) ?? named[0];
    if (!next || chain.includes(next)) break;
    chain.push(next);
    current = next;
  }
  return chain;
}

/** A certificate's own key identifier (extension 2.5.29.14), hex, or null. */
function subjectKeyId(certificate: pkijs.Certificate): string | null {
  const extension = certificate.extensions?.find((item) => item.extnID === '2.5.29.14');
  const value = (extension?.parsedValue as asn1js.OctetString | undefined)?.valueBlock?.valueHexView;
  return value ? Buffer.from(value).toString('hex') : null;
}

/** The key identifier of a certificate's issuer (extension 2.5.29.35), hex, or null. */
function authorityKeyId(certificate: pkijs.Certificate): string | null {
  const extension = certificate.extensions?.find((item) => item.extnID === '2.5.29.35');
  const value = (extension?.parsedValue as pkijs.AuthorityKeyIdentifier | undefined)?.keyIdentifier?.valueBlock
    ?.valueHexView;
  return value ? Buffer.from(value).toString('hex') : null;
}

/** A timestamp token's time (TSTInfo's genTime) and its authority's name, or null when it cannot be read. */
function timestampOf(token: Uint8Array): { time: Date; authority: string | null } | null {
  try {
    const object = berObject(token);
    if (!object) return null;
    const signed = new pkijs.SignedData({ schema: new pkijs.ContentInfo({ schema: object }).content });
    const content = signed.encapContentInfo;
    if (content.eContentType !== OID.tstInfo || !content.eContent) return null;
    const info = berObject(new Uint8Array(content.eContent.getValue()));
    if (!info) return null;
    const time = new pkijs.TSTInfo({ schema: info }).genTime;
    if (Number.isNaN(time.getTime())) return null;
    const authority = (signed.certificates ?? []).find(
      (item): item is pkijs.Certificate => item instanceof pkijs.Certificate,
    );
    return { time, authority: authority ? attribute(authority.subject, OID.commonName) : null };
  } catch {
    return null;
  }
}

/**
 * The time a timestamp token (CAdES-T) proves for the signature: its token must stamp exactly the signature's value
 * and be signed by a timestamp authority that chains to a trusted root (`openssl ts -verify`); otherwise null, and
 * the signature's own `signingTime` stands, as for CAdES-BES.
 */
async function trustedTimestamp(
  parsed: ParsedSignature,
  gost: Gost,
  work: string,
  trusted: string,
  deadline: number,
): Promise<{ time: Date; authority: string | null } | null> {
  if (!parsed.timestampToken) return null;
  const stamp = timestampOf(parsed.timestampToken);
  if (!stamp) return null;
  const tokenFile = path.join(work, 'timestamp.tsr');
  const valueFile = path.join(work, 'signature-value.bin');
  await writeFile(tokenFile, parsed.timestampToken);
  await writeFile(valueFile, parsed.value);
  const run = await openssl(
    gost,
    ['ts', '-verify', '-data', valueFile, '-in', tokenFile, '-token_in', '-CAfile', trusted],
    deadline,
  );
  return run.code === 0 && /Verification: OK/.test(run.output) ? stamp : null;
}

const isRevoked = (certificate: pkijs.Certificate, trust: TrustStore) =>
  trust.revoked.get(nameKey(certificate.issuer))?.has(serialHex(certificate.serialNumber)) ?? false;

/** `openssl verify` error numbers (X509_V_ERR_*) that mean a certificate's time, not its trust. */
const TIME_ERRORS: ReadonlySet<number> = new Set([9, 10, 13, 14]);

/**
 * The verdict on a detached signature of `document`: the first failing check of docs/product.md «Signatures»
 * (invalid, untrusted, expired, revoked, revocation_unknown, not_qualified, foreign_organization), else `valid`. Never hangs (OpenSSL
 * runs under a time and memory limit) and never throws for a bad signature: a file that is no signature at all, or a
 * check out of time, throws `UnreadableSignatureError`.
 */
export async function verifyDetachedSignature(input: VerifyDetachedSignatureInput): Promise<SignatureCheck> {
  const deadline = Date.now() + (input.timeLimitMs ?? TIME_LIMIT_MS);
  const now = input.now ?? new Date();
  const parsed = parseSignature(input.signature);
  const gost = input.trust.gost;
  if (gost.source === null) throw new SignaturesUnavailableError(gost.detail);
  const described = certificateFields(parsed.signer);
  let stamp: { time: Date; authority: string | null } | null = null;
  const verdict = (status: SignatureCheck['status']): SignatureCheck => ({
    status,
    ...described,
    signedAt: (stamp?.time ?? parsed.signedAt)?.toISOString() ?? null,
    checkedAt: now.toISOString(),
    ...(stamp ? { timestamp: { time: stamp.time.toISOString(), authority: stamp.authority } } : {}),
  });
  const work = await mkdtemp(path.join(tmpdir(), 'portal-signature-'));
  try {
    const signatureFile = path.join(work, 'signature.p7s');
    await writeFile(signatureFile, parsed.der);
    // 1. The signature and its digest over exactly these bytes, whoever signed (the chain is step 2).
    const crypto = await opensslOnDocument(
      gost,
      [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        signatureFile,
        '-content',
        '{document}',
        '-noverify',
        '-out',
        '/dev/null',
      ],
      input.document,
      work,
      deadline,
    );
    if (crypto.code !== 0) {
      if (
        /verification failure|content verify error|digest failure|signature failure|bad signature/i.test(crypto.output)
      ) {
        return verdict('invalid');
      }
      throw new UnreadableSignatureError('not_cms', crypto.output.trim().slice(0, 500));
    }
    const key = parsed.signer.subjectPublicKeyInfo.algorithm.algorithmId;
    if (!QUALIFIED_KEYS.has(key)) return verdict('not_qualified');
    // 2. The chain to a trusted root, at the signing time (a claimed time later than now counts as now).
    if (input.trust.certificatesPem.length === 0) return verdict('untrusted');
    const trusted = path.join(work, 'trusted.pem');
    const signerFile = path.join(work, 'signer.pem');
    await writeFile(trusted, input.trust.certificatesPem.join(''));
    await writeFile(signerFile, pem(parsed.signer));
    const carried = parsed.others.length > 0 ? path.join(work, 'carried.pem') : null;
    if (carried) await writeFile(carried, parsed.others.map(pem).join(''));
    // A trusted timestamp proves the signing time; without one the signer's own claim is taken.
    stamp = await trustedTimestamp(parsed, gost, work, trusted, deadline);
    const signedAt = stamp?.time ?? parsed.signedAt;
    const at = signedAt && signedAt <= now ? signedAt : now;
    const chain = await openssl(
      gost,
      [
        'verify',
        '-CAfile',
        trusted,
        ...(carried ? ['-untrusted', carried] : []),
        '-purpose',
        'any',
        '-attime',
        String(Math.floor(at.getTime() / 1000)),
        signerFile,
      ],
      deadline,
    );
    if (chain.code !== 0) {
      const codes = [...chain.output.matchAll(/error (\d+) at \d+ depth/g)].map((match) => Number(match[1]));
      return verdict(codes.length > 0 && codes.every((code) => TIME_ERRORS.has(code)) ? 'expired' : 'untrusted');
    }
    // 3. Revocation, by the trusted CRLs, of the signer's certificate or any above it.
    if (chainOf(parsed.signer, parsed.others, input.trust).some((item) => isRevoked(item, input.trust))) {
      return verdict('revoked');
    }
    // Not listed is not enough: the issuer's CRL must be there and current, else revocation cannot be told.
    const issuerCrl = input.trust.crlUntil.get(nameKey(parsed.signer.issuer));
    if (issuerCrl === undefined || (issuerCrl !== null && issuerCrl < now)) return verdict('revocation_unknown');
    if (!isQualifiedSubject(described.signer)) return verdict('not_qualified');
    if (input.expectOrganization && !belongsTo(described.signer, input.expectOrganization)) {
      return verdict('foreign_organization');
    }
    return verdict('valid');
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
