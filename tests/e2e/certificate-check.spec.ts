import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import jsQR from 'jsqr';
import { expect, test } from './fixtures.ts';
import { statementUnderReview } from './listed.ts';
import { ReviewPage } from './pages/examiner-pages.ts';

// A certificate anyone can verify: the examiner approves, the PDF carries the check address in text and as a QR
// code, and the public page (no login) confirms it, tells the approved drawing from an altered one, and a stamped
// sheet of the approved set from its original.
test.use({ role: 'examiner1', freshServer: true });

/** The QR code on a PDF page rendered by pdftoppm (binary PGM), decoded with jsQR. */
function decodeQr(pdf: string): string | null {
  const base = path.join(mkdtempSync(path.join(tmpdir(), 'certificate-qr-')), 'page');
  execFileSync('pdftoppm', ['-r', '150', '-gray', '-singlefile', pdf, base]);
  const pgm = readFileSync(`${base}.pgm`);
  const header = pgm.toString('latin1', 0, 64).match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/);
  if (!header) throw new Error('not a binary PGM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  const pixels = pgm.subarray(header[0].length);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i += 1) {
    const v = pixels[i] ?? 255;
    rgba.set([v, v, v, 255], i * 4);
  }
  return jsQR(rgba, width, height)?.data ?? null;
}

test('an approved certificate is confirmed on the public check page, which tells the approved file from another and a stamped sheet from its original', async ({
  page,
  browser,
}) => {
  const review = new ReviewPage(page);
  const statement = await statementUnderReview(page);
  await review.goto(statement.id);

  // The approved round's document, as the applicant sent it.
  const documentName = 'Альбом АГР.pdf';
  const documentDownload = page.waitForEvent('download');
  await review
    .round('Документы')
    .getByRole('button', { name: `Скачать «${documentName}»` })
    .click();
  const approvedFile = readFileSync(await (await documentDownload).path());

  // Approve: the certificate (with the check address) downloads first, then the reply is sent.
  const download = page.waitForEvent('download');
  await review.choose('Согласовать');
  const certificate = await download;
  const pdf = await certificate.path();
  await expect(review.replyDialog).toBeVisible();
  await review.attachCertificate(certificate);
  const sent = page.waitForResponse((response) =>
    /\/api\/instance\/\d+\/stages$/.test(new URL(response.url()).pathname),
  );
  await review.replySubmit.click();
  expect((await sent).status()).toBe(201);

  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' });
  expect(text).toContain('Проверить подлинность');
  const checkUrl = text.match(/https?:\/\/\S+\/check\/[A-Za-z0-9_-]+/)?.[0];
  if (!checkUrl) throw new Error(`no check address in the certificate:\n${text}`);
  expect(decodeQr(pdf)).toBe(checkUrl);

  // The approved set is stamped after the approval: once the detail shows it, its stamped sheet is downloaded.
  const stampedName = 'Альбом АГР_согласовано.pdf';
  const set = await review.madeSet(stampedName);
  const stampedDownload = page.waitForEvent('download');
  await set.getByRole('button', { name: `Скачать «${stampedName}»` }).click();
  const stampedFile = readFileSync(await (await stampedDownload).path());

  // A visitor without any login, on a phone-sized screen.
  const visitor = await browser.newContext({ viewport: { width: 576, height: 900 } });
  const phone = await visitor.newPage();
  const sessionCalls: string[] = [];
  phone.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && !pathname.startsWith('/api/public/')) sessionCalls.push(pathname);
  });
  await phone.goto(checkUrl);
  await expect(phone.getByText('Свидетельство действительно')).toBeVisible();
  await expect(phone.getByText(`№ ${statement.visibleId}`)).toBeVisible();
  const documents = phone.getByRole('region', { name: 'Согласованные документы' });
  await expect(documents).toContainText(documentName);
  await expect(documents).toContainText(/[0-9a-f]{64}/);

  // The file box by keyboard: Tab reaches it; the file is picked and hashed in the browser.
  const picker = phone.getByLabel('Выберите файл на своём компьютере');
  await picker.focus();
  await expect(picker).toBeFocused();
  await picker.setInputFiles({ name: 'чертёж.pdf', mimeType: 'application/pdf', buffer: approvedFile });
  await expect(phone.getByText(`Файл совпадает с согласованным документом «${documentName}».`)).toBeVisible();
  const altered = Buffer.concat([approvedFile, Buffer.from('\n% изменено\n')]);
  await picker.setInputFiles({ name: 'чертёж-изменённый.pdf', mimeType: 'application/pdf', buffer: altered });
  await expect(phone.getByText(/Файл не совпадает ни с одним согласованным документом/)).toBeVisible();

  // 'Проверить лист': the stamped sheet is in the set; its original, without the stamp, is not.
  const sheets = phone.getByRole('region', { name: 'Согласованный комплект' });
  await expect(sheets).toContainText(stampedName);
  const sheetPicker = phone.getByLabel('Выберите лист комплекта на своём компьютере');
  await sheetPicker.setInputFiles({ name: 'лист.pdf', mimeType: 'application/pdf', buffer: stampedFile });
  const sheetCheck = phone.getByRole('region', { name: 'Проверить лист' });
  await expect(sheetCheck.getByText(`Файл входит в согласованный комплект: ${stampedName}`)).toBeVisible();
  await phone.screenshot({ path: '/tmp/e2e-check-sheet-576.png', fullPage: true });
  await sheetPicker.setInputFiles({ name: 'лист-без-штампа.pdf', mimeType: 'application/pdf', buffer: approvedFile });
  await expect(sheetCheck.getByText('Этого файла нет в согласованном комплекте')).toBeVisible();

  // Accessible as it stands, with the answer shown.
  const axe = await new AxeBuilder({ page: phone }).analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

  // Nothing spills sideways at 576 px.
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(sessionCalls).toEqual([]);
  await phone.setViewportSize({ width: 1400, height: 900 });
  await expect(sheetCheck.getByText('Этого файла нет в согласованном комплекте')).toBeVisible();
  await phone.screenshot({ path: '/tmp/e2e-check-sheet-1400.png', fullPage: true });

  // An unknown token says so.
  await phone.goto(checkUrl.replace(/\/check\/.*/, '/check/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'));
  await expect(phone.getByText('Свидетельство не найдено')).toBeVisible();
  await visitor.close();
});
