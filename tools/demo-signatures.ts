// `node tools/demo-signatures.ts`: remakes server/src/signatures/demo/, the demo's trust directory, the demo
// signers' certificates and keys, the demo document and its signatures, and the verdicts OpenSSL reaches on them
// (docs/product.md «Signatures»), with the test authority of tools/test-ca.ts. Committed once and valid until 2046, so
// `npm start` shows signatures at once and a fresh data directory runs no OpenSSL at all: the seed files the shipped
// verdicts. `--verdicts` remakes only the verdicts, from the committed signatures. For demonstration only.
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_SIGNATURES_DIR, DEMO_VERDICTS_FILE } from '../server/src/demo-trust.ts';
import { DEMO_PDF } from '../server/src/seed/demo.ts';
import { DEMO_ARCHITECT, DEMO_POWER_OF_ATTORNEY, demoVerdicts } from '../server/src/seed/demo-signatures.ts';
import { makeTestAuthority, TEST_DIRECTOR, type TestSignerName } from './test-ca.ts';
import { mchdXml } from './test-mchd.ts';

const work = await mkdtemp(path.join(tmpdir(), 'demo-signatures-'));
try {
  if (!process.argv.includes('--verdicts')) await remakeAuthority();
  await writeFile(DEMO_VERDICTS_FILE, `${JSON.stringify(await demoVerdicts(), null, 2)}\n`);
  console.log(`demo verdicts in ${DEMO_VERDICTS_FILE}`);
} finally {
  await rm(work, { recursive: true, force: true });
}

async function remakeAuthority() {
  const ca = await makeTestAuthority(path.join(work, 'ca'), {
    validFrom: new Date('2026-01-01T00:00:00Z'),
    validYears: 20,
    representative: DEMO_ARCHITECT,
  });
  const out = DEMO_SIGNATURES_DIR;
  // Everything but the folder's README is remade.
  await rm(path.join(out, 'trust'), { recursive: true, force: true });
  await mkdir(path.join(out, 'trust'), { recursive: true });
  await copyFile(path.join(ca.trustDir, 'root.pem'), path.join(out, 'trust', 'root.pem'));
  await copyFile(path.join(ca.dir, 'intermediate.pem'), path.join(out, 'trust', 'intermediate.pem'));
  await copyFile(path.join(ca.trustDir, 'intermediate.crl'), path.join(out, 'trust', 'intermediate.crl'));
  const signers: Record<string, TestSignerName> = {
    director: 'director256',
    'other-director': 'otherDirector',
    examiner: 'examiner',
    architect: 'representative',
  };
  const document = path.join(out, 'demo-document.pdf');
  await writeFile(document, DEMO_PDF);
  for (const [name, signer] of Object.entries(signers)) {
    await copyFile(ca.signers[signer].certificatePath, path.join(out, `${name}.pem`));
    await copyFile(ca.signers[signer].keyPath, path.join(out, `${name}.key`));
  }
  // Signed on a fixed day early in the certificates' life, so the demo seed's clock, set back to each demo date, is
  // never before the signing time: a signature claiming a time after the check would be judged at the check.
  const signingTime = new Date('2026-01-15T09:00:00Z');
  await writeFile(
    path.join(out, 'demo-document.director.sig'),
    await ca.sign(document, 'director256', { signingTime }),
  );
  await writeFile(
    path.join(out, 'demo-document.other-director.sig'),
    await ca.sign(document, 'otherDirector', { signingTime }),
  );
  // The chief architect signs with a personal certificate under the director's power of attorney (a ФНС-like
  // CAdES-T signature of the МЧД's XML), issued before the signing day.
  await writeFile(
    path.join(out, 'demo-document.architect.sig'),
    await ca.sign(document, 'representative', { signingTime }),
  );
  const mchd = path.join(out, 'demo-mchd.xml');
  await writeFile(
    mchd,
    mchdXml({
      ...DEMO_POWER_OF_ATTORNEY,
      head: TEST_DIRECTOR,
      representative: DEMO_ARCHITECT,
    }),
  );
  await writeFile(path.join(out, 'demo-mchd.xml.sig'), await ca.sign(mchd, 'director256', { signingTime }));
  console.log(
    `demo signatures in ${out}: ${(await readFile(path.join(out, 'trust', 'root.pem'), 'utf8')).length} B root`,
  );
}
