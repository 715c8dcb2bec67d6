import { expect, type Locator, type Page } from '@playwright/test';
import { UploadField } from './create-statement-page.ts';

/** /statement/info/{id}: the company's statement detail. */
export class StatementPage {
  readonly page: Page;
  readonly title: Locator;
  /** The review term's line under the status ('Срок рассмотрения — до …', 'Решение принято …'). */
  readonly deadline: Locator;
  /** 'История': the status changes, oldest first. */
  readonly history: Locator;
  readonly historyEntries: Locator;
  readonly deleteButton: Locator;
  readonly confirmDialog: Locator;
  readonly newVersion: Locator;
  readonly versionDialog: Locator;
  readonly versionFiles: UploadField;
  readonly versionComment: Locator;
  readonly versionSubmit: Locator;

  constructor(page: Page) {
    this.page = page;
    this.title = page.getByRole('heading', { level: 1 });
    this.deadline = page.getByRole('paragraph').filter({ hasText: /^!?(Срок рассмотрения|Решение принято)/ });
    this.history = page.getByRole('region', { name: 'История', exact: true });
    this.historyEntries = this.history.getByRole('list').getByRole('listitem');
    this.deleteButton = page.getByRole('button', { name: 'Удалить заявление' });
    this.confirmDialog = page.getByRole('alertdialog');
    this.newVersion = page.getByRole('button', { name: 'Загрузить новую версию' });
    this.versionDialog = page.getByRole('dialog', { name: 'Новая версия документов' });
    this.versionFiles = new UploadField(this.versionDialog, 'Документы');
    this.versionComment = this.versionDialog.getByRole('textbox', { name: 'Комментарий' });
    this.versionSubmit = this.versionDialog.getByRole('button', { name: 'Отправить на рассмотрение' });
  }

  async goto(id: number): Promise<void> {
    await this.page.goto(`/statement/info/${id}`);
    await expect(this.title).toBeVisible();
  }

  /** The '№ {visibleId}' line. */
  number(visibleId: number): Locator {
    return this.page.getByText(`№ ${visibleId}`, { exact: true });
  }

  /** A titled block ('О проекте', 'Общие сведения', 'Эксперт'). */
  block(name: string): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }

  /** A round card by its title ('Документы', 'Повторная подача №1 — …'). */
  round(title: string | RegExp): Locator {
    return this.page.getByRole('region', { name: title });
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
