import { expect, type Locator, type Page } from '@playwright/test';
import { format, isAfter, parse } from 'date-fns';
import { ru } from 'date-fns/locale';

/**
 * Picks `day` in the calendar of a period field (docs/product.md «List filters») from the keyboard: Enter opens it,
 * PageUp/PageDown turn months, Enter picks; the calendar closes and focus returns to the field. Shared by the company
 * list and the examiner table.
 */
export async function pickRangeDay(page: Page, field: Locator, side: 'start' | 'end', day: Date): Promise<void> {
  const label = side === 'start' ? 'Начало периода' : 'Конец периода';
  const shown = await field.inputValue();
  const from = shown ? parse(shown, 'd MMMM, yyyy', new Date(), { locale: ru }) : new Date();
  await field.focus();
  await field.press('Enter');
  const calendar = page.getByRole('dialog', { name: label });
  await expect(calendar).toBeVisible();
  const target = calendar.getByRole('button', { name: new RegExp(format(day, 'PPPP', { locale: ru })) });
  for (let month = 0; month < 24 && (await target.count()) === 0; month++) {
    await page.keyboard.press(isAfter(day, from) ? 'PageDown' : 'PageUp');
  }
  await target.focus();
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(field).toBeFocused();
}
