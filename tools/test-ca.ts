// A certification authority of our own, made with OpenSSL and Debian's GOST engine, for tests, the bench and the demo
// (docs/product.md «Signatures»): a root and an intermediate the committee trusts, the intermediate's CRL, and signers
// with the qualified certificate's subject fields. It is for testing and demonstration only: nothing it issues is a
// qualified certificate of an accredited authority.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { COMMITTEE_NAME } from '#domain/committee.ts';
import { DEMO_COMMITTEE } from '../server/src/demo-trust.ts';

const run = promisify(execFile);

/** The demo company (server/src/seed/demo.ts): the director of it signs the applicant's documents. */
export const TEST_COMPANY = { legalEntity: 'ООО «СтройПроект»', innLe: '7701234560', ogrn: '1027700123450' } as const;
/** Another company: its director's signature on the demo company's documents is `foreign_organization`. */
export const OTHER_COMPANY = { legalEntity: 'ООО «Чужой Проект»', innLe: '7709876545', ogrn: '1027700987654' } as const;
/** The committee (`COMMITTEE_INN`): its examiner signs decisions. */
export const TEST_COMMITTEE = { legalEntity: COMMITTEE_NAME, ...DEMO_COMMITTEE } as const;
/** Another public body: its official's signature on a decision is `foreign_organization`. */
export const OTHER_BODY = {
  legalEntity: 'Комитет по земельным отношениям',
  innLe: '5001000010',
  ogrn: '1025000100003',
} as const;

/** The demo company's director, who acts for it without a power of attorney. */
export const TEST_DIRECTOR = {
  fio: 'Иванов Иван Иванович',
  title: 'Генеральный директор',
  inn: '770100001107',
  snils: '11223344595',
} as const;

/** The demo company's chief architect of the project: a personal certificate, acting under a power of attorney. */
export const TEST_REPRESENTATIVE = {
  fio: 'Петров Сергей Андреевич',
  title: 'Главный архитектор проекта',
  inn: '770500005512',
  snils: '55667788901',
} as const;

/** Every signer the authority issues, by what its signature should come out as. */
export type TestSignerName =
  /** The demo company's director, GOST R 34.10-2012 256 bit. */
  | 'director256'
  /** The same director with a 512-bit key. */
  | 'director512'
  /** Another company's director. */
  | 'otherDirector'
  /** An examiner of the committee (Смирнов Алексей Петрович, the demo's examiner1). */
  | 'examiner'
  /** The committee's head (Орлова Елена Викторовна, the demo's head), who answers appeals. */
  | 'head'
  /** An official of another public body. */
  | 'otherExaminer'
  /** The demo company's director, with a certificate that ended in 2021. */
  | 'expired'
  /** The demo company's director, with a certificate in the intermediate's CRL. */
  | 'revoked'
  /** The demo company's director, certified by a root nobody trusts. */
  | 'untrusted'
  /** The demo company's director with an RSA key, from an RSA root in the trust directory. */
  | 'rsa'
  /** The demo company's director with an ECDSA P-256 key, from the same RSA root. */
  | 'ecdsa'
  /** A GOST certificate of the trusted intermediate without СНИЛС, ИНН ЮЛ and ОГРН. */
  | 'unqualified'
  /** A certificate whose issuers certify each other in a circle. */
  | 'looped'
  /** The demo company's chief architect with a personal certificate (ИНН and СНИЛС, no organisation). */
  | 'representative'
  /** Another person with a personal certificate, whom no power of attorney names. */
  | 'stranger';

export interface TestSigner {
  name: TestSignerName;
  certificatePath: string;
  keyPath: string;
  /** Certificates the signature carries besides the signer's (the looped chain). */
  extraCertificatesPath: string | null;
  fio: string;
  organization: { legalEntity: string; innLe: string; ogrn: string };
}

export interface TestAuthority {
  dir: string;
  /** What `SIGNATURE_TRUST_DIR` points at: the root, the intermediate, the intermediate's CRL and the RSA root. */
  trustDir: string;
  signers: Readonly<Record<TestSignerName, TestSigner>>;
  /** A detached DER CMS signature (CAdES-BES-like: signingTime, contentType, messageDigest) of the file. */
  sign(documentPath: string, signer: TestSignerName, options?: SignOptions): Promise<Uint8Array>;
  /** The environment an `openssl` run needs for GOST (OPENSSL_CONF with the engine). */
  opensslEnv: NodeJS.ProcessEnv;
}

