import { readFile } from 'node:fs/promises';
import { expectAccessible } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { statementUnderReview } from './listed.ts';
import { ReviewPage } from './pages/examiner-pages.ts';
import { StatementPage } from './pages/statement-page.ts';

// An approval carries its certificate (docs/product.md «Certificate and public check»): the examiner cannot send it
// without 'Свидетельство_{visibleId}.pdf', and once sent the applicant downloads it from the top of the detail, whose
// heading is then the object's name.
test.use({ role: 'examiner1', freshServer: true });

for (const width of [1400, 576]) {
  test(`the approval waits for its certificate, and the applicant downloads it from the top of the detail (${width} px)`, async ({
    page,
    pageAs,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const review = new ReviewPage(page);
    const statement = await statementUnderReview(page);
    const name = `Свидетельство_${statement.visibleId}.pdf`;
    await review.goto(statement.id);

    // 'Согласовать' (keyboard) makes the certificate; the reply cannot go without it, nor with another file.
    const made = page.waitForEvent('download');
    await review.choose('Согласовать');
    const certificate = await made;
    expect(certificate.suggestedFilename()).toBe(name);
    await expect(review.replyDialog).toBeVisible();
    await expect(review.replyDialog).toContainText(`Приложите свидетельство о согласовании «${name}».`);
    await expect(review.replySubmit).toBeDisabled();
    await review.replyFiles.upload([
      { name: 'Сопроводительное письмо.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 письмо') },
    ]);
    await expect(review.replySubmit).toBeDisabled();
    await expectAccessible(page, 'approval without its certificate');

    await review.attachCertificate(certificate);
    await expect(review.replyDialog).not.toContainText('Приложите свидетельство о согласовании');
    await expect(review.replySubmit).toBeEnabled();
    const sent = page.waitForResponse((response) =>
      /\/api\/instance\/\d+\/stages$/.test(new URL(response.url()).pathname),
    );
    await review.replySubmit.focus();
    await page.keyboard.press('Enter');
    expect((await sent).status()).toBe(201);
    await expect(review.replyDialog).toBeHidden();
    // The examiner's detail offers it at the top too, under the object's name as the heading.
    await expect(review.downloadCertificate).toBeVisible();
    await expect(review.title).toHaveText(statement.title);

    // The applicant finds it at the top of the page, and takes it with the keyboard.
    const applicant = await pageAs('owner');
    await applicant.setViewportSize({ width, height: 900 });
    const detail = new StatementPage(applicant);
    await detail.goto(statement.id);
    await expect(detail.downloadCertificate).toBeInViewport();
    await expect(detail.title).toHaveText(statement.title);
    await expect(applicant.getByText('Свидетельство не приложено')).toHaveCount(0);
    await expectAccessible(applicant, 'approved statement with its certificate');
    const taken = applicant.waitForEvent('download');
    await detail.downloadCertificate.focus();
    await applicant.keyboard.press('Enter');
    const download = await taken;
    expect(download.suggestedFilename()).toBe(name);
    expect(await readFile(await download.path())).toEqual(await readFile(await certificate.path()));
    expect(await applicant.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
