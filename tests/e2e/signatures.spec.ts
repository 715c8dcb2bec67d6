import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { makeTestAuthority, TEST_COMMITTEE, type TestAuthority, type TestSignerName } from '../../tools/test-ca.ts';
import { blockingViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { statementUnderReview } from './listed.ts';
import { CreateStatementPage, pdf } from './pages/create-statement-page.ts';
import { NewsPage, ReviewPage } from './pages/examiner-pages.ts';
import { StatementPage } from './pages/statement-page.ts';

// Signed documents and a signed decision (docs/product.md «Signatures»): the applicant files a drawing with its
// detached signature, both details say who signed it, the examiner approves with the certificate signed by them,
// and the public check page shows the signature and offers both files. A test authority made here is the one the
// portal trusts.
const caDir = path.join(mkdtempSync(path.join(tmpdir(), 'e2e-signatures-')), 'ca');
// Made while the file loads: the portal's start (a test fixture) already needs its trust directory.
const ca: TestAuthority = await makeTestAuthority(caDir);

test.use({
  role: 'owner',
  serverEnv: { SIGNATURE_TRUST_DIR: path.join(caDir, 'trust'), COMMITTEE_INN: TEST_COMMITTEE.innLe },
});

/** The detached signature of `bytes` by one of the authority's signers. */
async function signed(bytes: Buffer, signer: TestSignerName): Promise<Buffer> {
  const file = path.join(caDir, `${Date.now()}-${Math.random().toString(36).slice(2)}.bin`);
  writeFileSync(file, bytes);
  return Buffer.from(await ca.sign(file, signer));
}

/**
 * The decision document behind a 'Подписать решение «…»' button, downloaded with 'Скачать «…»' from `scope` as the
 * signer does before signing it in their own tool: its name and bytes.
 */
async function documentToSign(
  page: Page,
  scope: Page | Locator,
  sign: Locator,
): Promise<{ name: string; bytes: Buffer }> {
  const name = ((await sign.getAttribute('aria-label')) ?? '').replace(/^Подписать решение «(.*)»$/, '$1');
  const download = page.waitForEvent('download');
  await scope.getByRole('button', { name: `Скачать «${name}»` }).click();
  return { name, bytes: readFileSync(await (await download).path()) };
}

/**
 * Examiner 1 signs the document behind `sign` (found in `scope`) as they would: downloads it, signs it in their own
 * tool, and files the signature through 'Подписать решение'. Answers the document.
 */
async function signAs(page: Page, scope: Page | Locator, sign: Locator): Promise<{ name: string; bytes: Buffer }> {
  const document = await documentToSign(page, scope, sign);
  await sign.click();
  const dialog = page.getByRole('dialog', { name: 'Подписать решение' });
  await dialog.getByLabel('Файл подписи').setInputFiles({
    name: `${document.name}.sig`,
    mimeType: 'application/octet-stream',
    buffer: await signed(document.bytes, 'examiner'),
  });
  await dialog.getByRole('button', { name: 'Подписать', exact: true }).click();
  await expect(dialog).toBeHidden();
  return document;
}

/** Examiner 1 rejects the first statement under review in their list, with a ground of refusal. */
async function rejectUnderReview(page: Page): Promise<{ review: ReviewPage; id: number }> {
  const review = new ReviewPage(page);
  const statement = await statementUnderReview(page);
  await review.goto(statement.id);
  await review.choose('Отклонить');
  await review.replyComment.fill('Решение не соответствует регламенту.');
  await review.tickGrounds('Архитектурно-градостроительный облик не соответствует');
  await review.replySubmit.click();
  await expect(review.replyDialog).toBeHidden();
  return { review, id: statement.id };
}

const SIGNED_BY_DIRECTOR = /^Подписан: Иванов Иван Иванович, ООО «СтройПроект», сертификат до \d{2}\.\d{2}\.\d{4}$/;

for (const width of [1400, 576]) {
  test(`a signed drawing shows who signed it on both details, and a signed certificate on the public check (${width} px)`, async ({
    page,
    pageAs,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });

    // The owner files a drawing with its .sig.
    const drawing = pdf('Фасады.pdf');
    const signature = {
      name: 'Фасады.sig',
      mimeType: 'application/octet-stream',
      buffer: await signed(drawing.buffer, 'director256'),
    };
    const create = new CreateStatementPage(page);
    await create.goto();
    await create.fill({ objectName: `Дом с подписью ${width}` });
    await create.documents.upload([drawing, signature]);
    const { id, visibleId } = await create.create();

    const detail = new StatementPage(page);
    await detail.goto(id);
    const documents = detail.round('Документы');
    await expect(documents.getByText(SIGNED_BY_DIRECTOR)).toBeVisible();
    // The .sig is beside its drawing, not a document of its own.
    await expect(documents.getByRole('button', { name: 'Скачать «Фасады.sig»' })).toHaveCount(0);
    const sigDownload = page.waitForEvent('download');
    await documents.getByRole('button', { name: 'Скачать подпись «Фасады.sig»' }).click();
    expect(readFileSync(await (await sigDownload).path()).equals(signature.buffer)).toBe(true);
    await page.screenshot({ path: `/tmp/signatures-company-${width}.png`, fullPage: true });
    expect(await blockingViolations(page)).toEqual([]);

    // The viewer's title says it too.
    await documents.getByRole('button', { name: 'Просмотр «Фасады.pdf»' }).click();
    await expect(page.getByRole('dialog').getByText(SIGNED_BY_DIRECTOR)).toBeVisible();
    await page.keyboard.press('Escape');

    // The examiner sees the same, takes it into work and approves with the certificate they signed.
    const examiner = await pageAs('examiner1');
    await examiner.setViewportSize({ width, height: 900 });
    const news = new NewsPage(examiner);
    await news.goto();
    await news.take(visibleId);
    const review = new ReviewPage(examiner);
    await review.goto(id);
    await expect(review.round('Документы').getByText(SIGNED_BY_DIRECTOR)).toBeVisible();
    await examiner.screenshot({ path: `/tmp/signatures-examiner-${width}.png`, fullPage: true });

    const certificateDownload = examiner.waitForEvent('download');
    await review.choose('Согласовать');
    const certificate = await certificateDownload;
    const certificatePath = await certificate.path();
    const certificateBytes = readFileSync(certificatePath);
    // 'Свидетельство_N.sig' signs 'Свидетельство_N.pdf' (the other way of naming a signature).
    const signatureName = certificate.suggestedFilename().replace(/\.pdf$/, '.sig');
    await expect(review.replyDialog).toBeVisible();
    await review.replyFiles.upload([
      { name: certificate.suggestedFilename(), mimeType: 'application/pdf', buffer: certificateBytes },
      {
        name: signatureName,
        mimeType: 'application/octet-stream',
        buffer: await signed(certificateBytes, 'examiner'),
      },
    ]);
    const sent = examiner.waitForResponse((response) =>
      /\/api\/instance\/\d+\/stages$/.test(new URL(response.url()).pathname),
    );
    await review.replySubmit.click();
    expect((await sent).status()).toBe(201);
    await expect(review.replyDialog).toBeHidden();

    // Anyone, without logging in, reads who signed the certificate and takes the certificate; the signature file is
    // not public (its certificate carries the official's СНИЛС and personal ИНН).
    const checkUrl = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', certificatePath, '-'], {
      encoding: 'utf8',
    }).match(/https?:\/\/\S+\/check\/[A-Za-z0-9_-]+/)?.[0];
    if (!checkUrl) throw new Error('no check address in the certificate');
    const visitor = await browser.newContext({ viewport: { width, height: 900 } });
    const check = await visitor.newPage();
    await check.goto(checkUrl);
    await expect(check.getByText('Свидетельство действительно')).toBeVisible();
    const signedBlock = check.getByRole('region', { name: 'Электронная подпись' });
    await expect(signedBlock).toContainText(
      /Подписано усиленной квалифицированной электронной подписью: Смирнов Алексей Петрович, сертификат [0-9A-F]+, действителен с \d{2}\.\d{2}\.\d{4} по \d{2}\.\d{2}\.\d{4}/,
    );
    const documentLink = signedBlock.getByRole('link', {
      name: `Скачать свидетельство «${certificate.suggestedFilename()}»`,
    });
    const fetched = await check.request.get(await documentLink.getAttribute('href').then((href) => href ?? ''));
    expect(Buffer.from(await fetched.body()).equals(certificateBytes)).toBe(true);
    await expect(signedBlock.getByRole('link', { name: /файл подписи/i })).toHaveCount(0);
    await expect(signedBlock).toContainText('Файл подписи содержит персональные данные подписавшего');
    const anonymousSignature = await check.request.get(
      (await documentLink.getAttribute('href').then((href) => href ?? '')).replace(/\/document$/, '/signature'),
    );
    expect(anonymousSignature.status()).toBe(400);
    await check.screenshot({ path: `/tmp/signatures-check-${width}.png`, fullPage: true });
    expect(await blockingViolations(check)).toEqual([]);
    await visitor.close();
  });
}

