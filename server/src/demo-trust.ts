// The demo's certification authority (docs/product.md «Signatures»): committed under signatures/demo/, made by
// tools/demo-signatures.ts with the test authority of tools/test-ca.ts. For demonstration only: outside production
// it is what the portal trusts when SIGNATURE_TRUST_DIR is not set; production refuses it.
import path from 'node:path';

/** The demo's certificates, keys and signatures (see its README.md). */
export const DEMO_SIGNATURES_DIR = path.join(import.meta.dirname, 'signatures', 'demo');
/** The demo's trust directory: its root, intermediate and the intermediate's CRL. */
export const DEMO_TRUST_DIR = path.join(DEMO_SIGNATURES_DIR, 'trust');
/** The verdicts OpenSSL reached on the demo's signatures, shipped with them: the seed files these, running no OpenSSL. */
export const DEMO_VERDICTS_FILE = path.join(DEMO_SIGNATURES_DIR, 'verdicts.json');
/** The demo document the demo's signatures sign (`DEMO_PDF` of the seed), and the signature probe's sample. */
export const DEMO_DOCUMENT_FILE = path.join(DEMO_SIGNATURES_DIR, 'demo-document.pdf');
/** The demo company's ИНН and ОГРН, in its director's certificate. */
export const DEMO_COMPANY = { innLe: '7701234560', ogrn: '1027700123450' } as const;
/** The demo committee's ИНН and ОГРН, in the demo examiner's certificate (the default COMMITTEE_INN outside production). */
export const DEMO_COMMITTEE = { innLe: '7705000010', ogrn: '1027700500002' } as const;

/** Whether `dir` is the demo's authority or inside it. */
export function isDemoTrust(dir: string): boolean {
  const relative = path.relative(DEMO_SIGNATURES_DIR, path.resolve(dir));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
