import { expect, type Locator, type Page } from '@playwright/test';
import { parse } from 'date-fns';
import { ru } from 'date-fns/locale';
import { pickRangeDay } from './date-range.ts';

/** The company statement list ('/company', '/company/filter/{status}') and the notifications drawer it opens. */
export class CompanyListPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly bell: Locator;
  readonly create: Locator;
  readonly start: Locator;
  readonly end: Locator;
  readonly clearStart: Locator;
  readonly clearEnd: Locator;
  readonly sort: Locator;
  readonly searchButton: Locator;
  readonly search: Locator;
  readonly reload: Locator;
  readonly list: Locator;
  readonly cards: Locator;
  readonly empty: Locator;
  readonly nothingFound: Locator;
  readonly drawer: Locator;
  readonly notifications: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1, name: 'Все заявления' });
    this.bell = page.getByRole('button', { name: 'Уведомления' });
    this.create = page.getByRole('link', { name: 'Подать заявление' });
    this.start = page.getByRole('combobox', { name: 'Начало периода' });
    this.end = page.getByRole('combobox', { name: 'Конец периода' });
    this.clearStart = page.getByRole('button', { name: 'Очистить начало периода' });
    this.clearEnd = page.getByRole('button', { name: 'Очистить конец периода' });
    this.sort = page.getByRole('button', { name: /^Сначала (новые|старые)$/ });
    this.searchButton = page.getByRole('button', { name: 'Поиск', exact: true });
    this.search = page.getByRole('searchbox', { name: 'Поиск' });
    this.reload = page.getByRole('button', { name: 'Обновить' });
    this.list = page.getByRole('list', { name: 'Заявления' });
    this.cards = this.list.getByRole('link');
    this.empty = page.getByText('Заявлений пока нет', { exact: true });
    this.nothingFound = page.getByText('Ничего не найдено', { exact: true });
    this.drawer = page.getByRole('dialog', { name: 'Уведомления' });
    this.notifications = this.drawer.getByRole('listitem');
  }

  /** The card of the statement whose object is `title`. */
  card(title: string): Locator {
    return this.cards.filter({ hasText: title });
  }

  /** Titles of the cards in the order shown. */
  async titles(): Promise<string[]> {
    return this.list.locator('.statement-card__title').allTextContents();
  }

  async goto(path = '/company'): Promise<void> {
    await this.page.goto(path);
    await expect(this.heading).toBeVisible();
    await expect(this.page.getByText('Загрузка…')).toHaveCount(0);
  }

  /** The creation day a card shows ('5 мая, 2024'), as a date. */
  async dayOf(title: string): Promise<Date> {
    const text = await this.card(title).locator('time').textContent();
    return parse(text ?? '', 'd MMMM, yyyy', new Date(), { locale: ru });
  }

  /** Picks `day` in the calendar of a range field from the keyboard (tests/e2e/pages/date-range.ts). */
  pickDay(side: 'start' | 'end', day: Date): Promise<void> {
    return pickRangeDay(this.page, side === 'start' ? this.start : this.end, side, day);
  }
}
