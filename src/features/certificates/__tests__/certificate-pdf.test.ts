// Renders real certificates with jspdf and the embedded PT Serif in Node and reads them back with poppler
// (pdftotext, pdfinfo), as a person's PDF viewer would: every field in Russian, dashes, one A4 page.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { afterAll, describe, expect, it } from 'vitest';
import { toBase64 } from '#domain/pdf/committee-document.ts';
import { certificateData } from '../certificate.ts';
import { renderCertificate } from '../layout/certificate-pdf.ts';
import { blankCertificateStatement, fullCertificateStatement } from './fixtures.ts';

function hasPoppler(): boolean {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    execFileSync('pdfinfo', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const poppler = hasPoppler();
if (!poppler && process.env.CI) {
  throw new Error('pdftotext and pdfinfo are required in CI: apt-get install poppler-utils');
}
if (!poppler) {
  console.warn('certificate PDF test skipped: pdftotext/pdfinfo not found (apt-get install poppler-utils)');
}

const require = createRequire(import.meta.url);
const font = (path: string) => toBase64(readFileSync(require.resolve(`@expo-google-fonts/pt-serif/${path}`)));
const fonts = { regular: font('400Regular/PTSerif_400Regular.ttf'), bold: font('700Bold/PTSerif_700Bold.ttf') };

const dir = mkdtempSync(join(tmpdir(), 'certificate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function render(name: string, data: ReturnType<typeof certificateData>) {
  const file = join(dir, name);
  writeFileSync(file, new Uint8Array(await renderCertificate(data, fonts)));
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return { file, text, flat: text.replace(/\s+/g, ' '), info, box: textBox(file) };
}

/** The box around every word on the page, by poppler's word boxes (ascent to descent). */
function textBox(file: string) {
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  const box = { left: Infinity, top: Infinity, right: 0, bottom: 0 };
  for (const m of html.matchAll(/xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)"/g)) {
    box.left = Math.min(box.left, Number(m[1]));
    box.top = Math.min(box.top, Number(m[2]));
    box.right = Math.max(box.right, Number(m[3]));
    box.bottom = Math.max(box.bottom, Number(m[4]));
  }
  return box;
}

/** The certificate margins (left 85, top 56, right 42, bottom 56 pt on A4): no word outside them. */
function expectInsideMargins(box: ReturnType<typeof textBox>) {
  expect(box.left).toBeGreaterThanOrEqual(85 - 0.01);
  expect(box.top).toBeGreaterThanOrEqual(56);
  expect(box.right).toBeLessThanOrEqual(595.28 - 42);
  expect(box.bottom).toBeLessThanOrEqual(841.89 - 56);
}

const date = new Date('2026-11-22T10:00:00Z');

describe.skipIf(!poppler)('certificate PDF', () => {
  it('reads back every field in Russian, on one A4 page', async () => {
    const data = certificateData(fullCertificateStatement, 'Иванова Анна Сергеевна', date);
    const { flat, info, box } = await render('full.pdf', data);
    for (const expected of [
      'Комитет по архитектуре и градостроительству',
      'СВИДЕТЕЛЬСТВО',
      'Регистрационный номер: № 42',
      'Дата: 22.11.2026',
      'Вид работ: Новое строительство',
      'Категория объекта: Объекты образования',
      'Наименование объекта: Школа на 550 мест',
      'Адрес объекта: г. Энск, ул. Ленина, д. 1',
      // The label wraps in its column: pdftotext reads its first line, the value beside it, then the second line.
      'Кадастровый номер 77:01:0001001:1234 земельного участка:',
      'Проектная организация: ООО «СтройПроект»',
      'ИНН / КПП: 7701234567 / 770101001',
      'Руководитель: Петров Пётр Петрович',
      'Эксперт комитета: Иванова Анна Сергеевна',
      '(подпись)',
    ]) {
      expect(flat).toContain(expected);
    }
    expect(info).toMatch(/^Pages:\s+1$/m);
    // A4 is 595.28 x 841.89 pt (poppler rounds).
    expect(info).toMatch(/^Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/m);
    expectInsideMargins(box);
    // The text starts at the left margin itself: the margins are the layout's, not an accident.
    expect(box.left).toBeCloseTo(85, 1);
  });

  it('prints a dash for every missing value', async () => {
    const data = certificateData(blankCertificateStatement, null, date);
    const { flat, info } = await render('empty.pdf', data);
    for (const label of [
      'Вид работ',
      'Категория объекта',
      'Наименование объекта',
      'Адрес объекта',
      'Проектная организация',
      'ИНН / КПП',
      'Руководитель',
      'Эксперт комитета',
    ]) {
      expect(flat).toContain(`${label}: —`);
    }
    expect(flat).toContain('Кадастровый номер — земельного участка:');
    expect(info).toMatch(/^Pages:\s+1$/m);
  });

  it('wraps long values onto one page with nothing cut off', async () => {
    const long = 'Многофункциональный жилой комплекс со встроенно-пристроенными помещениями '.repeat(14).trim();
    const data = certificateData(
      {
        visibleId: 100500,
        catalogWorkType: 'Реконструкция',
        categoryName: 'Объекты жилого назначения',
        title: long.slice(0, 1000),
        address: long.slice(0, 1000),
        cadastralNumber: '47:14:1203001:814',
        companyName: 'ООО «Проектное бюро»',
        companyInn: '7701234567',
        companyKpp: null,
        companyDirector: 'Сидоров Сидор Сидорович',
      },
      'Иванова Анна Сергеевна',
      date,
    );
    const { text, info, box } = await render('long.pdf', data);
    expect(info).toMatch(/^Pages:\s+1$/m);
    expectInsideMargins(box);
    const words = text.replace(/\s+/g, '');
    expect(words).toContain(long.slice(0, 1000).replace(/\s+/g, ''));
    expect(words).toContain('7701234567/—');
    expect(words).toContain('ИвановаАннаСергеевна');
  });

  it('prints the check address with a QR code a reader decodes to the same address', async () => {
    const checkUrl = 'https://agr.example.ru/check/dWpth7Z2F6ymlXVJh0sO8NxLjyOwmy0A';
    const data = certificateData(
      {
        visibleId: 42,
        catalogWorkType: 'Новое строительство',
        categoryName: 'Объекты жилого назначения',
        title: 'Жилой дом',
        address: 'г. Пример, ул. Садовая, 1',
        cadastralNumber: null,
        companyName: 'ООО «Проектное бюро»',
        companyInn: '7701234567',
        companyKpp: '770101001',
        companyDirector: 'Сидоров Сидор Сидорович',
      },
      'Иванова Анна Сергеевна',
      date,
      checkUrl,
    );
    const { file, text, info, box } = await render('qr.pdf', data);
    expect(info).toMatch(/^Pages:\s+1$/m);
    expectInsideMargins(box);
    expect(text).toContain('Проверить подлинность');
    expect(text).toContain(checkUrl);
    expect(text).toContain('Иванова Анна Сергеевна');
    execFileSync('pdftoppm', ['-r', '150', '-gray', '-singlefile', file, join(dir, 'qr')]);
    const decoded = decodeQr(readFileSync(join(dir, 'qr.pgm')));
    expect(decoded).toBe(checkUrl);
  });
});

/** Decodes the QR code on a rendered page (a binary PGM from pdftoppm -gray) with jsQR. */
function decodeQr(pgm: Buffer): string | null {
  const header = pgm.toString('latin1', 0, 64).match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/);
  if (!header) throw new Error('not a binary PGM');
  const [whole, w, h] = header;
  const width = Number(w);
  const height = Number(h);
  const pixels = pgm.subarray(whole.length);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i += 1) {
    const v = pixels[i] ?? 255;
    rgba[i * 4] = v;
    rgba[i * 4 + 1] = v;
    rgba[i * 4 + 2] = v;
    rgba[i * 4 + 3] = 255;
  }
  return jsQR(rgba, width, height)?.data ?? null;
}
