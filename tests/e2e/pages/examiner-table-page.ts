import { expect, type Locator, type Page } from '@playwright/test';
import { pickRangeDay } from './date-range.ts';

/** The columns of 'Заявления в работе', in order (docs/product.md «Statements in work»). */
export const TABLE_COLUMNS = [
  'ID',
  'Компания',
  'Адрес объекта',
  'Категория объекта',
  'Тип работ',
  'Дата подачи',
  'Статус',
  'Срок',
  'Время в статусе',
] as const;

/** The examiner's table 'Заявления в работе' ('/instance/all', '/instance/filter/{filter}'). */
export class ExaminerTablePage {
  readonly page: Page;
  readonly heading: Locator;
  readonly start: Locator;
  readonly end: Locator;
  readonly searchButton: Locator;
  readonly search: Locator;
  readonly table: Locator;
  readonly columnHeaders: Locator;
  /** The statements' rows (each holds the link of its ID cell). */
  readonly rows: Locator;
  readonly nothingFound: Locator;
  readonly loading: Locator;
  /** 'Выгрузить в CSV': the rows shown as a file. */
  readonly exportButton: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1, name: 'Заявления в работе' });
    this.start = page.getByRole('combobox', { name: 'Начало периода' });
    this.end = page.getByRole('combobox', { name: 'Конец периода' });
    this.searchButton = page.getByRole('button', { name: 'Поиск', exact: true });
    this.search = page.getByRole('searchbox', { name: 'Поиск' });
    this.table = page.getByRole('table');
    this.columnHeaders = this.table.getByRole('columnheader');
    this.rows = this.table.getByRole('row').filter({ has: page.getByRole('link') });
    this.nothingFound = page.getByText('Ничего не найдено', { exact: true });
    this.loading = page.getByText('Загрузка…', { exact: true });
    this.exportButton = page.getByRole('button', { name: 'Выгрузить в CSV' });
  }

  /** A column's header cell (its `aria-sort` tells the order in force). */
  header(name: (typeof TABLE_COLUMNS)[number]): Locator {
    return this.columnHeaders.filter({ hasText: new RegExp(`^${name}`) });
  }

  /** The button in a sortable column's header ('Дата подачи', 'Срок'). */
  sortButton(name: (typeof TABLE_COLUMNS)[number]): Locator {
    return this.header(name).getByRole('button');
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
    await expect(this.heading).toBeVisible();
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

  /** Picks `day` in the calendar of a range field from the keyboard (tests/e2e/pages/date-range.ts). */
  pickDay(side: 'start' | 'end', day: Date): Promise<void> {
    return pickRangeDay(this.page, side === 'start' ? this.start : this.end, side, day);
  }
}
