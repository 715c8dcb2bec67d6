import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REGISTRATION_TEXTS } from '../../server/src/registration/registration.service.ts';
import {
  makeTestAuthority,
  OTHER_COMPANY,
  TEST_COMMITTEE,
  type TestAuthority,
  type TestSignerName,
} from '../../tools/test-ca.ts';
import { blockingViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { CreateStatementPage, pdf } from './pages/create-statement-page.ts';

// A registration confirmed at once by the head's qualified signature (docs/product.md «Registration»): the owner of the
// new organisation downloads the statement on 'Моя компания', a signature of another organisation's head is refused in
// Russian under the file, the head's own signature confirms it, and the organisation files its first statement.
const caDir = path.join(mkdtempSync(path.join(tmpdir(), 'e2e-registration-')), 'ca');
// Made while the file loads: the portal's start (a test fixture) already needs its trust directory.
const ca: TestAuthority = await makeTestAuthority(caDir);

test.use({ serverEnv: { SIGNATURE_TRUST_DIR: path.join(caDir, 'trust'), COMMITTEE_INN: TEST_COMMITTEE.innLe } });

async function signed(bytes: Buffer, signer: TestSignerName): Promise<Buffer> {
  const file = path.join(caDir, `${randomUUID()}.pdf`);
  writeFileSync(file, bytes);
  return Buffer.from(await ca.sign(file, signer));
}

for (const width of [1400, 576] as const) {
  test(`a new organisation signs its registration statement with the head's certificate and files at once (${width} px)`, async ({
    page,
    mailbox,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    // Registered as the registration page does it (the form itself is registration.spec.ts): the session lands here.
    const email = `director-${width}@other-org.example`;
    await page.goto('/register');
    expect((await page.request.post('/api/registrations/start', { data: { email } })).status()).toBe(202);
    const code = await mailbox.waitForCode(email, { subject: REGISTRATION_TEXTS.codeSubject });
    const registered = await page.request.post('/api/registrations', {
      data: {
        email,
        code,
        legalEntity: 'ООО «Чужой Проект»',
        inn: OTHER_COMPANY.innLe,
        kpp: '770901001',
        ogrn: OTHER_COMPANY.ogrn,
        legalAddress: 'г. Москва, ул. Подписная, д. 1',
        fio: 'Сидоров Пётр Николаевич',
        position: 'Директор',
        phone: '+7 (495) 111-22-33',
        consentVersion: '1',
      },
    });
    expect(registered.status()).toBe(201);

    await page.goto('/company/edit');
    const panel = page.getByRole('region', { name: 'Подтверждение регистрации' });
    await expect(panel).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/registration-confirmation-${width}.png`, fullPage: true });

    // The statement, downloaded by keyboard.
    const downloading = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Скачать заявление' }).focus();
    await page.keyboard.press('Enter');
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`Заявление_о_регистрации_${OTHER_COMPANY.innLe}.pdf`);
    const statement = readFileSync(await download.path());
    expect(statement.subarray(0, 5).toString()).toBe('%PDF-');

    // Signed by the head of another organisation: refused, in Russian, under the file; the company still waits.
    const signatureFile = panel.getByLabel('Файл подписи заявления');
    await signatureFile.setInputFiles([
      {
        name: 'Заявление.pdf.sig',
        mimeType: 'application/octet-stream',
        buffer: await signed(statement, 'director256'),
      },
    ]);
    await expect(panel.getByText('Загружен')).toHaveCount(1);
    await panel.getByRole('button', { name: 'Подтвердить регистрацию' }).focus();
    await page.keyboard.press('Enter');
    await expect(
      panel.getByText(/^Подпись заявления не принята: Заявление подписано не руководителем этой организации/),
    ).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);

    // The head's own signature confirms it at once.
    await panel.getByRole('button', { name: 'Удалить «Заявление.pdf.sig»' }).click();
    await signatureFile.setInputFiles([
      {
        name: 'Заявление.pdf.sig',
        mimeType: 'application/octet-stream',
        buffer: await signed(statement, 'otherDirector'),
      },
    ]);
    await expect(panel.getByText('Загружен')).toHaveCount(1);
    await panel.getByRole('button', { name: 'Подтвердить регистрацию' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Регистрация подтверждена: теперь организация может подавать заявления')).toBeVisible();
    await expect(panel).toHaveCount(0);

    // It files now.
    const create = new CreateStatementPage(page);
    await create.goto();
    await create.fill({ objectName: `Первый дом ${width}` });
    await create.documents.upload([pdf('Альбом.pdf')]);
    const { id } = await create.create();
    expect(id).toBeGreaterThan(0);
  });
}
