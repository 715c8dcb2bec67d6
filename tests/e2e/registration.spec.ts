import { REGISTRATION_TEXTS } from '../../server/src/registration/registration.service.ts';
import { blockingViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { CreateStatementPage, pdf } from './pages/create-statement-page.ts';

// Registration of an organisation (docs/product.md «Registration»): from the login page, the e-mail's code, the
// organisation, the person and the consent, all by keyboard; the organisation is then pending and cannot file yet.
// The consent and the policy are pages of their own, the policy linked from every public page's footer.

const ORGANISATIONS = {
  1400: { inn: '7703003336', ogrn: '1027700333330', email: 'director-1400@registration.example' },
  576: { inn: '7703004442', ogrn: '1027700444441', email: 'director-576@registration.example' },
} as const;

for (const width of [1400, 576] as const) {
  test(`a new organisation registers from the login page by keyboard and waits for confirmation (${width} px)`, async ({
    page,
    mailbox,
  }) => {
    const organisation = ORGANISATIONS[width];
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Зарегистрировать организацию' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Регистрация организации' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Политика обработки персональных данных' })).toBeVisible();
    // The form is an island: typing starts once it has hydrated (Astro drops `ssr` from it then).
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);

    // The e-mail, by keyboard.
    const email = page.getByRole('textbox', { name: 'Электронная почта' });
    await email.focus();
    await page.keyboard.type(organisation.email);
    await expect(email).toHaveValue(organisation.email);
    await page.keyboard.press('Enter');
    const code = page.getByRole('textbox', { name: 'Код из письма' });
    await expect(code).toBeFocused();
    await expect(page.getByText(`Код отправлен на адрес ${organisation.email}`, { exact: true })).toBeVisible();

    // Submitting the empty form names what is missing and takes the focus to the first field at fault.
    await page.getByRole('button', { name: 'Зарегистрировать' }).click();
    await expect(code).toBeFocused();
    await expect(page.getByText('Введите шесть цифр кода из письма')).toBeVisible();
    await expect(page.getByText('Подтвердите согласие на обработку персональных данных')).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);

    await code.focus();
    await page.keyboard.type(
      await mailbox.waitForCode(organisation.email, { subject: REGISTRATION_TEXTS.codeSubject }),
    );
    // The two links under the code, then the organisation and the person, in the form's order.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const fields: Array<[string, string]> = [
      ['Наименование организации', 'ООО «Мастерская Ладога»'],
      ['ИНН', organisation.inn],
      ['КПП', '770301001'],
      ['ОГРН или ОГРНИП', organisation.ogrn],
      ['Юридический адрес', '191000, г. Санкт-Петербург, Невский пр., д. 10'],
      ['ФИО', 'Ладогина Вера Николаевна'],
      ['Должность', 'Генеральный директор'],
      ['Телефон', '+7 (812) 123-45-67'],
    ];
    for (const [label, value] of fields) {
      await page.keyboard.press('Tab');
      await expect(page.getByRole('textbox', { name: label, exact: true })).toBeFocused();
      await page.keyboard.type(value);
    }
    await page.keyboard.press('Tab');
    const consent = page.getByRole('checkbox', { name: 'Я даю согласие на обработку персональных данных' });
    await expect(consent).toBeFocused();
    await page.keyboard.press('Space');
    await expect(consent).toBeChecked();
    await page.screenshot({ path: `/tmp/registration-form-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Зарегистрировать' }).focus();
    await page.keyboard.press('Enter');

    const done = page.getByRole('heading', { level: 1, name: 'Регистрация ожидает подтверждения' });
    await expect(done).toBeVisible();
    await expect(done).toBeFocused();
    await expect(page.getByText('Организация «ООО «Мастерская Ладога»» зарегистрирована')).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/registration-done-${width}.png`, fullPage: true });

    // Signed in as the owner of the pending company: it prepares, it does not file.
    await page.getByRole('link', { name: 'Перейти в личный кабинет' }).click();
    await expect(page.getByRole('textbox', { name: /^Наименование юридического лица/ })).toHaveValue(
      'ООО «Мастерская Ладога»',
    );
    await page.goto('/statement/create');
    await expect(page.getByText('Организация ещё не подтверждена комитетом')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Подать заявление' })).toHaveCount(0);
    await page.screenshot({ path: `/tmp/registration-pending-create-${width}.png` });
  });
}

