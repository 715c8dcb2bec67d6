import { expect, type Locator, type Page } from '@playwright/test';
import { UploadField } from './create-statement-page.ts';

/** /instance/news: the new statements, each with 'Взять в работу'. */
export class NewsPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly list: Locator;
  readonly confirmDialog: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1, name: 'Новые заявления' });
    this.list = page.getByRole('list', { name: 'Новые заявления' });
    this.confirmDialog = page.getByRole('alertdialog');
  }

  async goto(): Promise<void> {
    await this.page.goto('/instance/news');
    await expect(this.heading).toBeVisible();
  }

  /** The row of the statement '№ {visibleId}'. */
  row(visibleId: number): Locator {
    return this.list.getByRole('listitem').filter({ hasText: `№ ${visibleId}` });
  }

  /** The row's 'Взять в работу' button. */
  takeButton(visibleId: number): Locator {
    return this.page.getByRole('button', { name: `Взять в работу заявление № ${visibleId}` });
  }
}

/** /instance/settings: the examiner's full name and phone. */
export class SettingsPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly fio: Locator;
  readonly phone: Locator;
  readonly save: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1, name: 'Настройки' });
    this.fio = page.getByRole('textbox', { name: 'Фамилия Имя Отчество' });
    this.phone = page.getByRole('textbox', { name: /^Телефон/ });
    this.save = page.getByRole('button', { name: 'Сохранить изменения' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/instance/settings');
    await expect(this.heading).toBeVisible();
    await expect(this.fio).toBeVisible();
  }
}

/** /instance/statement/info/{id}: the examiner's statement detail and the reply. */
export class ReviewPage {
  readonly page: Page;
  readonly title: Locator;
  /** The review term's line under the status ('Срок рассмотрения — до …', 'Решение принято …'). */
  readonly deadline: Locator;
  /** 'История': the status changes, oldest first. */
  readonly history: Locator;
  readonly historyEntries: Locator;
  readonly replyMenu: Locator;
  readonly replyDialog: Locator;
  readonly replyComment: Locator;
  readonly replyFiles: UploadField;
  readonly replySubmit: Locator;

  constructor(page: Page) {
    this.page = page;
    this.title = page.getByRole('heading', { level: 1 });
    this.deadline = page.getByRole('paragraph').filter({ hasText: /^!?(Срок рассмотрения|Решение принято)/ });
    this.history = page.getByRole('region', { name: 'История', exact: true });
    this.historyEntries = this.history.getByRole('list').getByRole('listitem');
    this.replyMenu = page.getByRole('button', { name: 'Предоставить ответ' });
    this.replyDialog = page.getByRole('dialog');
    this.replyComment = this.replyDialog.getByRole('textbox', { name: 'Комментарий' });
    this.replyFiles = new UploadField(this.replyDialog, 'Файлы');
    this.replySubmit = this.replyDialog.getByRole('button', { name: 'Отправить ответ' });
  }

  async goto(id: number): Promise<void> {
    await this.page.goto(`/instance/statement/info/${id}`);
    await expect(this.title).toBeVisible();
  }

  /** A titled block ('О проекте', 'Заявитель', 'О компании'). */
  block(name: string): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }

  /** A submission round by its title ('Документы', 'Повторная подача №1 — …'). */
  round(title: string | RegExp): Locator {
    return this.page.getByRole('region', { name: title });
  }

  /** Opens 'Предоставить ответ' with the keyboard and chooses an answer. */
  async choose(answer: 'На доработку' | 'Согласовать' | 'Отклонить'): Promise<void> {
    await this.replyMenu.focus();
    await this.page.keyboard.press('Enter');
    const item = this.page.getByRole('menuitem', { name: answer });
    await expect(item).toBeVisible();
    await item.focus();
    await this.page.keyboard.press('Enter');
  }
}
