import { execFileSync } from 'node:child_process';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { statementUnderReview } from './listed.ts';
import { ReviewPage } from './pages/examiner-pages.ts';
import { StatementPage } from './pages/statement-page.ts';

// The correction of errors in an issued certificate (docs/product.md «The regulation's procedures»): the applicant
// asks to correct a typo in an approved certificate, the examiner attaches a corrected one, and the old check page
// says it was replaced.
test.use({ role: 'examiner1', freshServer: true });

/** 'Исправление опечаток в свидетельстве' on either detail, and its requests. */
function correctionsBlock(page: Page): { block: Locator; requests: Locator } {
  const block = page.getByRole('region', { name: 'Исправление опечаток в свидетельстве' });
  return { block, requests: block.getByTestId('correction') };
}

for (const width of [1400, 576]) {
  test(`an applicant asks to correct a typo, the examiner corrects it, the old check says it was replaced (${width} px)`, async ({
    page,
    pageAs,
    browser,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const review = new ReviewPage(page);
    const statement = await statementUnderReview(page);
    await review.goto(statement.id);

    // The examiner approves: the certificate with its check address downloads first, then the answer is sent.
    const download = page.waitForEvent('download');
    await review.choose('Согласовать');
    const certificate = await download;
    const original = await certificate.path();
    await review.attachCertificate(certificate);
    await review.replySubmit.click();
    await expect(review.replyDialog).toBeHidden();
    const oldCheck = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', original, '-'], { encoding: 'utf8' }).match(
      /https?:\/\/\S+\/check\/[A-Za-z0-9_-]+/,
    )?.[0];
    if (!oldCheck) throw new Error('no check address in the certificate');

    // The applicant describes the typo.
    const applicant = await pageAs('owner');
    await applicant.setViewportSize({ width, height: 900 });
    const detail = new StatementPage(applicant);
    await detail.goto(statement.id);
    await applicant.getByRole('button', { name: 'Исправить опечатку' }).click();
    const request = applicant.getByRole('dialog', { name: 'Исправить опечатку в свидетельстве' });
    await request.getByRole('button', { name: 'Отправить запрос' }).click();
    await expect(request.getByText('Опишите ошибку')).toBeVisible();
    await request
      .getByRole('textbox', { name: 'Описание ошибки' })
      .fill('В адресе объекта опечатка: должно быть «пр. Мира, 45А».');
    await request.getByRole('button', { name: 'Отправить запрос' }).click();
    await expect(request).toBeHidden();
    const asked = correctionsBlock(applicant);
    await expect(asked.requests).toHaveCount(1);
    await expect(asked.requests).toContainText('Ожидает исправления');
    await expect(asked.requests.getByTestId('correction-deadline')).toContainText(/^Срок исправления — до /);
    await expect(applicant.getByRole('button', { name: 'Исправить опечатку' })).toHaveCount(0);

    // The examiner sees it and corrects the address: the corrected certificate is made and attached.
    await review.goto(statement.id);
    const answered = correctionsBlock(page);
    await expect(answered.requests).toContainText('«пр. Мира, 45А»');
    await answered.requests.getByRole('button', { name: 'Исправить', exact: true }).click();
    const fix = page.getByRole('dialog', { name: 'Исправить свидетельство' });
    await expect(fix).toContainText(/взамен ранее выданного от \d{2}\.\d{2}\.\d{4}/);
    await fix.getByRole('textbox', { name: 'Адрес объекта' }).fill('пр. Мира, 45А');
    await fix.getByRole('button', { name: 'Исправить свидетельство' }).click();
    await expect(fix).toBeHidden();
    await expect(answered.requests).toContainText('Исправлено');
    await expect(answered.requests.getByRole('button', { name: 'Исправить', exact: true })).toHaveCount(0);

    // The corrected certificate says what it replaces, and carries its own check address.
    const fileDownload = page.waitForEvent('download');
    await answered.requests.getByRole('button', { name: /^Скачать «Свидетельство_\d+_исправленное\.pdf»$/ }).click();
    const corrected = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', await (await fileDownload).path(), '-'], {
      encoding: 'utf8',
    });
    expect(corrected).toMatch(/взамен ранее выданного от \d{2}\.\d{2}\.\d{4}/);
    expect(corrected).toContain('пр. Мира, 45А');
    const newCheck = corrected.match(/https?:\/\/\S+\/check\/[A-Za-z0-9_-]+/)?.[0];
    expect(newCheck).toBeTruthy();
    expect(newCheck).not.toBe(oldCheck);

    // The applicant sees the answer too.
    await applicant.reload();
    await expect(correctionsBlock(applicant).requests).toContainText('Исправлено');
    await expect(
      correctionsBlock(applicant).requests.getByRole('link', { name: 'Страница проверки свидетельства' }),
    ).toHaveAttribute('href', new RegExp(`${new URL(newCheck as string).pathname}$`));
    expect(
      await applicant.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

    // A visitor on the old check page is told it was replaced, and follows the link to the new one.
    const visitor = await browser.newContext({ viewport: { width, height: 900 } });
    const phone = await visitor.newPage();
    await phone.goto(oldCheck);
    await expect(phone.getByText(/^Свидетельство заменено исправленным от \d{2}\.\d{2}\.\d{4}$/)).toBeVisible();
    await phone.getByRole('link', { name: 'Проверить исправленное свидетельство' }).click();
    await expect(phone).toHaveURL(newCheck as string);
    await expect(phone.getByText('Свидетельство действительно')).toBeVisible();
    await expect(phone.getByText(/^Выдано взамен ранее выданного от \d{2}\.\d{2}\.\d{4}\./)).toBeVisible();
    await expect(phone.getByText('пр. Мира, 45А')).toBeVisible();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await visitor.close();
  });
}