export interface SignOptions {
  /** Without signed attributes: no signingTime, so the check takes its own time. */
  withoutAttributes?: boolean;
  /** The signingTime the signature claims (1950–2049), instead of now: the attributes are signed again. */
  signingTime?: Date;
  /** Name the signer by its key identifier rather than issuer and serial (`-keyid`). */
  byKeyId?: boolean;
  /** Carry the intermediate authority's certificate in the signature, as signing tools often do. */
  withIntermediate?: boolean;
  /**
   * A timestamp token over the signature's value as an unsigned attribute (CAdES-T, as the ФНС's files carry): by the
   * test authority's timestamp service (`trusted`, under the intermediate) or by one under the root nobody trusts.
   */
  timestamp?: 'trusted' | 'untrusted';
}

const CONFIG = `openssl_conf = openssl_init
oid_section = portal_oids

[portal_oids]
INNLE = 1.2.643.100.4

[openssl_init]
engines = engines

[engines]
gost = gost

[gost]
engine_id = gost
default_algorithms = ALL

[ca]
default_ca = ca_default

[ca_default]
dir = $ENV::CA_DIR
database = $dir/index.txt
new_certs_dir = $dir/issued
serial = $dir/serial
crlnumber = $dir/crlnumber
default_md = default
policy = policy_any
unique_subject = no
copy_extensions = none
default_crl_days = 3650
email_in_dn = no
utf8 = yes
string_mask = utf8only

[policy_any]
commonName = supplied

[req]
distinguished_name = req_dn
utf8 = yes
string_mask = utf8only

[req_dn]

[v3_ca]
basicConstraints = critical,CA:true
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash

[v3_tsa]
basicConstraints = CA:false
keyUsage = critical,digitalSignature,nonRepudiation
extendedKeyUsage = critical,timeStamping
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid

[v3_signer]
basicConstraints = CA:false
keyUsage = critical,digitalSignature,nonRepudiation
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
`;

/** A timestamp service's section (`openssl ts -reply`), appended to the configuration in a file of its own. */
const tsaConfig = (serial: string, certificate: string, key: string) => `
[tsa_config]
serial = ${serial}
signer_cert = ${certificate}
signer_key = ${key}
signer_digest = md_gost12_256
default_policy = 1.2.643.100.1000.1
digests = md_gost12_256
accuracy = secs:1
ordering = no
tsa_name = no
ess_cert_id_chain = no
ess_cert_id_alg = sha256
`;

type KeyKind = 'gost256' | 'gost512' | 'rsa' | 'ecdsa';

const GENPKEY: Record<KeyKind, string[]> = {
  gost256: ['-algorithm', 'gost2012_256', '-pkeyopt', 'paramset:A'],
  gost512: ['-algorithm', 'gost2012_512', '-pkeyopt', 'paramset:A'],
  rsa: ['-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048'],
  ecdsa: ['-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256'],
};

interface Subject {
  fio?: string;
  title?: string;
  organization?: { legalEntity: string; innLe: string; ogrn: string };
  /** The person's ИНН (12 digits). */
  inn?: string;
  snils?: string;
  commonName?: string;
}

/** An OpenSSL `-subj` in the qualified certificate's order: CN, SN, GN, T, O, ИНН, ИНН ЮЛ, ОГРН, СНИЛС. */
function subjectLine(subject: Subject): string {
  const escaped = (value: string) => value.replace(/[/\\+=,]/g, (char) => `\\${char}`);
  const [surname, ...given] = (subject.fio ?? '').split(' ');
  const parts: [string, string | undefined][] = [
    ['CN', subject.commonName ?? subject.fio],
    ['SN', subject.fio ? surname : undefined],
    ['GN', subject.fio ? given.join(' ') : undefined],
    ['title', subject.title],
    ['O', subject.organization?.legalEntity],
    ['C', 'RU'],
    ['INN', subject.inn],
    ['INNLE', subject.organization?.innLe],
    ['OGRN', subject.organization?.ogrn],
    ['SNILS', subject.snils],
  ];
  return parts
    .filter((part): part is [string, string] => Boolean(part[1]))
    .map(([key, value]) => `/${key}=${escaped(value)}`)
    .join('');
}

