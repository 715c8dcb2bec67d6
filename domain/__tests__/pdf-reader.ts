// Reads a committee letter rendered in Node back with poppler, as the applicant's PDF viewer would: the fonts the API
// embeds (PT Serif from the installed package), and pdftotext/pdfinfo on the bytes. Shared by the letters' tests.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toBase64 } from '../pdf/committee-document.ts';

function hasPoppler(): boolean {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Whether pdftotext is here; CI must have it. */
export const poppler = hasPoppler();
if (!poppler && process.env.CI) throw new Error('pdftotext is required in CI: apt-get install poppler-utils');

const require = createRequire(import.meta.url);
const font = (path: string) => toBase64(readFileSync(require.resolve(`@expo-google-fonts/pt-serif/${path}`)));
/** The committee's fonts as the API reads them. */
export const fonts = { regular: font('400Regular/PTSerif_400Regular.ttf'), bold: font('700Bold/PTSerif_700Bold.ttf') };

/** A folder for the files of one test file, and its removal. */
export function letterFolder(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Writes the PDF and reads it back: its bytes, its text with whitespace flattened, and pdfinfo's report. */
export function readBack(dir: string, name: string, pdf: ArrayBuffer) {
  const bytes = Buffer.from(pdf);
  const file = join(dir, name);
  writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return { bytes, flat: text.replace(/\s+/g, ' '), info };
}
