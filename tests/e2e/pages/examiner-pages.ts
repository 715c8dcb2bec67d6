import { readFile } from 'node:fs/promises';
import { type Download, expect, type Locator, type Page } from '@playwright/test';
import { UploadField } from './create-statement-page.ts';
import { PageObject } from './page-object.ts';
import { StatementDetailPage } from './statement-page.ts';

/** /instance/news: the new statements, each with 'Взять в работу'. */
export class NewsPage extends PageObject {
  readonly heading = this.page.getByRole('heading', { level: 1, name: 'Новые заявления' });
  readonly list = this.page.getByRole('list', { name: 'Новые заявления' });
  readonly confirmDialog = this.page.getByRole('alertdialog');

  goto(): Promise<void> {
    return this.open('/instance/news', this.heading);
  }

  /** The row of the statement '№ {visibleId}'. */
  row(visibleId: number): Locator {
    return this.list.getByRole('listitem').filter({ hasText: `№ ${visibleId}` });
  }

  /** The row's 'Взять в работу' button. */
  takeButton(visibleId: number): Locator {
    return this.page.getByRole('button', { name: `Взять в работу заявление № ${visibleId}` });
  }

  /** Takes the statement into work with its row's 'Взять в работу', confirmed; waits for 'Заявление взято в работу'. */
  async take(visibleId: number): Promise<void> {
    await this.takeButton(visibleId).click();
    await this.confirmDialog.getByRole('button', { name: 'Yes' }).click();
    await expect(this.page.getByText('Заявление взято в работу')).toBeVisible();
  }

  /** The row's 'Отказать в приёме' button. */
  refuseButton(visibleId: number): Locator {
    return this.page.getByRole('button', { name: `Отказать в приёме заявления № ${visibleId}` });
  }
}

/** 'Отказ в приёме документов': the intake grounds, the comment and the sending (the news and the detail alike). */
export class AcceptanceRefusalDialog {
  readonly root: Locator;
  readonly grounds: Locator;
  readonly comment: Locator;
  readonly submit: Locator;

  constructor(page: Page) {
    this.root = page.getByRole('dialog', { name: 'Отказ в приёме документов' });
    this.grounds = this.root.getByRole('group', { name: 'Основания отказа в приёме' });
    this.comment = this.root.getByRole('textbox', { name: /^Комментарий/ });
    this.submit = this.root.getByRole('button', { name: 'Отказать в приёме' });
  }

  /** The checkbox of the ground whose wording starts with `start`. */
  ground(start: string): Locator {
    return this.grounds.getByRole('checkbox', { name: new RegExp(`^${start}`) });
  }
}

/** /instance/settings: the examiner's full name and phone. */
export class SettingsPage extends PageObject {
  readonly heading = this.page.getByRole('heading', { level: 1, name: 'Настройки' });
  readonly fio = this.page.getByRole('textbox', { name: 'Фамилия Имя Отчество' });
  readonly phone = this.page.getByRole('textbox', { name: /^Телефон/ });
  readonly save = this.page.getByRole('button', { name: 'Сохранить изменения' });

  async goto(): Promise<void> {
    await this.open('/instance/settings', this.heading);
    await expect(this.fio).toBeVisible();
  }
}

/** /instance/statement/info/{id}: the examiner's statement detail and the reply. */
export class ReviewPage extends StatementDetailPage {
  readonly replyMenu = this.page.getByRole('button', { name: 'Предоставить ответ' });
  readonly replyDialog = this.page.getByRole('dialog');
  readonly replyComment = this.replyDialog.getByRole('textbox', { name: 'Комментарий' });
  readonly replyFiles = new UploadField(this.replyDialog, 'Файлы');
  readonly replySubmit = this.replyDialog.getByRole('button', { name: 'Отправить ответ' });
  /** A rejection's grounds: one checkbox per ground of the committee's catalogue. */
  readonly refusalGrounds = this.replyDialog.getByRole('group', { name: 'Основания отказа' });

  constructor(page: Page) {
    super(page, '/instance/statement/info/');
  }

  /** Opens 'Предоставить ответ' with the keyboard and chooses an answer. */
  async choose(answer: 'На доработку' | 'Согласовать' | 'Отклонить'): Promise<void> {
    // The menu's code arrives when the button first shows; until then the button is there, disabled.
    await expect(this.replyMenu).toBeEnabled();
    await this.replyMenu.focus();
    await this.page.keyboard.press('Enter');
    const item = this.page.getByRole('menuitem', { name: answer });
    await expect(item).toBeVisible();
    await item.focus();
    await this.page.keyboard.press('Enter');
  }

  /** Attaches the certificate 'Согласовать' downloaded to the approval's reply, and waits until it is stored. */
  async attachCertificate(certificate: Download): Promise<void> {
    const buffer = await readFile(await certificate.path());
    await this.replyFiles.upload([{ name: certificate.suggestedFilename(), mimeType: 'application/pdf', buffer }]);
  }

  /** 'Согласованный комплект' on the detail. */
  readonly approvedSet = this.page.getByRole('region', { name: 'Согласованный комплект' });

  /**
   * The approved set once it is made (after the approval, in the background): the detail is read again until the set
   * shows (with `stampedName` among its copies, when given).
   */
  async madeSet(stampedName?: string): Promise<Locator> {
    const shown = stampedName
      ? this.approvedSet.getByRole('button', { name: `Скачать «${stampedName}»` })
      : this.approvedSet;
    await expect
      .poll(async () => {
        await this.page.reload();
        await expect(this.title).toBeVisible();
        return shown.count();
      })
      .toBe(1);
    return this.approvedSet;
  }

  /** Ticks the grounds of a rejection whose wording starts with each of `starts`. */
  async tickGrounds(...starts: string[]): Promise<void> {
    for (const start of starts) {
      await this.refusalGrounds.getByRole('checkbox', { name: new RegExp(`^${start}`) }).check();
    }
  }
}

/** The head's 'Назначить эксперту' / 'Передать другому эксперту' dialog. */
export class AssignDialog {
  readonly root: Locator;
  readonly examiners: Locator;
  readonly comment: Locator;
  readonly submit: Locator;

  constructor(page: Page, title: 'Назначить эксперту' | 'Передать другому эксперту') {
    this.root = page.getByRole('dialog', { name: title });
    this.examiners = this.root.getByRole('group', { name: 'Эксперт' });
    this.comment = this.root.getByRole('textbox', { name: /^Комментарий/ });
    this.submit = this.root.getByRole('button', { name: title === 'Назначить эксперту' ? 'Назначить' : 'Передать' });
  }

  /** The radio of the examiner whose name starts with `fio`. */
  examiner(fio: string): Locator {
    return this.examiners.getByRole('radio', { name: new RegExp(`^${fio}`) });
  }
}
