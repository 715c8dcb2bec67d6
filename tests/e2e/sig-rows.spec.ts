import { readFileSync } from 'node:fs';
import { expectAccessible } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { CreateStatementPage, pdf } from './pages/create-statement-page.ts';

// A signature file is checked where it is chosen (docs/product.md «Signed documents and decisions»): a `.sig` of no
// document of the batch and one that is no signature at all say so on their own rows before the form is sent, the
// send is held with the form's own words, and the keyboard lands on the first of them.
test.use({ role: 'owner' });

// The demo's document and its real detached GOST signature (DER), as a signing tool saves them.
const demoDir = new URL('../../server/src/signatures/demo/', import.meta.url);
const demoDocument = {
  name: 'Пояснительная записка.pdf',
  mimeType: 'application/pdf',
  buffer: readFileSync(new URL('demo-document.pdf', demoDir)),
};
const signatureBytes = readFileSync(new URL('demo-document.director.sig', demoDir));
const sig = (name: string, buffer: Buffer) => ({ name, mimeType: 'application/octet-stream', buffer });

const UNPAIRED = 'Файл подписи «Разрез.pdf.sig» не относится ни к одному документу';
const BROKEN = 'Файл подписи «Фасады.pdf.sig» повреждён или не является подписью';

test('a broken or unpaired .sig says why on its own row before the statement is sent (1400 and 576 px)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const create = new CreateStatementPage(page);
  await create.goto();
  await create.fill({ objectName: 'Дом с подписями' });
  const files = create.documents;
  const row = (name: string) => files.list.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
  const remove = (name: string) => row(name).getByRole('button', { name: `Удалить «${name}»` });

  await files.choose([
    demoDocument,
    sig('Пояснительная записка.pdf.sig', signatureBytes),
    pdf('Фасады.pdf'),
    sig('Фасады.pdf.sig', Buffer.from('это не подпись, а текст')),
    sig('Разрез.pdf.sig', signatureBytes),
  ]);
  // The good pair is uploaded as any file; each problem row says why instead of 'Загружен'.
  await expect(row('Пояснительная записка.pdf.sig')).toContainText('Загружен', { timeout: 30_000 });
  await expect(row('Фасады.pdf.sig')).toContainText(BROKEN, { timeout: 30_000 });
  await expect(row('Разрез.pdf.sig')).toContainText(UNPAIRED);
  for (const name of ['Фасады.pdf.sig', 'Разрез.pdf.sig']) {
    await expect(row(name)).toContainText('Ошибка', { timeout: 30_000 });
    await expect(row(name)).not.toContainText('Загружен');
  }
  await expect(remove('Разрез.pdf.sig')).toHaveAccessibleDescription(UNPAIRED);
  await expectAccessible(page, 'the create form with signature problems, 1400 px');

  // The row follows the batch: its document added clears it, removed by keyboard brings it back.
  await files.choose([pdf('Разрез.pdf')]);
  await expect(row('Разрез.pdf.sig')).toContainText('Загружен', { timeout: 30_000 });
  await expect(row('Разрез.pdf.sig')).not.toContainText(UNPAIRED);
  await expect(row('Разрез.pdf')).toContainText('Загружен', { timeout: 30_000 });
  await remove('Разрез.pdf').focus();
  await page.keyboard.press('Enter');
  await expect(row('Разрез.pdf')).toHaveCount(0);
  await expect(row('Разрез.pdf.sig')).toContainText(UNPAIRED);
  await page.screenshot({ path: '/tmp/e2e-sig-rows-1400.png', fullPage: true });

  // The send is held by the form ('Проверьте корректность полей'), the focus on the first row in error; nothing is
  // posted.
  const posted: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/statements')
      posted.push(request.url());
  });
  await create.submit.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Проверьте корректность полей')).toBeVisible();
  await expect(remove('Фасады.pdf.sig')).toBeFocused();
  await expect(remove('Фасады.pdf.sig')).toHaveAccessibleDescription(BROKEN);
  // From there the keyboard reaches the next row in error.
  await page.keyboard.press('Tab');
  await expect(remove('Разрез.pdf.sig')).toBeFocused();
  expect(posted).toEqual([]);

  // On a phone the same rows say the same, inside the page's width.
  await page.setViewportSize({ width: 576, height: 900 });
  for (const [name, problem] of [
    ['Фасады.pdf.sig', BROKEN],
    ['Разрез.pdf.sig', UNPAIRED],
  ] as const) {
    await row(name).scrollIntoViewIfNeeded();
    await expect(row(name).getByText(problem)).toBeVisible();
    const box = await row(name).boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(576);
  }
  await page.screenshot({ path: '/tmp/e2e-sig-rows-576.png', fullPage: true });
  await expectAccessible(page, 'the create form with signature problems, 576 px');
});
