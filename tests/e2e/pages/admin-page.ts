import { expect, type Locator } from '@playwright/test';
import { PageObject } from './page-object.ts';

/** /instance/admin: the sections' links, each section's lists, their add/edit dialogs and confirmations. */
export class AdminPage extends PageObject {
  readonly heading = this.page.getByRole('heading', { level: 1, name: 'Администрирование' });
  readonly sections = this.page.getByRole('navigation', { name: 'Разделы администрирования' });
  readonly logLink = this.page.getByRole('link', { name: 'Журнал администрирования' });
  /** The confirmation of a row's action. */
  readonly confirmation = this.page.getByRole('alertdialog');

  goto(): Promise<void> {
    return this.open('/instance/admin', this.heading);
  }

  /** Opens a section by its link ('Эксперты', 'Справочники', 'Шаблоны замечаний', 'Производственный календарь'). */
  async openSection(name: string): Promise<void> {
    const link = this.sections.getByRole('link', { name, exact: true });
    await link.click();
    await expect(link).toHaveAttribute('aria-current', 'true');
  }

  /** A list by its heading ('Эксперты', 'Виды работ', …). */
  list(title: string): Locator {
    return this.page.getByRole('region', { name: title, exact: true });
  }

  /** The row of an item, by the text of its first cell (the name, the ФИО, the template's text). */
  row(list: Locator, name: string): Locator {
    const start = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
    return list.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: start }) });
  }

  /** A row's button ('Изменить', 'Действия'), named with its item. */
  button(list: Locator, label: string, item: string): Locator {
    return list.getByRole('button', { name: `${label}: ${item}` });
  }

  /** Chooses an action ('Деактивировать', 'Вывести из употребления', …) in the row's 'Действия' menu. */
  async act(list: Locator, action: string, item: string): Promise<void> {
    await this.button(list, 'Действия', item).click();
    await this.page.getByRole('menuitem', { name: action }).click();
  }

  /** The table of the items a list keeps apart ('Деактивированные', 'Выведены из употребления'). */
  apart(list: Locator, title: string, apartTitle: string): Locator {
    return list.getByRole('table', { name: `${title}: ${apartTitle.toLowerCase()}` });
  }

  /** The add/edit dialog by its title. */
  dialog(title: string): Locator {
    return this.page.getByRole('dialog', { name: title });
  }
}
