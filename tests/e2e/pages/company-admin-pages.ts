import { expect, type Locator, type Page } from '@playwright/test';

/** The owner's refusal shown to anyone else on the employee pages. */
const REFUSAL = 'Управлять сотрудниками может только владелец компании.';

/** /employees/list: the table of the company's people and the add button. */
export class EmployeeListPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly add: Locator;
  readonly table: Locator;
  readonly refusal: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1, name: 'Сотрудники' });
    this.add = page.getByRole('link', { name: 'Добавить сотрудника' });
    this.table = page.getByRole('table', { name: 'Сотрудники компании' });
    this.refusal = page.getByText(REFUSAL);
  }

  async goto(): Promise<void> {
    await this.page.goto('/employees/list');
    await expect(this.heading).toBeVisible();
  }

  /** The row of the person named `fio`. */
  row(fio: string): Locator {
    return this.table.getByRole('row').filter({ hasText: fio });
  }

  /** The link in the name cell of `fio`'s row (its name also says when they have not logged in yet). */
  link(fio: string): Locator {
    return this.table.getByRole('link', { name: fio });
  }
}

/** The values of the employee form; omitted ones are left as they are. */
export interface EmployeeValues {
  fio?: string;
  email?: string;
  phone?: string;
  position?: string;
}

/** /employees/create and /employees/{id}/edit. */
export class EmployeeFormPage {
  readonly page: Page;
  readonly fio: Locator;
  readonly email: Locator;
  readonly phone: Locator;
  readonly position: Locator;
  readonly create: Locator;
  readonly save: Locator;
  readonly remove: Locator;
  readonly confirm: Locator;
  readonly refusal: Locator;

  constructor(page: Page) {
    this.page = page;
    this.fio = page.getByRole('textbox', { name: 'Фамилия Имя Отчество' });
    this.email = page.getByRole('textbox', { name: 'Электронная почта' });
    this.phone = page.getByRole('textbox', { name: 'Телефон' });
    this.position = page.getByRole('textbox', { name: 'Должность' });
    this.create = page.getByRole('button', { name: 'Добавить сотрудника' });
    this.save = page.getByRole('button', { name: 'Сохранить изменения' });
    this.remove = page.getByRole('button', { name: 'Удалить сотрудника' });
    this.confirm = page.getByRole('alertdialog');
    this.refusal = page.getByText(REFUSAL);
  }

  async fill(values: EmployeeValues): Promise<void> {
    for (const name of ['fio', 'email', 'phone', 'position'] as const) {
      const value = values[name];
      if (value !== undefined) await this[name].fill(value);
    }
  }
}

/** /company/edit, 'Моя компания'. */
export class CompanyPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly legalEntity: Locator;
  readonly legalAddress: Locator;
  readonly inn: Locator;
  readonly kpp: Locator;
  readonly ogrn: Locator;
  readonly head: Locator;
  readonly headPhone: Locator;
  readonly save: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1, name: 'Моя компания' });
    this.legalEntity = page.getByRole('textbox', { name: 'Наименование юридического лица' });
    this.legalAddress = page.getByRole('textbox', { name: 'Юридический адрес' });
    this.inn = page.getByRole('textbox', { name: 'ИНН' });
    this.kpp = page.getByRole('textbox', { name: 'КПП' });
    this.ogrn = page.getByRole('textbox', { name: 'ОГРН' });
    this.head = page.getByRole('textbox', { name: 'Руководитель (ФИО)' });
    this.headPhone = page.getByRole('textbox', { name: 'Телефон руководителя' });
    this.save = page.getByRole('button', { name: 'Сохранить изменения' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/company/edit');
    await expect(this.heading).toBeVisible();
    await expect(this.legalEntity).not.toHaveValue('');
  }

  /**
   * Every field but the legal entity: disabled for anyone but the owner (docs/product.md «Company (`Моя компания`)»).
   */
  lockedFields(): Locator[] {
    return [this.legalAddress, this.inn, this.kpp, this.ogrn, this.head, this.headPhone];
  }
}
