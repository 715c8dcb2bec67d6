// The demo's signed albums (docs/product.md «Signatures»): which signature each album carries, and the verdicts on
// them, reached once by OpenSSL (`node tools/demo-signatures.ts --verdicts`) and shipped in the repository, so the
// seed never runs OpenSSL and a machine without GOST still gets the whole demo.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DEMO_COMPANY,
  DEMO_DOCUMENT_FILE,
  DEMO_SIGNATURES_DIR,
  DEMO_TRUST_DIR,
  DEMO_VERDICTS_FILE,
} from '../demo-trust.ts';
import type { ShippedVerdict } from '../signatures/checker.ts';
import { loadTrustStore, verifyDetachedSignature } from '../signatures/signature.ts';

/**
 * The demo's signatures, by file, with the document each signs: the company's director, another company's, and the
 * chief architect (a personal certificate, under a power of attorney) on the demo document; the director on the
 * architect's power of attorney (`demo-mchd.xml`).
 */
export const DEMO_SIGNED: Readonly<Record<string, string>> = {
  'demo-document.director.sig': 'demo-document.pdf',
  'demo-document.other-director.sig': 'demo-document.pdf',
  'demo-document.architect.sig': 'demo-document.pdf',
  'demo-mchd.xml.sig': 'demo-mchd.xml',
};
export const DEMO_SIGNATURE_FILES = Object.keys(DEMO_SIGNED) as readonly DemoSignatureFile[];
export type DemoSignatureFile =
  | 'demo-document.director.sig'
  | 'demo-document.other-director.sig'
  | 'demo-document.architect.sig'
  | 'demo-mchd.xml.sig';

/** The demo company's chief architect (its employee), who signs with a personal certificate. */
export const DEMO_ARCHITECT = {
  fio: 'Петрова Анна Сергеевна',
  title: 'Главный архитектор проекта',
  inn: '771200012345',
  snils: '12345678964',
} as const;

/** The director's machine-readable power of attorney for the chief architect (`demo-mchd.xml`). */
export const DEMO_POWER_OF_ATTORNEY = {
  number: '5b1e3c2a-7d4f-4e6a-9b8c-0d1e2f3a4b5c',
  internalNumber: 'Д-2026/01',
  issuedOn: '2026-01-10',
  validTo: '2045-12-01',
  principal: { organization: 'ООО «СтройПроект»', innLe: '7701234560', kpp: '770101001', ogrn: '1027700123450' },
  powers: {
    text: 'Подавать в комитет по архитектуре и градостроительству заявления о согласовании архитектурно-градостроительного решения и документы к ним, подписывать их электронной подписью, получать решения',
  },
} as const;

/** A moment after the demo's signing time and inside its certificates' life: when the shipped verdicts were reached. */
const VERDICT_TIME = new Date('2026-06-01T09:00:00Z');

/** The shipped verdicts, by the SHA-256 of each signature file (checker.ts `shippedVerdicts`). */
export async function shippedDemoVerdicts(): Promise<Record<string, ShippedVerdict>> {
  return JSON.parse(await readFile(DEMO_VERDICTS_FILE, 'utf8')) as Record<string, ShippedVerdict>;
}

/** The verdicts OpenSSL reaches now on the demo's signatures, as the seed files them (for the demo company). */
export async function demoVerdicts(): Promise<Record<string, ShippedVerdict>> {
  const trust = await loadTrustStore(DEMO_TRUST_DIR);
  const verdicts: Record<string, ShippedVerdict> = {};
  for (const file of DEMO_SIGNATURE_FILES) {
    const signature = await readFile(path.join(DEMO_SIGNATURES_DIR, file));
    const { checkedAt: _checkedAt, ...verdict } = await verifyDetachedSignature({
      document: { path: path.join(DEMO_SIGNATURES_DIR, DEMO_SIGNED[file] ?? DEMO_DOCUMENT_FILE) },
      signature,
      trust,
      expectOrganization: DEMO_COMPANY,
      now: VERDICT_TIME,
    });
    verdicts[createHash('sha256').update(signature).digest('hex')] = verdict;
  }
  return verdicts;
}
