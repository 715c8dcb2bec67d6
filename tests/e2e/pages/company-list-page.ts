import { expect, type Locator } from '@playwright/test';
import { parse } from 'date-fns';
import { ru } from 'date-fns/locale';
import { FilteredList } from './page-object.ts';

/** The company statement list ('/company', '/company/filter/{status}') and the notifications drawer it opens. */
export class CompanyListPage extends FilteredList {
  readonly heading = this.page.getByRole('heading', { level: 1, name: 'Все заявления' });
  readonly bell = this.page.getByRole('button', { name: 'Уведомления' });
  readonly create = this.page.getByRole('link', { name: 'Подать заявление' });
  readonly clearStart = this.page.getByRole('button', { name: 'Очистить начало периода' });
  readonly clearEnd = this.page.getByRole('button', { name: 'Очистить конец периода' });
  readonly sort = this.page.getByRole('button', { name: /^Сначала (новые|старые)$/ });
  readonly reload = this.page.getByRole('button', { name: 'Обновить' });
  readonly list = this.page.getByRole('list', { name: 'Заявления' });
  readonly cards = this.list.getByRole('link');
  readonly empty = this.page.getByText('Заявлений пока нет', { exact: true });
  readonly drawer = this.page.getByRole('dialog', { name: 'Уведомления' });
  readonly notifications = this.drawer.getByRole('listitem');

  /** The card of the statement whose object is `title`. */
  card(title: string): Locator {
    return this.cards.filter({ hasText: title });
  }

  /** Titles of the cards in the order shown. */
  async titles(): Promise<string[]> {
    return this.list.locator('.statement-card__title').allTextContents();
  }

  async goto(path = '/company'): Promise<void> {
    await this.open(path, this.heading);
    await expect(this.page.getByText('Загрузка…')).toHaveCount(0);
  }

  /** The creation day a card shows ('5 мая, 2024'), as a date. */
  async dayOf(title: string): Promise<Date> {
    const text = await this.card(title).locator('time').textContent();
    return parse(text ?? '', 'd MMMM, yyyy', new Date(), { locale: ru });
  }
}
