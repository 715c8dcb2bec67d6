import { expect, type Locator, type Page } from '@playwright/test';
import { pickRangeDay } from './date-range.ts';

/** What every page object holds: the page it drives. Subclasses build their locators from it as fields. */
export class PageObject {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  /**
   * Opens `path` and waits until `ready` shows. A page opened afresh shows nothing before its modules have run, the
   * session is refreshed and the page's data is in (about 1–3 s here); on CI's loaded machine that chain once took
   * longer than an assertion's 10 s, so the first sight of a page gets the navigation's 30 s.
   */
  protected async open(path: string, ready: Locator): Promise<void> {
    await this.page.goto(path);
    await expect(ready).toBeVisible({ timeout: 30_000 });
  }
}

/** A statement list with the period and search filters: the company list and the examiner's table. */
export class FilteredList extends PageObject {
  readonly start = this.page.getByRole('combobox', { name: 'Начало периода' });
  readonly end = this.page.getByRole('combobox', { name: 'Конец периода' });
  readonly searchButton = this.page.getByRole('button', { name: 'Поиск', exact: true });
  readonly search = this.page.getByRole('searchbox', { name: 'Поиск' });
  readonly nothingFound = this.page.getByText('Ничего не найдено', { exact: true });

  /** Picks `day` in the calendar of a range field from the keyboard (tests/e2e/pages/date-range.ts). */
  pickDay(side: 'start' | 'end', day: Date): Promise<void> {
    return pickRangeDay(this.page, side === 'start' ? this.start : this.end, side, day);
  }
}
