import { expect, type Locator } from '@playwright/test';
import { PageObject } from './page-object.ts';

/** The owner's refusal shown to anyone else on the employee pages. */
const REFUSAL = 'Управлять сотрудниками может только владелец компании.';

/** /employees/list: the table of the company's people and the add button. */
export class EmployeeListPage extends PageObject {
  readonly heading = this.page.getByRole('heading', { level: 1, name: 'Сотрудники' });
  readonly add = this.page.getByRole('link', { name: 'Добавить сотрудника' });
  readonly table = this.page.getByRole('table', { name: 'Сотрудники компании' });
  readonly refusal = this.page.getByText(REFUSAL);

  goto(): Promise<void> {
    return this.open('/employees/list', this.heading);
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
export class EmployeeFormPage extends PageObject {
  readonly fio = this.page.getByRole('textbox', { name: 'Фамилия Имя Отчество' });
  readonly email = this.page.getByRole('textbox', { name: 'Электронная почта' });
  readonly phone = this.page.getByRole('textbox', { name: 'Телефон' });
  readonly position = this.page.getByRole('textbox', { name: 'Должность' });
  readonly create = this.page.getByRole('button', { name: 'Добавить сотрудника' });
  readonly save = this.page.getByRole('button', { name: 'Сохранить изменения' });
  readonly remove = this.page.getByRole('button', { name: 'Удалить сотрудника' });
  readonly confirm = this.page.getByRole('alertdialog');
  readonly refusal = this.page.getByText(REFUSAL);

  async fill(values: EmployeeValues): Promise<void> {
    for (const name of ['fio', 'email', 'phone', 'position'] as const) {
      const value = values[name];
      if (value !== undefined) await this[name].fill(value);
    }
  }
}

/** /company/edit, 'Моя компания'. */
export class CompanyPage extends PageObject {
  readonly heading = this.page.getByRole('heading', { level: 1, name: 'Моя компания' });
  readonly legalEntity = this.page.getByRole('textbox', { name: 'Наименование юридического лица' });
  readonly legalAddress = this.page.getByRole('textbox', { name: 'Юридический адрес' });
  readonly inn = this.page.getByRole('textbox', { name: 'ИНН' });
  readonly kpp = this.page.getByRole('textbox', { name: 'КПП' });
  readonly ogrn = this.page.getByRole('textbox', { name: 'ОГРН' });
  readonly head = this.page.getByRole('textbox', { name: 'Руководитель (ФИО)' });
  readonly headPhone = this.page.getByRole('textbox', { name: 'Телефон руководителя' });
  readonly save = this.page.getByRole('button', { name: 'Сохранить изменения' });

  async goto(): Promise<void> {
    await this.open('/company/edit', this.heading);
    await expect(this.legalEntity).not.toHaveValue('');
  }

  /** The note to anyone but the owner that the data are theirs to read only. */
  readonly readOnlyNote = this.page.getByText('Изменять данные компании может только владелец компании.');

  /** Every field of the form: the owner's to edit, read-only for anyone else (docs/product.md «My company»). */
  fields(): Locator[] {
    return [this.legalEntity, this.legalAddress, this.inn, this.kpp, this.ogrn, this.head, this.headPhone];
  }

  /** 'Доверенности': the company's МЧД. */
  readonly powers = this.page.getByRole('region', { name: 'Доверенности' });
  readonly addPower = this.powers.getByRole('button', { name: 'Добавить доверенность' });
  readonly addPowerDialog = this.page.getByRole('dialog', { name: 'Добавить доверенность' });
  readonly powerFiles = this.addPowerDialog.getByLabel('Файл доверенности и файл подписи');

  /** The card of the МЧД of this number. */
  powerCard(number: string): Locator {
    return this.powers
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('heading', { name: new RegExp(`№ ${number}`) }) });
  }
}
