import { execFileSync, spawnSync } from 'node:child_process';
import { blockingViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

// Personal data under control, as the committee's data protection officer tries it (docs/product.md «Personal
// data»): the head opens a statement, reads who opened it in the access log, and answers a person's request; a
// company user withdraws their consent and is signed out, the head records another's that came by hand, and downloads
// the act of their destruction.
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

/** A withdrawal's term of 0 days: destroyed at the next run. */
const WITHDRAWAL_TERM = { CONSENT_WITHDRAWAL_RETENTION_DAYS: '0' };

test.describe('a withdrawal of consent', () => {
  // A server of its own: the employee's account closes for good.
  test.use({ role: 'employee', serverEnv: WITHDRAWAL_TERM });

  for (const width of [1400, 576] as const) {
    test(`an employee withdraws their consent and is signed out; a head records the owner's and downloads the act (${width} px)`, async ({
      page,
      pageAs,
      portal,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/company/edit');
      const section = page.getByRole('region', { name: 'Согласие на обработку персональных данных' });
      const withdraw = section.getByRole('button', { name: 'Отозвать согласие' });
      await withdraw.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('alertdialog', { name: 'Отозвать согласие на обработку персональных данных?' });
      await expect(dialog).toContainText('Ваша учётная запись будет закрыта сразу');
      await expect(dialog).toContainText('ФИО останется в выданных решениях и письмах');
      expect(await blockingViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/consent-withdrawal-${width}.png`, fullPage: true });
      // Escape changes nothing and gives the focus back.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(withdraw).toBeFocused();
      await page.keyboard.press('Enter');
      await dialog.getByRole('button', { name: 'Отозвать и выйти' }).click();
      await expect(page).toHaveURL(/\/login/);
      await page.goto('/company/edit');
      await expect(page).toHaveURL(/\/login/);

      // The owner's withdrawal came by hand: the head records it beside the persons' requests.
      const head = await pageAs('head');
      await head.setViewportSize({ width, height: 900 });
      await head.goto('/instance/admin#subject-requests');
      const requests = head.getByRole('region', { name: 'Запросы субъектов персональных данных' });
      await requests.getByRole('textbox', { name: /Электронная почта, телефон, ФИО или СНИЛС/ }).fill('owner@demo');
      await requests.getByRole('button', { name: 'Найти', exact: true }).click();
      await requests.getByRole('button', { name: 'Записать отзыв согласия: Иванов Иван Иванович' }).click();
      await requests.getByRole('combobox', { name: 'Как получен отзыв' }).selectOption({ label: 'лично' });
      expect(await blockingViolations(head)).toEqual([]);
      await head.screenshot({ path: `/tmp/consent-withdrawal-record-${width}.png`, fullPage: true });
      await requests.getByRole('button', { name: 'Записать отзыв', exact: true }).click();
      await expect(
        head.getByText('Отзыв согласия записан, учётная запись закрыта: Иванов Иван Иванович'),
      ).toBeVisible();
      await expect(requests.getByText(/^Согласие отозвано /)).toBeVisible();

      // The destruction runs now (the admin CLI, as an operator would), and the head downloads its act.
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        ...WITHDRAWAL_TERM,
        DATA_DIR: portal.dataDir,
        NODE_ENV: 'test',
      };
      delete env.DATABASE_URL;
      const run = spawnSync(process.execPath, ['server/src/cli.ts', 'destroy-personal-data'], {
        env,
        encoding: 'utf8',
      });
      const id = /акт № (\d+)/.exec(run.stdout)?.[1];
      expect(id, `${run.stdout}\n${run.stderr}`).toBeDefined();

      await head.goto('/instance/admin#destruction-acts');
      const acts = head.getByRole('region', { name: 'Акты об уничтожении персональных данных' });
      const row = acts.getByRole('row', { name: new RegExp(`№ ${id}`) });
      await expect(row).toContainText('из них по отзыву согласия: 2');
      expect(await blockingViolations(head)).toEqual([]);
      await head.screenshot({ path: `/tmp/destruction-acts-${width}.png`, fullPage: true });
      const download = head.waitForEvent('download');
      await row.getByRole('button', { name: `Скачать акт № ${id}` }).click();
      const act = await download;
      expect(act.suggestedFilename()).toBe(`akt-unichtozheniya-pd-${id}.pdf`);
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', await act.path(), '-'], { encoding: 'utf8' });
      expect(text).toContain('отзыв согласия на обработку персональных данных');
    });
  }
});