/** Where a DER CMS's first SignerInfo keeps its signed attributes (whole element) and its signature (contents). */
function signerInfoSpans(der: Uint8Array): {
  attributes: { start: number; end: number };
  signature: { start: number; end: number };
} {
  const copy = new Uint8Array(der);
  const parsed = asn1js.fromBER(copy);
  const child = (block: asn1js.AsnType, index: number) =>
    (block as asn1js.Constructed).valueBlock.value.at(index) as asn1js.AsnType & {
      valueBeforeDecodeView: Uint8Array;
      valueBlock: { valueHexView?: Uint8Array };
    };
  const signedData = child(child(parsed.result, 1), 0);
  const signerInfo = child(child(signedData, -1), 0);
  const items = (signerInfo as unknown as asn1js.Constructed).valueBlock.value;
  const attributesIndex = items.findIndex((item) => item.idBlock.tagClass === 3 && item.idBlock.tagNumber === 0);
  const attributes = child(signerInfo, attributesIndex).valueBeforeDecodeView;
  const signatureBlock = child(signerInfo, attributesIndex + 2);
  const value = signatureBlock.valueBlock.valueHexView ?? new Uint8Array();
  const header = signatureBlock.valueBeforeDecodeView.length - value.length;
  return {
    attributes: { start: attributes.byteOffset, end: attributes.byteOffset + attributes.length },
    signature: {
      start: signatureBlock.valueBeforeDecodeView.byteOffset + header,
      end: signatureBlock.valueBeforeDecodeView.byteOffset + signatureBlock.valueBeforeDecodeView.length,
    },
  };
}

