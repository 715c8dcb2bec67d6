import { expectAccessible } from './axe.ts';
import { test as base, expect } from './fixtures.ts';
import { CompanyPage, EmployeeFormPage, EmployeeListPage } from './pages/company-admin-pages.ts';
import { CompanyListPage } from './pages/company-list-page.ts';
import { ReviewPage } from './pages/examiner-pages.ts';
import { LoginPage } from './pages/login-page.ts';

// The owner's administration (docs/product.md «Screens and routes»): employees and 'Моя компания'; the server refuses
// everyone else too.
const test = base.extend<{ employeeList: EmployeeListPage; employeeForm: EmployeeFormPage; companyPage: CompanyPage }>({
  employeeList: async ({ page }, use) => {
    await use(new EmployeeListPage(page));
  },
  employeeForm: async ({ page }, use) => {
    await use(new EmployeeFormPage(page));
  },
  companyPage: async ({ page }, use) => {
    await use(new CompanyPage(page));
  },
});

test.use({ role: 'owner' });

test.describe('changes to the company', () => {
  // These tests add people, log them in and rename the company: a server of their own.
  test.use({ freshServer: true });

  test('the owner adds an employee who logs in, is refused the owner’s pages, and is edited and removed', async ({
    page,
    browser,
    baseURL,
    mailbox,
    sidebar,
    employeeList,
    employeeForm,
  }) => {
    const fio = 'Соколова Мария Андреевна';
    const email = 'sokolova@stroyproekt.example';

    // The owner adds her: the validation errors first, then the list with a row marked as not logged in yet.
    await employeeList.goto();
    await expect(sidebar.companyMenu.getByRole('link', { name: 'Сотрудники' })).toBeVisible();
    await employeeList.add.click();
    await expect(page).toHaveURL(/\/employees\/create$/);
    await expect(page.getByText('Без e-mail сотрудник не сможет войти на портал', { exact: false })).toBeVisible();
    await employeeForm.email.fill('sokolova@');
    await employeeForm.create.click();
    await expect(page.getByText('Проверьте корректность полей')).toBeVisible();
    await expect(employeeForm.fio).toHaveAccessibleDescription(/Укажите ФИО/);
    await expect(employeeForm.email).toHaveAccessibleDescription(/Некорректный email/);
    await expect(employeeForm.fio).toBeFocused();
    await employeeForm.fill({
      fio,
      email: `  ${email} `,
      phone: '8 900 1234567',
      position: 'Инженер-проектировщик',
    });
    // The phone, once left, is written out in the placeholder's shape (a lenient mask: anything else stays as typed).
    await expect(employeeForm.phone).toHaveValue('+7 (900) 123-45-67');
    await employeeForm.create.click();
    await expect(page).toHaveURL(/\/employees\/list$/);
    await expect(page.getByText('Сотрудник добавлен')).toBeVisible();
    await expect(employeeList.row(fio)).toContainText('Инженер-проектировщик');
    await expect(employeeList.row(fio)).toContainText(email);
    await expect(employeeList.row(fio)).toContainText('Входа ещё не было');
    await expect(employeeList.link(fio)).toHaveAccessibleName(/, входа на портал ещё не было$/);

    // The same e-mail again is the server's email_taken, shown beside the e-mail field.
    await employeeList.add.click();
    await employeeForm.fill({ fio: 'Другой человек', email });
    await employeeForm.create.click();
    await expect(page.getByText('Не удалось добавить сотрудника')).toBeVisible();
    await expect(employeeForm.email).toHaveAccessibleDescription(/уже используется/);
    await expect(page).toHaveURL(/\/employees\/create$/);

    // She logs in by the mailed code and is verified in the owner's list.
    // A context of her own, without the owner's login (the test's storageState would otherwise be copied into it).
    const herContext = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    const her = await herContext.newPage();
    await new LoginPage(her, mailbox).logIn(email);
    await expect(her).toHaveURL(/\/company\/?$/);
    // She never consented to the processing of personal data (her owner added her): asked once, before any page.
    await expect(
      her.getByRole('heading', { level: 1, name: 'Согласие на обработку персональных данных' }),
    ).toBeVisible();
    await her.getByRole('checkbox', { name: 'Я даю согласие на обработку персональных данных' }).check();
    await her.getByRole('button', { name: 'Продолжить' }).click();
    await expect(her.getByRole('heading', { level: 1, name: 'Согласие на обработку персональных данных' })).toHaveCount(
      0,
    );
    await employeeList.goto();
    await expect(employeeList.row(fio)).toBeVisible();
    await expect(employeeList.row(fio)).not.toContainText('Входа ещё не было');
    await expect(employeeList.link(fio)).toHaveAccessibleName(fio);

    // She has no employees link, the employee pages refuse her, and 'Моя компания' is hers to read only.
    const herList = new EmployeeListPage(her);
    await expect(her.getByRole('navigation', { name: 'Меню компании' })).toBeVisible();
    await expect(her.getByRole('link', { name: 'Сотрудники' })).toHaveCount(0);
    await herList.goto();
    await expect(herList.refusal).toBeVisible();
    await expect(herList.table).toHaveCount(0);
    await her.goto('/employees/create');
    await expect(new EmployeeFormPage(her).refusal).toBeVisible();
    const herCompany = new CompanyPage(her);
    await herCompany.goto();
    for (const field of herCompany.fields()) await expect(field).not.toBeEditable();
    await expect(herCompany.save).toHaveCount(0);

    // The owner edits her through a click on the row.
    await employeeList.row(fio).getByText('Инженер-проектировщик').click();
    await expect(page).toHaveURL(/\/employees\/\d+\/edit$/);
    await expect(employeeForm.fio).toHaveValue(fio);
    await expect(employeeForm.email).toHaveValue(email);
    await employeeForm.position.fill('Главный инженер проекта');
    await employeeForm.phone.fill('');
    await employeeForm.save.click();
    await expect(page).toHaveURL(/\/employees\/list$/);
    await expect(page.getByText('Сотрудник обновлён')).toBeVisible();
    await expect(employeeList.row(fio)).toContainText('Главный инженер проекта');

    // ...and removes her, from the keyboard: Enter on the name link, then 'Удалить сотрудника?'.
    await employeeList.link(fio).focus();
    await page.keyboard.press('Enter');
    await expect(employeeForm.remove).toBeVisible();
    await employeeForm.remove.click();
    await expect(employeeForm.confirm).toContainText('Удалить сотрудника?');
    await employeeForm.confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(/\/employees\/list$/);
    await expect(page.getByText('Сотрудник удалён')).toBeVisible();
    await expect(employeeList.row(fio)).toHaveCount(0);

    // Her open session ends with her next call.
    await her.reload();
    await expect(her).toHaveURL(/\/login$/);
    await herContext.close();
  });

  test('the owner keeps the company data; the server’s INN check shows beside the field', async ({
    page,
    pageAs,
    sidebar,
    companyPage,
  }) => {
    await companyPage.goto();
    for (const field of companyPage.fields()) await expect(field).toBeEditable();

    await companyPage.legalEntity.fill(' ');
    await companyPage.save.click();
    await expect(companyPage.legalEntity).toHaveAccessibleDescription(/Укажите юридическое лицо/);

    await companyPage.legalEntity.fill('ООО «СтройПроект-Север»');
    // The control digits are checked on the page with the API's own rule and text, before anything is sent.
    await companyPage.inn.fill('7707083894');
    await companyPage.save.click();
    await expect(page.getByText('Проверьте корректность полей')).toBeVisible();
    await expect(companyPage.inn).toHaveAccessibleDescription(/ИНН указан с ошибкой: не сходится контрольное число/);
    await expect(companyPage.inn).toBeFocused();

    await companyPage.inn.fill('7707083893');
    await companyPage.head.fill('Иванов Иван Иванович');
    await companyPage.save.click();
    await expect(page.getByText('Изменения сохранены')).toBeVisible();
    await expect(sidebar.root.getByText('ООО «СтройПроект-Север»')).toBeVisible();
    await page.reload();
    await expect(companyPage.legalEntity).toHaveValue('ООО «СтройПроект-Север»');
    await expect(companyPage.inn).toHaveValue('7707083893');

    // A statement submitted before says, on both sides, what the company was then, beside what it is now.
    const companyList = new CompanyListPage(page);
    await companyList.goto();
    await companyList.card('Школа на 550 мест').click();
    await expect(page).toHaveURL(/\/statement\/info\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').at(-1));
    const reviewPage = new ReviewPage(await pageAs('examiner1'));
    await reviewPage.goto(id);
    for (const detail of [page, reviewPage.page]) {
      const atSubmission = detail.getByRole('region', { name: /^Компания на дату подачи \d+ \S+, \d{4}$/ });
      await expect(atSubmission.getByRole('term')).toHaveText(['Наименование', 'ИНН']);
      await expect(atSubmission.getByRole('definition').first()).toHaveText(
        'ООО «СтройПроект»сейчас: ООО «СтройПроект-Север»',
      );
      await expect(atSubmission.getByRole('definition').nth(1)).toHaveText('7701234560сейчас: 7707083893');
    }
    await expect(reviewPage.block('О компании').getByRole('definition').first()).toHaveText('ООО «СтройПроект-Север»');
    await expectAccessible(reviewPage.page, 'examiner detail with the company at submission');
  });
});
