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

/** The demo's signatures of its document, by file: the company's director, and another company's. */
export const DEMO_SIGNATURE_FILES = ['demo-document.director.sig', 'demo-document.other-director.sig'] as const;
export type DemoSignatureFile = (typeof DEMO_SIGNATURE_FILES)[number];

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
      document: { path: DEMO_DOCUMENT_FILE },
      signature,
      trust,
      expectOrganization: DEMO_COMPANY,
      now: VERDICT_TIME,
    });
    verdicts[createHash('sha256').update(signature).digest('hex')] = verdict;
  }
  return verdicts;
}
