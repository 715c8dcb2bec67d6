import { expect, type Locator } from '@playwright/test';
import { FilteredList } from './page-object.ts';

/** The columns of 'Заявления в работе', in order (docs/product.md «Statements in work»). */
export const TABLE_COLUMNS = [
  'ID',
  'Наименование объекта',
  'Компания',
  'Адрес объекта',
  'Категория объекта',
  'Тип работ',
  'Дата подачи',
  'Статус',
  'Срок',
  'Время в статусе',
] as const;

/** The exported file's columns: the table's, the cadastral number after the address, time in status in hours. */
export const EXPORT_COLUMNS = [
  ...TABLE_COLUMNS.slice(0, 4),
  'Кадастровый номер',
  ...TABLE_COLUMNS.slice(4, -1),
  'Время в статусе (часов)',
] as const;

/** The examiner's table 'Заявления в работе' ('/instance/all', '/instance/filter/{filter}'). */
export class ExaminerTablePage extends FilteredList {
  readonly heading = this.page.getByRole('heading', { level: 1, name: 'Заявления в работе' });
  readonly table = this.page.getByRole('table');
  readonly columnHeaders = this.table.getByRole('columnheader');
  /** The statements' rows (each holds the link of its ID cell). */
  readonly rows = this.table.getByRole('row').filter({ has: this.page.getByRole('link') });
  readonly loading = this.page.getByText('Загрузка…', { exact: true });
  /** 'Выгрузить в CSV': the rows shown as a file. */
  readonly exportButton = this.page.getByRole('button', { name: 'Выгрузить в CSV' });

  /** A column's header cell (its `aria-sort` tells the order in force). */
  header(name: (typeof TABLE_COLUMNS)[number]): Locator {
    return this.columnHeaders.filter({ hasText: new RegExp(`^${name}`) });
  }

  /** The button in a sortable column's header ('Дата подачи', 'Срок'). */
  sortButton(name: (typeof TABLE_COLUMNS)[number]): Locator {
    return this.header(name).getByRole('button');
  }

  async goto(path: string): Promise<void> {
    await this.open(path, this.heading);
    await expect(this.table.or(this.nothingFound)).toBeVisible();
  }

  /** The row of the statement whose object is at `address`. */
  row(address: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('cell', { name: address, exact: true }) });
  }

  /** The link in a row's ID cell. */
  link(row: Locator): Locator {
    return row.getByRole('link', { name: /^Открыть заявление № \d+$/ });
  }

  /** The text of one column in every row shown. */
  async column(name: (typeof TABLE_COLUMNS)[number]): Promise<string[]> {
    const index = TABLE_COLUMNS.indexOf(name);
    return this.rows.locator(`td:nth-child(${index + 1})`).allInnerTexts();
  }
}