test("the examiner signs a stored refusal letter later with 'Подписать решение'", async ({ pageAs }) => {
  test.setTimeout(120_000);
  const page = await pageAs('examiner1');
  await page.setViewportSize({ width: 576, height: 900 });
  await rejectUnderReview(page);

  // The letter the portal made: downloaded, signed in the examiner's own tool, its .sig filed.
  const sign = page.getByRole('button', { name: /^Подписать решение «/ });
  await expect(sign).toHaveCount(1);
  const { bytes: letter } = await documentToSign(page, page, sign);
  await sign.click();
  const dialog = page.getByRole('dialog', { name: 'Подписать решение' });
  const picker = dialog.getByLabel('Файл подписи');
  // Another document's signature is refused with the reason, and nothing is filed.
  await picker.setInputFiles({
    name: 'Письмо.sig',
    mimeType: 'application/octet-stream',
    buffer: await signed(Buffer.from('другой документ'), 'examiner'),
  });
  await dialog.getByRole('button', { name: 'Подписать', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Подпись «Письмо.sig» не принята: Подпись недействительна: документ изменён после подписания',
  );
  expect(await blockingViolations(page)).toEqual([]);
  await picker.setInputFiles({
    name: 'Письмо.sig',
    mimeType: 'application/octet-stream',
    buffer: await signed(letter, 'examiner'),
  });
  await dialog.getByRole('button', { name: 'Подписать', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(/^Подписан: Смирнов Алексей Петрович, .*сертификат до \d{2}\.\d{2}\.\d{4}$/),
  ).toBeVisible();
  await expect(sign).toHaveCount(0);
  await page.screenshot({ path: '/tmp/signatures-sign-decision-576.png', fullPage: true });
});

for (const width of [1400, 576]) {
  test(`the head signs the answer to an appeal with 'Подписать решение', and the applicant sees it signed (${width} px)`, async ({
    page,
    pageAs,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const head = await pageAs('head');
    await head.setViewportSize({ width, height: 900 });

    // The demo's appeal waiting for the head: against a refusal to accept.
    await head.goto('/instance/appeals');
    const row = head
      .getByRole('list', { name: 'Жалобы' })
      .getByTestId('appeal-row')
      .filter({ hasText: 'Отказ в приёме документов' })
      .filter({ hasText: 'На рассмотрении' });
    await expect(row).toHaveCount(1);
    await row.getByRole('link').click();
    await expect(head).toHaveURL(/\/instance\/statement\/info\/\d+$/);
    const statementId = Number(/(\d+)$/.exec(new URL(head.url()).pathname)?.[1]);

    // The head dismisses it with an answer: the portal makes the answer letter.
    const review = new ReviewPage(head);
    const appeal = review.block('Жалобы').getByTestId('appeal').filter({ hasText: 'Отказ в приёме документов' });
    await appeal.getByRole('button', { name: 'Рассмотреть жалобу' }).click();
    const decision = head.getByRole('dialog', { name: 'Рассмотрение жалобы' });
    await decision.getByRole('radio', { name: 'Отказать в удовлетворении' }).check();
    await decision
      .getByRole('textbox', { name: 'Ответ заявителю' })
      .fill('Раздел с фасадами в альбоме не представлен: отказ в приёме обоснован.');
    await decision.getByRole('button', { name: 'Отправить ответ' }).click();
    await expect(decision).toBeHidden();
    const answer = appeal.getByTestId('appeal-answer');

    // Downloaded, signed in the head's own tool (the test authority's certificate of Орлова Елена Викторовна).
    const sign = answer.getByRole('button', { name: /^Подписать решение «/ });
    await expect(sign).toHaveCount(1);
    const { name: letterName, bytes: letter } = await documentToSign(head, answer, sign);
    const signatureName = `${letterName}.sig`;
    await sign.focus();
    await head.keyboard.press('Enter');
    const dialog = head.getByRole('dialog', { name: 'Подписать решение' });
    // An examiner's signature is not the head's: refused with the reason, nothing filed.
    await dialog.getByLabel('Файл подписи').setInputFiles({
      name: signatureName,
      mimeType: 'application/octet-stream',
      buffer: await signed(letter, 'examiner'),
    });
    await dialog.getByRole('button', { name: 'Подписать', exact: true }).click();
    await expect(dialog.getByRole('alert')).toContainText(`Подпись «${signatureName}» не принята: документ подписал`);
    const headSignature = await signed(letter, 'head');
    await dialog.getByLabel('Файл подписи').setInputFiles({
      name: signatureName,
      mimeType: 'application/octet-stream',
      buffer: headSignature,
    });
    await head.screenshot({ path: `/tmp/signatures-appeal-dialog-${width}.png`, fullPage: true });
    expect(await blockingViolations(head)).toEqual([]);
    await dialog.getByRole('button', { name: 'Подписать', exact: true }).click();
    await expect(dialog).toBeHidden();
    const signedByHead = /^Подписан: Орлова Елена Викторовна, .*сертификат до \d{2}\.\d{2}\.\d{4}$/;
    await expect(answer.getByText(signedByHead)).toBeVisible();
    await expect(sign).toHaveCount(0);
    await head.screenshot({ path: `/tmp/signatures-appeal-head-${width}.png`, fullPage: true });
    expect(await blockingViolations(head)).toEqual([]);

    // The applicant reads the answer signed, and takes its signature.
    const detail = new StatementPage(page);
    await detail.goto(statementId);
    const companyAnswer = detail
      .block('Жалобы')
      .getByTestId('appeal')
      .filter({ hasText: 'Отказ в приёме документов' })
      .getByTestId('appeal-answer');
    await expect(companyAnswer.getByText(signedByHead)).toBeVisible();
    const sigDownload = page.waitForEvent('download');
    await companyAnswer.getByRole('button', { name: `Скачать подпись «${signatureName}»` }).click();
    expect(readFileSync(await (await sigDownload).path()).equals(headSignature)).toBe(true);
    await page.screenshot({ path: `/tmp/signatures-appeal-company-${width}.png`, fullPage: true });
    expect(await blockingViolations(page)).toEqual([]);
  });
}

test.describe('with SIGNATURES_REQUIRED=decisions', () => {
  test.use({
    serverEnv: {
      SIGNATURE_TRUST_DIR: path.join(caDir, 'trust'),
      COMMITTEE_INN: TEST_COMMITTEE.innLe,
      SIGNATURES_REQUIRED: 'decisions',
    },
  });

  for (const width of [1400, 576]) {
    test(`a refusal waits as 'Ожидает подписи' for the examiner and reaches the company once signed (${width} px)`, async ({
      page,
      pageAs,
    }) => {
      test.setTimeout(120_000);
      const examiner = await pageAs('examiner1');
      await examiner.setViewportSize({ width, height: 900 });
      await page.setViewportSize({ width, height: 900 });
      const { review, id } = await rejectUnderReview(examiner);

      // The examiner: the refusal is recorded and waits for the signature; the statement is still under review and
      // nobody answers it again meanwhile.
      const header = (on: typeof page) => on.locator('.detail-header');
      await expect(examiner.getByText('Ожидает подписи', { exact: true })).toBeVisible();
      await expect(header(examiner).getByText('На рассмотрении', { exact: true })).toBeVisible();
      await expect(review.replyMenu).toHaveCount(0);
      const sign = examiner.getByRole('button', { name: /^Подписать решение «/ });
      await expect(sign).toHaveCount(1);
      await examiner.screenshot({ path: `/tmp/signatures-held-examiner-${width}.png`, fullPage: true });
      expect(await blockingViolations(examiner)).toEqual([]);

      // The examiner's list tags it 'Ожидает подписи' beside its status.
      await examiner.goto('/instance/filter/under_review');
      const row = examiner
        .locator('.statement-table__row')
        .filter({ has: examiner.locator(`a[href="/instance/statement/info/${id}"]`) });
      await expect(row.locator('.awaiting-tag')).toHaveText('Ожидает подписи');
      await examiner.screenshot({ path: `/tmp/signatures-held-list-${width}.png`, fullPage: true });
      expect(await blockingViolations(examiner)).toEqual([]);
      await examiner.goBack();

      // The company sees nothing of it yet.
      const detail = new StatementPage(page);
      await detail.goto(id);
      await expect(header(page).getByText('На рассмотрении', { exact: true })).toBeVisible();
      await expect(page.getByText('Ожидает подписи', { exact: true })).toHaveCount(0);
      await expect(page.locator('.rounds').getByText('Отклонено', { exact: true })).toHaveCount(0);
      await expect(detail.historyEntries.filter({ hasText: 'Отклонено' })).toHaveCount(0);
      await page.screenshot({ path: `/tmp/signatures-held-company-${width}.png`, fullPage: true });

      // Signed: the refusal is issued.
      await signAs(examiner, examiner, sign);
      await expect(header(examiner).getByText('Отклонено', { exact: true })).toBeVisible();
      await expect(examiner.getByText('Ожидает подписи', { exact: true })).toHaveCount(0);

      // The company's open detail follows on the live stream: the refusal with its signed letter.
      await expect(header(page).getByText('Отклонено', { exact: true })).toBeVisible();
      await expect(
        page.getByText(/^Подписан: Смирнов Алексей Петрович, .*сертификат до \d{2}\.\d{2}\.\d{4}$/),
      ).toBeVisible();
      await page.screenshot({ path: `/tmp/signatures-held-company-signed-${width}.png`, fullPage: true });
      expect(await blockingViolations(page)).toEqual([]);
    });
  }
  test("an approval's stamped set waits for its inventory's signature, then reaches the company", async ({
    page,
    pageAs,
  }) => {
    test.setTimeout(180_000);
    // The owner files a one-sheet drawing.
    const sheet = await PDFDocument.create();
    sheet.addPage([595, 842]).drawText('Plan', { x: 40, y: 800, size: 20 });
    const create = new CreateStatementPage(page);
    await create.goto();
    await create.fill({ objectName: 'Дом с описью комплекта' });
    await create.documents.upload([
      { name: 'Генплан.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await sheet.save()) },
      { name: 'Записка.docx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK\u0003\u0004 word') },
    ]);
    const { id, visibleId } = await create.create();

    // Examiner 1 takes it and approves with the certificate they signed: the approval is issued at once.
    const examiner = await pageAs('examiner1');
    const news = new NewsPage(examiner);
    await news.goto();
    await news.take(visibleId);
    const review = new ReviewPage(examiner);
    await review.goto(id);
    const certificateDownload = examiner.waitForEvent('download');
    await review.choose('Согласовать');
    const certificate = await certificateDownload;
    const certificateBytes = readFileSync(await certificate.path());
    // The dialog says beforehand which document the set will leave without a stamp, and why; the drawing keeps its
    // corner to choose.
    await expect(review.replyDialog.getByTestId('stamp-corners-unstamped')).toContainText(
      'Записка.docx: Штамп ставится только на PDF и изображения (PNG, JPEG)',
    );
    await expect(review.replyDialog.getByRole('group', { name: 'Генплан.pdf' })).toBeVisible();
    await expect(review.replyDialog.getByRole('group', { name: 'Записка.docx' })).toHaveCount(0);
    for (const width of [576, 1400]) {
      await examiner.setViewportSize({ width, height: 900 });
      await examiner.screenshot({ path: `/tmp/signatures-approval-unstamped-${width}.png`, animations: 'disabled' });
      expect(await blockingViolations(examiner)).toEqual([]);
    }
    await review.replyFiles.upload([
      { name: certificate.suggestedFilename(), mimeType: 'application/pdf', buffer: certificateBytes },
      {
        name: certificate.suggestedFilename().replace(/\.pdf$/, '.sig'),
        mimeType: 'application/octet-stream',
        buffer: await signed(certificateBytes, 'examiner'),
      },
    ]);
    await review.replySubmit.click();
    await expect(review.replyDialog).toBeHidden();

    // The set is stamped after the approval; the examiner sees it waiting for the inventory's signature.
    const set = await review.madeSet();
    const awaiting = set.getByTestId('approved-set-awaiting');
    await expect(awaiting).toHaveText(
      'Комплект ждёт подписи описи: компания и страница проверки свидетельства получат его, когда эксперт, согласовавший заявление, подпишет опись.',
    );
    await expect(set.getByText('Ожидает подписи', { exact: true })).toBeVisible();
    await expect(set.getByRole('button', { name: 'Скачать «Генплан_согласовано.pdf»' })).toBeVisible();
    // A stamped copy is covered by the inventory's hash: only the inventory is offered for signing.
    const sign = set.getByRole('button', { name: /^Подписать решение «/ });
    await expect(sign).toHaveAttribute('aria-label', `Подписать решение «Опись_комплекта_${visibleId}.pdf»`);
    for (const width of [1400, 576]) {
      // Drawn afresh at each width, as a reader at that width sees it.
      await examiner.setViewportSize({ width, height: 900 });
      await examiner.reload();
      await expect(awaiting).toBeVisible();
      await examiner.screenshot({ path: `/tmp/signatures-set-awaiting-${width}.png`, fullPage: true });
      expect(await blockingViolations(examiner)).toEqual([]);
    }

    // The company has the approval, not the set yet.
    const detail = new StatementPage(page);
    await detail.goto(id);
    await expect(page.locator('.detail-header').getByText('Согласовано', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Согласованный комплект' })).toHaveCount(0);

    // The examiner signs the inventory: the set is issued.
    const { name } = await signAs(examiner, set, sign);
    await expect(
      set.getByText(/^Подписан: Смирнов Алексей Петрович, .*сертификат до \d{2}\.\d{2}\.\d{4}$/),
    ).toBeVisible();
    await expect(awaiting).toHaveCount(0);

    // The company is told, and finds the set with the signed inventory.
    await page.reload();
    const companySet = page.getByRole('region', { name: 'Согласованный комплект' });
    await expect(companySet.getByRole('button', { name: 'Скачать «Генплан_согласовано.pdf»' })).toBeVisible();
    await expect(
      companySet.getByText(/^Подписан: Смирнов Алексей Петрович, .*сертификат до \d{2}\.\d{2}\.\d{4}$/),
    ).toBeVisible();
    await expect(companySet.getByRole('button', { name: `Скачать подпись «${name}.sig»` })).toBeVisible();
    await expect(companySet.getByRole('button', { name: /^Подписать решение/ })).toHaveCount(0);
    for (const width of [1400, 576]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await expect(companySet.getByRole('button', { name: `Скачать подпись «${name}.sig»` })).toBeVisible();
      await page.screenshot({ path: `/tmp/signatures-set-signed-company-${width}.png`, fullPage: true });
      expect(await blockingViolations(page)).toEqual([]);
    }
  });
});
