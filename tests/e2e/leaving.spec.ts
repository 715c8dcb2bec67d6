import type { Dialog, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { CreateStatementPage, pdf } from './pages/create-statement-page.ts';

// docs/product.md «Session behaviour on the site»: closing the tab with a file uploaded but not sent, or with a changed
// form, asks first; a form the portal leaves after sending it does not.

test.use({ role: 'owner' });

/** Closes the tab as a user would (the page's beforeunload runs) and says what the browser asked, if anything. */
async function closeTab(page: Page): Promise<string | null> {
  const asked = new Promise<string>((resolve) => {
    page.once('dialog', (dialog: Dialog) => {
      resolve(dialog.type());
      void dialog.dismiss(); // "stay on the page"
    });
  });
  await page.close({ runBeforeUnload: true });
  return Promise.race([asked, page.waitForEvent('close').then(() => null)]);
}

test('closing the tab with a file uploaded and not sent asks first; sending it leaves without a word', async ({
  page,
}) => {
  const create = new CreateStatementPage(page);
  await create.goto();
  await create.documents.upload([pdf('Альбом.pdf')]);

  expect(await closeTab(page)).toBe('beforeunload');
  // The user stayed: the page and the file are still there.
  await expect(create.documents.row('Альбом.pdf')).toContainText('Загружен');

  let asked = false;
  page.on('dialog', (dialog) => {
    asked = true;
    void dialog.dismiss();
  });
  await create.fill({ objectName: 'Дом у реки' });
  await create.create();
  expect(asked).toBe(false);
});

test('closing the tab with a changed form asks first; an unchanged one closes at once', async ({ page }) => {
  const create = new CreateStatementPage(page);
  await create.goto();
  await create.fill({ objectName: 'Черновик объекта' });
  expect(await closeTab(page)).toBe('beforeunload');
  await expect(create.objectName).toHaveValue('Черновик объекта');

  await create.objectName.fill('');
  expect(await closeTab(page)).toBeNull();
  expect(page.isClosed()).toBe(true);
});