test('the consent and the policy of processing are pages of their own, with the operator named', async ({ page }) => {
  for (const [path, title] of [
    ['/consent', 'Согласие на обработку персональных данных'],
    ['/privacy', 'Политика обработки персональных данных'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Редакция 1')).toBeVisible();
    await expect(page.getByText(/Комитет по архитектуре и градостроительству \(адрес: /).first()).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
  }
  await page.setViewportSize({ width: 576, height: 900 });
  await page.screenshot({ path: '/tmp/privacy-576.png', fullPage: true });
});

const WAITING = {
  1400: { inn: '7703008888', ogrn: '1027700888885', email: 'waiting-1400@registration.example' },
  576: { inn: '7703009994', ogrn: '1027700999996', email: 'waiting-576@registration.example' },
} as const;

for (const width of [1400, 576] as const) {
  test(`a head confirms a waiting registration in the administration, by keyboard, and the organisation files (${width} px)`, async ({
    page,
    pageAs,
    mailbox,
  }) => {
    const organisation = WAITING[width];
    const legalEntity = `ООО «Ожидание ${width}»`;
    // Registered as the page before does it (the form itself is the test above): the session lands in this context.
    await page.goto('/register');
    const started = await page.request.post('/api/registrations/start', { data: { email: organisation.email } });
    expect(started.status()).toBe(202);
    const code = await mailbox.waitForCode(organisation.email, { subject: REGISTRATION_TEXTS.codeSubject });
    const registered = await page.request.post('/api/registrations', {
      data: {
        email: organisation.email,
        code,
        legalEntity,
        inn: organisation.inn,
        kpp: '770301001',
        ogrn: organisation.ogrn,
        legalAddress: 'г. Москва, ул. Ожидания, д. 1',
        fio: 'Ждущий Пётр Ильич',
        position: 'Директор',
        phone: '+7 (495) 000-00-00',
        consentVersion: '1',
      },
    });
    expect(registered.status()).toBe(201);

    const head = await pageAs('head');
    await head.setViewportSize({ width, height: 900 });
    await head.goto('/instance/admin#registrations');
    await expect(head.getByRole('heading', { level: 2, name: 'Регистрация организаций' })).toBeVisible();
    const card = head.getByRole('listitem').filter({ hasText: legalEntity });
    await expect(card).toContainText(`ИНН ${organisation.inn}, КПП 770301001, ОГРН ${organisation.ogrn}`);
    await expect(card).toContainText('Ждущий Пётр Ильич, Директор');
    expect(await blockingViolations(head)).toEqual([]);
    await head.screenshot({ path: `/tmp/registrations-admin-${width}.png`, fullPage: true });

    await card.getByRole('button', { name: `Подтвердить регистрацию: ${legalEntity}` }).focus();
    await head.keyboard.press('Enter');
    const dialog = head.getByRole('dialog', { name: 'Подтвердить регистрацию' });
    await expect(dialog).toContainText(`Организация ${legalEntity} сможет подавать заявления`);
    expect(await blockingViolations(head)).toEqual([]);
    await dialog.getByRole('button', { name: 'Подтвердить', exact: true }).focus();
    await head.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(head.getByText(`Регистрация ${legalEntity} подтверждена`)).toBeVisible();
    await expect(card).toHaveCount(0);

    // The organisation files now.
    await page.setViewportSize({ width, height: 900 });
    const create = new CreateStatementPage(page);
    await create.goto();
    await create.fill({ objectName: `Дом организации ${width}` });
    await create.documents.upload([pdf('Альбом.pdf')]);
    const { id } = await create.create();
    expect(id).toBeGreaterThan(0);
  });
}
