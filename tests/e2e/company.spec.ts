import { expectAccessible } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { CompanyPage } from './pages/company-admin-pages.ts';

// 'Моя компания' (docs/product.md «My company»): the owner edits and saves, anyone else reads the same data with
// nothing to type into and no save button.

for (const width of [1400, 576]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test.describe('an employee', () => {
      test.use({ role: 'employee' });

      test('reads the company data without a way to change them', async ({ page }) => {
        const company = new CompanyPage(page);
        await company.goto();

        await expect(company.readOnlyNote).toBeVisible();
        for (const field of company.fields()) await expect(field).not.toBeEditable();
        await expect(company.save).toHaveCount(0);
        await expect(company.legalEntity).toHaveValue('ООО «СтройПроект»');
        await expectAccessible(page, `'Моя компания' read-only at ${width} px`);
      });
    });

    test.describe('the owner', () => {
      test.use({ role: 'owner' });

      test('may edit every field and save', async ({ page }) => {
        const company = new CompanyPage(page);
        await company.goto();

        await expect(company.readOnlyNote).toHaveCount(0);
        for (const field of company.fields()) await expect(field).toBeEditable();
        await expect(company.save).toBeEnabled();
        await expectAccessible(page, `'Моя компания' for the owner at ${width} px`);
      });
    });
  });
}
