// Figure 11: the check of a detached GOST signature of a 100 MB document (docs/product.md «Signatures»), the time it
// adds to a round's submission and the memory it takes: the API process's growth plus OpenSSL's own, sampled from
// /proc every 10 ms (OpenSSL runs as a child of the process that checks).
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { MAX_POWER_OF_ATTORNEY_BYTES, readPowerOfAttorney } from '../server/src/powers-of-attorney/emchd.ts';
import { loadTrustStore, verifyDetachedSignature } from '../server/src/signatures/signature.ts';
import { makeTestAuthority, TEST_COMPANY } from '../tools/test-ca.ts';
import { mchdXml, TEST_COMPANY_PARTIES } from '../tools/test-mchd.ts';
import { childPids, memoryOf } from './lib/proc.ts';
import { atMost, type Figure, ms } from './lib/table.ts';

const SIZE = 100 * 1024 * 1024;

/** Resident memory of a process in bytes (VmRSS), or 0 when it has gone. */
const residentBytes = async (pid: number) => (await memoryOf(pid)).rss;

/** Runs `work` while sampling this process's RSS growth plus its children's RSS; the peak, in bytes. */
async function peakAddedMemory(work: () => Promise<unknown>): Promise<number> {
  const base = await residentBytes(process.pid);
  let peak = 0;
  let running = true;
  const sampler = (async () => {
    while (running) {
      // OpenSSL under prlimit keeps prlimit's pid.
      const children = await Promise.all((await childPids()).map(residentBytes));
      const total = (await residentBytes(process.pid)) - base + children.reduce((sum, value) => sum + value, 0);
      peak = Math.max(peak, total);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await sampler;
  }
  return peak;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Figure 11: verification time and memory of a 100 MB signed document, GOST R 34.10-2012 256 and 512. */
export async function signatureFigures(): Promise<Figure[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-signatures-'));
  try {
    const ca = await makeTestAuthority(path.join(dir, 'ca'));
    const trust = await loadTrustStore(ca.trustDir);
    const document = path.join(dir, 'Альбом.pdf');
    const out = createWriteStream(document);
    for (let written = 0; written < SIZE; written += 1024 * 1024) out.write(randomBytes(1024 * 1024));
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    const figures: Figure[] = [];
    for (const signer of ['director256', 'director512'] as const) {
      const signature = await ca.sign(document, signer);
      // As a round's submission checks it: the document streamed from the file store.
      const check = () =>
        verifyDetachedSignature({
          document: { stream: createReadStream(document) },
          signature,
          trust,
          expectOrganization: TEST_COMPANY,
        });
      const times: number[] = [];
      const memory: number[] = [];
      for (let round = 0; round < 3; round++) {
        const started = performance.now();
        let status = '';
        memory.push(await peakAddedMemory(async () => (status = (await check()).status)));
        times.push(performance.now() - started);
        if (status !== 'valid') throw new Error(`the bench's signature came out ${status}`);
      }
      const bits = signer === 'director256' ? '256' : '512';
      figures.push(
        atMost(
          {
            group: 11,
            name: `signature check of a 100 MB document, GOST ${bits} (median of 3)`,
            budget: '≤ 1.5 s',
            anchor: 'OpenSSL, Streebog',
          },
          median(times),
          1500,
          ms,
        ),
        atMost(
          {
            group: 11,
            name: `signature check of a 100 MB document, GOST ${bits}: added RSS (API + OpenSSL)`,
            budget: '≤ 30 MB',
            anchor: '',
          },
          median(memory),
          30 * 1024 * 1024,
          (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`,
        ),
      );
    }
    figures.push(powerOfAttorneyFigure());
    return figures;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Figure 11: reading an МЧД of almost 1 MB (thousands of coded powers) beyond its signature's check: the scan for
 * DTDs, parsing, the schema's validation and the fields (docs/product.md «Powers of attorney»); the median of five
 * after the process's first, which also compiles the schema.
 */
export function powerOfAttorneyFigure(): Figure {
  const codes: { code: string; name: string }[] = [];
  const input = (list: typeof codes) =>
    mchdXml({
      number: '3f2a1b0c-9d8e-4f70-8192-a3b4c5d6e7f8',
      issuedOn: '2026-01-15',
      validTo: '2027-01-15',
      ...TEST_COMPANY_PARTIES,
      powers: { text: 'Подавать документы в комитет', codes: list },
    });
  while (Buffer.byteLength(input(codes)) < MAX_POWER_OF_ATTORNEY_BYTES - 200) {
    codes.push({ code: `CODE${String(codes.length).padStart(6, '0')}`, name: `Полномочие № ${codes.length}` });
  }
  const bytes = Buffer.from(input(codes.slice(0, -1)));
  const read = () => {
    const started = performance.now();
    if (readPowerOfAttorney(bytes).powers.codes.length !== codes.length - 1) throw new Error('the МЧД lost its powers');
    return performance.now() - started;
  };
  // The process's first МЧД also compiles the schema and warms the WebAssembly: reported beside the figure.
  const first = read();
  const times = [read(), read(), read(), read(), read()];
  return atMost(
    {
      group: 11,
      name: `an МЧД of ${(bytes.byteLength / 1024).toFixed(0)} KB read and validated against EMCHD_1 (median of 5)`,
      budget: '≤ 200 ms',
      anchor: `libxml2 (WebAssembly); the process's first: ${ms(first)}`,
    },
    median(times),
    200,
    ms,
  );
}

if (import.meta.main) {
  for (const figure of await signatureFigures()) console.log(`${figure.name}: ${figure.measured} (${figure.verdict})`);
}
