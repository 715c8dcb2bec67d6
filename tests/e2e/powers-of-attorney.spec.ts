import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COMMITTEE_TIME_ZONE } from '../../domain/committee-time.ts';
import {
  makeTestAuthority,
  TEST_COMMITTEE,
  TEST_REPRESENTATIVE,
  type TestAuthority,
  type TestSignerName,
} from '../../tools/test-ca.ts';
import { mchdXml, TEST_COMPANY_PARTIES } from '../../tools/test-mchd.ts';
import { blockingViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { CompanyPage } from './pages/company-admin-pages.ts';
import { CreateStatementPage, pdf } from './pages/create-statement-page.ts';
import { ReviewPage } from './pages/examiner-pages.ts';
import { StatementPage } from './pages/statement-page.ts';

// Powers of attorney (docs/product.md «Powers of attorney»): the owner adds the chief architect's МЧД on 'Моя
// компания', a drawing signed with the architect's personal certificate is filed, and both details say it is signed
// under that power of attorney, with its powers; the owner revokes it by keyboard.
const caDir = path.join(mkdtempSync(path.join(tmpdir(), 'e2e-powers-')), 'ca');
// Made while the file loads: the portal's start (a test fixture) already needs its trust directory.
const ca: TestAuthority = await makeTestAuthority(caDir);

test.use({
  role: 'owner',
  serverEnv: { SIGNATURE_TRUST_DIR: path.join(caDir, 'trust'), COMMITTEE_INN: TEST_COMMITTEE.innLe },
});

async function signed(bytes: Buffer, signer: TestSignerName): Promise<Buffer> {
  const file = path.join(caDir, `${randomUUID()}.bin`);
  writeFileSync(file, bytes);
  return Buffer.from(await ca.sign(file, signer));
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const russian = (iso: string) => iso.split('-').reverse().join('.');
/** Today as the committee's screens write it: in its time zone, which is a day ahead of UTC late in the evening. */
const committeeToday = () =>
  new Intl.DateTimeFormat('ru-RU', {
    timeZone: COMMITTEE_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());
const POWERS = 'Подавать в комитет заявления о согласовании АГР и документы, подписывать их электронной подписью';

for (const width of [1400, 576]) {
  test(`the owner adds the architect's МЧД; a drawing the architect signed reads 'по доверенности' on both details (${width} px)`, async ({
    page,
    pageAs,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const number = randomUUID();
    const issuedOn = day(-3);
    const xml = Buffer.from(
      mchdXml({
        number,
        issuedOn,
        validTo: day(365),
        ...TEST_COMPANY_PARTIES,
        powers: { text: POWERS },
      }),
    );

    const company = new CompanyPage(page);
    await company.goto();
    await company.addPower.click();
    await expect(company.addPowerDialog).toBeVisible();
    // The XML alone is not enough: the dialog says what it needs.
    await company.powerFiles.setInputFiles([{ name: 'МЧД.xml', mimeType: 'application/xml', buffer: xml }]);
    await expect(company.addPowerDialog.getByText('Загружен')).toHaveCount(1);
    await company.addPowerDialog.getByRole('button', { name: 'Добавить', exact: true }).click();
    await expect(
      company.addPowerDialog.getByText('Выберите файл доверенности (.xml) и файл её подписи (.sig или .p7s)'),
    ).toBeVisible();
    await company.powerFiles.setInputFiles([
      { name: 'МЧД.xml.sig', mimeType: 'application/octet-stream', buffer: await signed(xml, 'director256') },
    ]);
    await expect(company.addPowerDialog.getByText('Загружен')).toHaveCount(2);
    expect(await blockingViolations(page)).toEqual([]);
    await company.addPowerDialog.getByRole('button', { name: 'Добавить', exact: true }).click();
    await expect(company.addPowerDialog).toBeHidden();
    const card = company.powerCard(number);
    await expect(card).toContainText('Действует');
    await expect(card).toContainText(`${TEST_REPRESENTATIVE.fio}, ${TEST_REPRESENTATIVE.title}`);
    await expect(card).toContainText(POWERS);
    await expect(card).toContainText('Отзыв в реестре ФНС не проверен');
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/powers-company-${width}.png`, fullPage: true });
    expect(await blockingViolations(page)).toEqual([]);

    // A drawing signed by the architect's personal certificate.
    const drawing = pdf('Фасады.pdf');
    const create = new CreateStatementPage(page);
    await create.goto();
    await create.fill({ objectName: `Дом по доверенности ${width}` });
    await create.documents.upload([
      drawing,
      {
        name: 'Фасады.sig',
        mimeType: 'application/octet-stream',
        buffer: await signed(drawing.buffer, 'representative'),
      },
    ]);
    const { id } = await create.create();
    const byRepresentative = new RegExp(
      `^Подписан: ${TEST_REPRESENTATIVE.fio} по доверенности № ${number} от ${russian(issuedOn)}, ООО «СтройПроект», сертификат до \\d{2}\\.\\d{2}\\.\\d{4}$`,
    );
    const detail = new StatementPage(page);
    await detail.goto(id);
    await expect(detail.round('Документы').getByText(byRepresentative)).toBeVisible();
    await expect(detail.round('Документы').getByText(`Полномочия по доверенности: ${POWERS}`)).toBeVisible();

    const examiner = await pageAs('examiner1');
    await examiner.setViewportSize({ width, height: 900 });
    const review = new ReviewPage(examiner);
    await review.goto(id);
    await expect(review.round('Документы').getByText(byRepresentative)).toBeVisible();
    await expect(review.round('Документы').getByText(`Полномочия по доверенности: ${POWERS}`)).toBeVisible();
    // The portal cannot reach the ФНС's registry: the examiner checks it elsewhere and records what it says.
    const documents = review.round('Документы');
    await expect(documents.getByText('Отзыв в реестре ФНС не проверен')).toBeVisible();
    await examiner.screenshot({ path: `/tmp/powers-examiner-${width}.png`, fullPage: true });
    expect(await blockingViolations(examiner)).toEqual([]);
    await documents.getByRole('button', { name: `Записать проверку в реестре ФНС: доверенность № ${number}` }).click();
    const check = examiner.getByRole('dialog', { name: 'Проверка доверенности в реестре ФНС' });
    await expect(check.getByRole('link', { name: 'https://m4d.nalog.gov.ru/' })).toBeVisible();
    await expect(check.getByRole('checkbox', { name: 'Доверенность отозвана по данным реестра' })).not.toBeChecked();
    await check.getByRole('textbox', { name: /^Примечание/ }).fill('Действует, проверено на АРМ');
    expect(await blockingViolations(examiner)).toEqual([]);
    await check.getByRole('button', { name: 'Записать', exact: true }).click();
    await expect(check).toBeHidden();
    await expect(
      documents.getByText(
        new RegExp(`^Проверено в реестре ФНС ${committeeToday()} \\(Смирнов Алексей Петрович\\): не отозвана$`),
      ),
    ).toBeVisible();
    // The check is in the statement's history, with the examiner's note.
    const checked = review.historyEntries.filter({ hasText: 'Доверенность подписанта проверена в реестре ФНС' });
    await expect(checked).toContainText(`Доверенность № ${number}`);
    await expect(checked).toContainText('Комментарий: Действует, проверено на АРМ');

    // The owner revokes it from the keyboard; the card says so.
    await company.goto();
    const revoke = company.powerCard(number).getByRole('button', { name: `Отозвать доверенность № ${number}` });
    await revoke.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Отозвать доверенность' });
    // The dialog opens on its 'Закрыть', as every dialog of the portal; the reason is next.
    await expect(dialog.getByRole('button', { name: 'Закрыть' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('textbox', { name: 'Причина отзыва' })).toBeFocused();
    await page.keyboard.type('Сотрудник переведён в другой отдел');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Отозвать доверенность' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(company.powerCard(number)).toContainText(
      `Отозвана ${committeeToday()}: Сотрудник переведён в другой отдел`,
    );
    // The statement that relies on it has the revocation in its history, on the applicant's side, after the check.
    await detail.goto(id);
    const revocation = detail.historyEntries.filter({ hasText: 'Доверенность подписанта отозвана' });
    await expect(revocation).toContainText(`Доверенность № ${number}`);
    await expect(revocation).toContainText('Заявитель');
    await expect(revocation).toContainText('Причина: Сотрудник переведён в другой отдел');
    await expect(detail.historyEntries.filter({ hasText: 'проверена в реестре ФНС' })).toBeVisible();
    await expect(detail.history).toContainText('Комментарий: Действует, проверено на АРМ');
    await detail.history.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/powers-history-${width}.png` });
  });
}