/** OpenSSL's time form: 20260101000000Z. */
const asn1Time = (date: Date) => `${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;

/**
 * Makes the authority under `dir` (created): about forty OpenSSL runs, a second or two. Certificates are valid from
 * `validFrom` (default a day ago) for `validYears` (default 3), except the expired one (2020).
 */
export async function makeTestAuthority(
  dir: string,
  options: {
    validFrom?: Date;
    validYears?: number;
    /** Who the `representative` signer is (default TEST_REPRESENTATIVE): the demo's is its employee. */
    representative?: { fio: string; title: string; inn: string; snils: string };
  } = {},
): Promise<TestAuthority> {
  await mkdir(dir, { recursive: true });
  const configPath = path.join(dir, 'openssl.cnf');
  await writeFile(configPath, CONFIG);
  const baseEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', OPENSSL_CONF: configPath };
  const openssl = async (args: string[], caDir = dir) => {
    try {
      await run('openssl', args, { env: { ...baseEnv, CA_DIR: caDir }, cwd: dir });
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr ?? '';
      throw new Error(`openssl ${args.slice(0, 2).join(' ')} failed: ${stderr.trim().slice(0, 800)}`);
    }
  };
  const file = (name: string) => path.join(dir, name);
  const from = options.validFrom ?? new Date(Date.now() - 24 * 60 * 60 * 1000);
  const to = new Date(from.getTime() + (options.validYears ?? 3) * 365 * 24 * 60 * 60 * 1000);

  const key = async (name: string, kind: KeyKind) => {
    await openssl(['genpkey', ...GENPKEY[kind], '-out', file(`${name}.key`)]);
    return file(`${name}.key`);
  };
  /** A CA's working directory for `openssl ca` (database, serial, CRL number). */
  const caDirOf = async (name: string) => {
    const caDir = file(`${name}.ca`);
    await mkdir(path.join(caDir, 'issued'), { recursive: true });
    await writeFile(path.join(caDir, 'index.txt'), '');
    await writeFile(path.join(caDir, 'serial'), `${randomBytes(8).toString('hex').replace(/^./, '4')}\n`);
    await writeFile(path.join(caDir, 'crlnumber'), '1000\n');
    return caDir;
  };
  // Authorities are valid from 2019 (before the expired signer's 2020) to a year after their signers.
  const caValidity = {
    from: new Date(Math.min(from.getTime(), Date.parse('2019-01-01T00:00:00Z'))),
    to: new Date(to.getTime() + 365 * 24 * 60 * 60 * 1000),
  };
  /** A request for `subject` with the key, certified by `ca` (or by itself) for `validity` by `openssl ca`. */
  const certify = async (
    name: string,
    keyPath: string,
    subject: Subject,
    extensions: 'v3_ca' | 'v3_signer' | 'v3_tsa',
    validity: { from: Date; to: Date },
    ca: { certificate: string; key: string; caDir: string } | 'self',
    caDir: string,
  ) => {
    const csr = file(`${name}.csr`);
    await openssl(['req', '-new', '-key', keyPath, '-out', csr, '-utf8', '-subj', subjectLine(subject)]);
    const issuer = ca === 'self' ? ['-selfsign', '-keyfile', keyPath] : ['-cert', ca.certificate, '-keyfile', ca.key];
    const dates = ['-startdate', asn1Time(validity.from), '-enddate', asn1Time(validity.to)];
    const out = ['-in', csr, '-out', file(`${name}.pem`), '-extensions', extensions];
    await openssl(['ca', '-batch', '-notext', '-preserveDN', '-utf8', ...issuer, ...out, ...dates], caDir);
    return file(`${name}.pem`);
  };
  const selfSignedRoot = async (name: string, kind: KeyKind, commonName: string) => {
    const keyPath = await key(name, kind);
    const caDir = await caDirOf(name);
    const subject = { commonName, organization: { legalEntity: 'Тестовый удостоверяющий центр', innLe: '', ogrn: '' } };
    const certificate = await certify(name, keyPath, subject, 'v3_ca', caValidity, 'self', caDir);
    return { certificate, key: keyPath, caDir };
  };
  type Ca = Awaited<ReturnType<typeof selfSignedRoot>>;
  const issue = async (
    ca: Ca,
    name: string,
    kind: KeyKind,
    subject: Subject,
    extensions: 'v3_ca' | 'v3_signer' | 'v3_tsa',
    validity: { from: Date; to: Date } = { from, to },
    existingKey?: string,
  ) => {
    const keyPath = existingKey ?? (await key(name, kind));
    const certificate = await certify(name, keyPath, subject, extensions, validity, ca, ca.caDir);
    return { certificate, key: keyPath, caDir: extensions === 'v3_ca' ? await caDirOf(name) : '' };
  };

  const root = await selfSignedRoot('root', 'gost256', 'Тестовый корневой УЦ портала');
  const intermediate = await issue(
    root,
    'intermediate',
    'gost256',
    { commonName: 'Тестовый УЦ портала' },
    'v3_ca',
    caValidity,
  );
  const stranger = await selfSignedRoot('stranger-root', 'gost256', 'Недоверенный УЦ');
  const rsaRoot = await selfSignedRoot('rsa-root', 'rsa', 'Тестовый УЦ RSA');

  const director = { ...TEST_DIRECTOR, organization: TEST_COMPANY };
  const signers = {} as Record<TestSignerName, TestSigner>;
  const add = async (
    name: TestSignerName,
    ca: Ca,
    kind: KeyKind,
    subject: Subject,
    validity?: { from: Date; to: Date },
  ) => {
    const made = await issue(ca, name, kind, subject, 'v3_signer', validity);
    signers[name] = {
      name,
      certificatePath: made.certificate,
      keyPath: made.key,
      extraCertificatesPath: null,
      fio: subject.fio ?? subject.commonName ?? '',
      organization: subject.organization ?? { legalEntity: '', innLe: '', ogrn: '' },
    };
    digests[name] = kind === 'gost512' ? '-md_gost12_512' : kind === 'gost256' ? '-md_gost12_256' : '-sha256';
  };
  /** The digest `openssl cms -sign` uses for each signer's key, to sign attributes again. */
  const digests = {} as Record<TestSignerName, string>;
  await add('director256', intermediate, 'gost256', director);
  await add('director512', intermediate, 'gost512', director);
  await add('otherDirector', intermediate, 'gost256', {
    fio: 'Сидоров Пётр Николаевич',
    title: 'Директор',
    organization: OTHER_COMPANY,
    inn: '770200002217',
    snils: '22334455671',
  });
  await add('examiner', intermediate, 'gost256', {
    fio: 'Смирнов Алексей Петрович',
    title: 'Главный специалист',
    organization: TEST_COMMITTEE,
    inn: '770300003334',
    snils: '33445566702',
  });
  await add('head', intermediate, 'gost256', {
    fio: 'Орлова Елена Викторовна',
    title: 'Председатель комитета',
    organization: TEST_COMMITTEE,
    inn: '770300003451',
    snils: '33445566803',
  });
  await add('otherExaminer', intermediate, 'gost256', {
    fio: 'Волкова Ольга Андреевна',
    title: 'Главный специалист',
    organization: OTHER_BODY,
    inn: '770400004451',
    snils: '44556677803',
  });
  await add('expired', intermediate, 'gost256', director, {
    from: new Date('2020-01-01T00:00:00Z'),
    to: new Date('2021-01-01T00:00:00Z'),
  });
  await add('revoked', intermediate, 'gost256', director);
  await add('untrusted', stranger, 'gost256', director);
  await add('rsa', rsaRoot, 'rsa', director);
  await add('ecdsa', rsaRoot, 'ecdsa', director);
  await add('unqualified', intermediate, 'gost256', {
    fio: 'Иванов Иван Иванович',
    commonName: 'Иванов Иван Иванович',
  });

  await add('representative', intermediate, 'gost256', options.representative ?? TEST_REPRESENTATIVE);
  await add('stranger', intermediate, 'gost256', {
    fio: 'Кузнецова Мария Олеговна',
    title: 'Инженер',
    inn: '770600006613',
    snils: '66778899012',
  });

  // Timestamp services (RFC 3161): one under the trusted intermediate, one under the root nobody trusts.
  const timestampServices = {
    trusted: await issue(intermediate, 'tsa', 'gost256', { commonName: 'Тестовая служба штампов времени' }, 'v3_tsa'),
    untrusted: await issue(
      stranger,
      'tsa-stranger',
      'gost256',
      { commonName: 'Чужая служба штампов времени' },
      'v3_tsa',
    ),
  };
  await writeFile(file('tsaserial'), '01\n');
  for (const [name, service] of Object.entries(timestampServices)) {
    await writeFile(file(`tsa-${name}.cnf`), CONFIG + tsaConfig(file('tsaserial'), service.certificate, service.key));
  }

  // Two authorities that certify each other: A by B, B by A; the signer's certificate is A's.
  const loopA = await selfSignedRoot('loop-a0', 'gost256', 'Петля А');
  const loopB = await selfSignedRoot('loop-b0', 'gost256', 'Петля Б');
  const crossA = await issue(loopB, 'loop-a', 'gost256', { commonName: 'Петля А' }, 'v3_ca', caValidity, loopA.key);
  const crossB = await issue(loopA, 'loop-b', 'gost256', { commonName: 'Петля Б' }, 'v3_ca', caValidity, loopB.key);
  await add('looped', crossA, 'gost256', director);
  const loopFile = file('loop-chain.pem');
  await writeFile(
    loopFile,
    `${await readFile(crossA.certificate, 'utf8')}${await readFile(crossB.certificate, 'utf8')}`,
  );
  signers.looped.extraCertificatesPath = loopFile;

  // The intermediate revokes one certificate and publishes its CRL.
  await openssl(
    ['ca', '-cert', intermediate.certificate, '-keyfile', intermediate.key, '-revoke', signers.revoked.certificatePath],
    intermediate.caDir,
  );
  const crl = file('intermediate.crl');
  await openssl(
    ['ca', '-gencrl', '-cert', intermediate.certificate, '-keyfile', intermediate.key, '-out', crl],
    intermediate.caDir,
  );

  const trustDir = file('trust');
  await mkdir(trustDir, { recursive: true });
  await writeFile(path.join(trustDir, 'root.pem'), await readFile(root.certificate));
  // DER as well as PEM: the trust directory takes both.
  await openssl([
    'x509',
    '-in',
    intermediate.certificate,
    '-outform',
    'DER',
    '-out',
    path.join(trustDir, 'intermediate.cer'),
  ]);
  await writeFile(path.join(trustDir, 'intermediate.crl'), await readFile(crl));
  await writeFile(path.join(trustDir, 'rsa-root.pem'), await readFile(rsaRoot.certificate));

  let signatures = 0;
  /** The signature with a timestamp token over its value added as an unsigned attribute (CAdES-T). */
  const timestamped = async (der: Uint8Array, service: 'trusted' | 'untrusted'): Promise<Uint8Array> => {
    const content = new pkijs.ContentInfo({ schema: asn1js.fromBER(Uint8Array.from(der)).result });
    const signed = new pkijs.SignedData({ schema: content.content });
    const info = signed.signerInfos[0];
    if (!info) throw new Error('no signer');
    const n = ++signatures;
    const value = file(`value-${n}.bin`);
    await writeFile(value, info.signature.valueBlock.valueHexView);
    await openssl([
      'ts',
      '-query',
      '-data',
      value,
      '-md_gost12_256',
      '-cert',
      '-no_nonce',
      '-out',
      file(`query-${n}.tsq`),
    ]);
    const config = file(`tsa-${service}.cnf`);
    await run(
      'openssl',
      ['ts', '-reply', '-config', config, '-section', 'tsa_config', '-queryfile', file(`query-${n}.tsq`)].concat([
        '-token_out',
        '-out',
        file(`token-${n}.der`),
      ]),
      { env: { ...baseEnv, OPENSSL_CONF: config, CA_DIR: dir }, cwd: dir },
    );
    const token = asn1js.fromBER(new Uint8Array(await readFile(file(`token-${n}.der`)))).result;
    info.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
      type: 1,
      attributes: [new pkijs.Attribute({ type: '1.2.840.113549.1.9.16.2.14', values: [token] })],
    });
    const wrapped = new pkijs.ContentInfo({
      contentType: pkijs.ContentInfo.SIGNED_DATA,
      content: signed.toSchema(true),
    });
    return new Uint8Array(wrapped.toSchema().toBER());
  };
  return {
    dir,
    trustDir,
    signers,
    opensslEnv: { ...baseEnv, CA_DIR: dir },
    async sign(documentPath, name, options = {}) {
      const signer = signers[name];
      const out = file(`signature-${++signatures}.sig`);
      await openssl([
        'cms',
        '-sign',
        '-binary',
        '-in',
        documentPath,
        '-signer',
        signer.certificatePath,
        '-inkey',
        signer.keyPath,
        '-outform',
        'DER',
        '-out',
        out,
        '-nosmimecap',
        ...(options.withoutAttributes ? ['-noattr'] : []),
        ...(options.byKeyId ? ['-keyid'] : []),
        ...(signer.extraCertificatesPath ? ['-certfile', signer.extraCertificatesPath] : []),
        ...(options.withIntermediate ? ['-certfile', intermediate.certificate] : []),
      ]);
      const der = new Uint8Array(await readFile(out));
      if (!options.signingTime) return options.timestamp ? timestamped(der, options.timestamp) : der;
      // Another signingTime of the same length, and the signed attributes signed again by OpenSSL with the same key.
      const { attributes, signature } = signerInfoSpans(der);
      const time = Buffer.from(asn1Time(options.signingTime).slice(2), 'latin1');
      const at = Buffer.from(der.subarray(attributes.start, attributes.end)).indexOf(Buffer.from([0x17, 0x0d]));
      if (at < 0 || time.length !== 13) throw new Error('signingTime: a UTCTime of 1950–2049 is needed');
      der.set(time, attributes.start + at + 2);
      const toSign = Uint8Array.from(der.subarray(attributes.start, attributes.end));
      toSign[0] = 0x31; // [0] IMPLICIT SET OF is signed as the SET OF itself (RFC 5652, 5.4)
      const attributesFile = file(`attributes-${signatures}.der`);
      const signed = file(`attributes-${signatures}.sig`);
      await writeFile(attributesFile, toSign);
      await openssl(['dgst', digests[name], '-sign', signer.keyPath, '-out', signed, attributesFile]);
      const value = new Uint8Array(await readFile(signed));
      if (value.length !== signature.end - signature.start) throw new Error('signature of another length');
      der.set(value, signature.start);
      return options.timestamp ? timestamped(der, options.timestamp) : der;
    },
  };
}
