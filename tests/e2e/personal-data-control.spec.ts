import { blockingViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

// Personal data under control, as the committee's data protection officer tries it (docs/product.md «Personal
// data»): the head opens a statement, reads who opened it in the access log, and answers a person's request.
test.use({ role: 'head' });

for (const width of [1400, 576] as const) {
  test(`a head reads the access log and answers a person's request (${width} px)`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/instance/statement/info/1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.goto('/instance/admin#personal-data-access');
    const log = page.getByRole('region', { name: 'Журнал доступа к персональным данным' });
    await expect(log.getByRole('heading', { level: 2 })).toBeVisible();
    await log.getByRole('textbox', { name: /Сотрудник/ }).fill('Орлова');
    await log.getByRole('button', { name: 'Найти' }).click();
    await expect(log.getByRole('cell', { name: /Карточка заявления/ }).first()).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/personal-data-access-${width}.png`, fullPage: true });
    const csv = page.waitForEvent('download');
    await log.getByRole('button', { name: 'Скачать CSV' }).click();
    expect((await csv).suggestedFilename()).toBe('zhurnal-dostupa-pd.csv');

    await page.goto('/instance/admin#subject-requests');
    const requests = page.getByRole('region', { name: 'Запросы субъектов персональных данных' });
    await requests.getByRole('textbox', { name: /Электронная почта, телефон, ФИО или СНИЛС/ }).fill('12345678964');
    await requests.getByRole('button', { name: 'Найти', exact: true }).click();
    await requests.getByRole('button', { name: 'Выбрать: Петрова Анна Сергеевна' }).click();
    await requests.getByRole('textbox', { name: 'Кто и как обратился' }).fill(`Петрова А. С., письмо (${width})`);
    await requests.getByRole('button', { name: 'Зарегистрировать и ответить' }).click();
    const row = requests.getByRole('row', { name: new RegExp(`письмо \\(${width}\\)`) });
    await expect(row).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/subject-requests-${width}.png`, fullPage: true });
    const pdf = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Ответ (PDF)' }).click();
    expect((await pdf).suggestedFilename()).toMatch(/^otvet-subektu-pd-\d+\.pdf$/);
  });
}
