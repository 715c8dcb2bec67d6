import { expectAccessible } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { CompanyPage } from './pages/company-admin-pages.ts';

// 'Моя компания' (docs/product.md «My company»): the owner edits and saves, anyone else reads the same data with
// nothing to type into and no save button; the requisites are checked as a field is left, like every other form.

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

      test('edits the company data and is told of a wrong requisite as the field is left', async ({ page }) => {
        const company = new CompanyPage(page);
        await company.goto();

        await expect(company.readOnlyNote).toHaveCount(0);
        for (const field of company.fields()) await expect(field).toBeEditable();
        await expect(company.save).toBeEnabled();

        // A wrong INN and KPP show their errors when the focus moves on, before any save.
        await company.inn.fill('7707083894');
        await company.kpp.focus();
        await expect(company.inn).toHaveAccessibleDescription(/ИНН указан с ошибкой/);
        await company.kpp.fill('77070');
        await company.ogrn.focus();
        await expect(company.kpp).toHaveAttribute('aria-invalid', 'true');
        await expectAccessible(page, `'Моя компания' with errors at ${width} px`);

        // Corrected, the errors go as the values are typed; nothing was saved.
        await company.inn.fill('7707083893');
        await company.kpp.fill('');
        await expect(company.inn).not.toHaveAttribute('aria-invalid', 'true');
        await expect(company.kpp).not.toHaveAttribute('aria-invalid', 'true');
      });
    });
  });
}
