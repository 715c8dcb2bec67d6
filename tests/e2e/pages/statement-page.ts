import { expect, type Locator, type Page } from '@playwright/test';
import { UploadField } from './create-statement-page.ts';
import { PageObject } from './page-object.ts';

/** What both statement details show: the title, the review term, the history, titled blocks and round cards. */
export class StatementDetailPage extends PageObject {
  readonly title = this.page.getByRole('heading', { level: 1 });
  /** The review term's line under the status ('Срок рассмотрения — до …', 'Решение принято …'). */
  readonly deadline = this.page.getByRole('paragraph').filter({ hasText: /^!?(Срок рассмотрения|Решение принято)/ });
  /** 'История': the status changes, oldest first. */
  readonly history = this.page.getByRole('region', { name: 'История', exact: true });
  readonly historyEntries = this.history.getByRole('list').getByRole('listitem');
  /** 'Скачать свидетельство' at the top of an approved statement that carries its certificate. */
  readonly downloadCertificate = this.page.getByRole('button', { name: 'Скачать свидетельство', exact: true });
  /** Where the statement `id` is shown, e.g. '/statement/info/'. */
  readonly #pathPrefix: string;

  constructor(page: Page, pathPrefix: string) {
    super(page);
    this.#pathPrefix = pathPrefix;
  }

  goto(id: number): Promise<void> {
    return this.open(`${this.#pathPrefix}${id}`, this.title);
  }

  /** A titled block ('О проекте', 'Общие сведения', 'Заявитель', 'О компании', 'Эксперт'). */
  block(name: string): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }

  /** A round card by its title ('Документы', 'Повторная подача №1 — …'). */
  round(title: string | RegExp): Locator {
    return this.page.getByRole('region', { name: title });
  }
}

/** /statement/info/{id}: the company's statement detail. */
export class StatementPage extends StatementDetailPage {
  readonly deleteButton = this.page.getByRole('button', { name: 'Удалить заявление' });
  readonly confirmDialog = this.page.getByRole('alertdialog');
  readonly withdrawButton = this.page.getByRole('button', { name: 'Отозвать заявление' });
  readonly withdrawDialog = this.page.getByRole('alertdialog', { name: 'Отзыв заявления' });
  readonly withdrawReason = this.withdrawDialog.getByRole('textbox', { name: /^Причина/ });
  readonly withdrawConfirm = this.withdrawDialog.getByRole('button', { name: 'Отозвать', exact: true });
  readonly newVersion = this.page.getByRole('button', { name: 'Загрузить новую версию' });
  readonly versionDialog = this.page.getByRole('dialog', { name: 'Новая версия документов' });
  readonly versionFiles = new UploadField(this.versionDialog, 'Документы');
  readonly versionComment = this.versionDialog.getByRole('textbox', { name: 'Комментарий' });
  readonly versionSubmit = this.versionDialog.getByRole('button', { name: 'Отправить на рассмотрение' });

  constructor(page: Page) {
    super(page, '/statement/info/');
  }

  /** The '№ {visibleId}' line. */
  number(visibleId: number): Locator {
    return this.page.getByText(`№ ${visibleId}`, { exact: true });
  }

  /** Every round card, in order. */
  get rounds(): Locator {
    return this.page.getByRole('region', { name: /^(Документы|Повторная подача)/ });
  }

  /** The download button of a file. */
  download(name: string, scope: Locator | Page = this.page): Locator {
    return scope.getByRole('button', { name: `Скачать «${name}»` });
  }

  async confirmDelete(): Promise<void> {
    await this.deleteButton.click();
    await expect(this.confirmDialog).toContainText('Удалить заявление?');
    await this.confirmDialog.getByRole('button', { name: 'Yes' }).click();
  }
}
