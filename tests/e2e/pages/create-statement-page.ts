import { expect, type Locator, type Page, type Route } from '@playwright/test';
import { PageObject } from './page-object.ts';

/** A file to choose in a picker: its name and bytes. */
export interface ChosenFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A small PDF-looking file whose bytes say which one it is. */
export function pdf(name: string): ChosenFile {
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n% ${name} ${Date.now()}\n%%EOF\n`) };
}

/** What the create form is filled with; only the object name is required. */
export interface StatementFields {
  cipher?: string;
  objectName: string;
  address?: string;
  cadastralNumber?: string;
  category?: string;
  workType?: string;
  comment?: string;
}

/** The upload field (create form or new-version dialog): the picker and one row per chosen file. */
export class UploadField {
  readonly input: Locator;
  readonly list: Locator;

  constructor(scope: Page | Locator, label: string) {
    this.input = scope.getByLabel(label, { exact: true });
    this.list = scope.getByRole('list', { name: 'Выбранные файлы' });
  }

  /** The row of a chosen file. */
  row(name: string): Locator {
    return this.list.getByRole('listitem').filter({ hasText: name });
  }

  /** The progress bar of a file still on its way. */
  progress(name: string): Locator {
    return this.row(name).getByRole('progressbar', { name: `Загрузка «${name}»` });
  }

  async choose(files: ChosenFile[]): Promise<void> {
    await this.input.setInputFiles(files);
  }

  /** Chooses the files and waits until each is stored. */
  async upload(files: ChosenFile[]): Promise<void> {
    await this.choose(files);
    await this.expectUploaded(files.map((file) => file.name));
  }

  /** Waits until every named file is stored. */
  async expectUploaded(names: string[]): Promise<void> {
    for (const name of names) await expect(this.row(name)).toContainText('Загружен', { timeout: 30_000 });
  }
}

/** /statement/create: the statement form. */
export class CreateStatementPage extends PageObject {
  readonly heading = this.page.getByRole('heading', { level: 1, name: 'Новое заявление' });
  readonly back = this.page.getByRole('link', { name: 'Назад' });
  readonly cipher = this.page.getByRole('textbox', { name: /^Шифр проекта/ });
  readonly objectName = this.page.getByRole('textbox', { name: /^Наименование объекта/ });
  readonly address = this.page.getByRole('textbox', { name: /^Адрес объекта/ });
  readonly cadastralNumber = this.page.getByRole('textbox', { name: /^Кадастровый номер земельного участка/ });
  readonly category = this.page.getByRole('combobox', { name: /^Категория объекта/ });
  readonly workType = this.page.getByRole('combobox', { name: /^Тип работ/ });
  readonly comment = this.page.getByRole('textbox', { name: /^Комментарий/ });
  readonly documents = new UploadField(this.page, 'Документы');
  readonly submit = this.page.getByRole('button', { name: 'Создать заявление' });

  async goto(): Promise<void> {
    await this.open('/statement/create', this.heading);
    // The catalogues are loaded once the session is known.
    await expect(this.category.getByRole('option')).not.toHaveCount(1);
  }

  async fill(fields: StatementFields): Promise<void> {
    if (fields.cipher !== undefined) await this.cipher.fill(fields.cipher);
    await this.objectName.fill(fields.objectName);
    if (fields.address !== undefined) await this.address.fill(fields.address);
    if (fields.cadastralNumber !== undefined) await this.cadastralNumber.fill(fields.cadastralNumber);
    if (fields.category !== undefined) await this.category.selectOption({ label: fields.category });
    if (fields.workType !== undefined) await this.workType.selectOption({ label: fields.workType });
    if (fields.comment !== undefined) await this.comment.fill(fields.comment);
  }

  /**
   * Sends the form and returns what POST /api/statements answered (id and number), once the site has moved on
   * to the list. The answer is read on its way (the site leaves the page as soon as it arrives).
   */
  async create(): Promise<{ id: number; visibleId: number }> {
    let created: { status: number; body: { id: number; visibleId: number } } | null = null;
    const handler = async (route: Route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const response = await route.fetch();
      created = { status: response.status(), body: await response.json() };
      return route.fulfill({ response });
    };
    await this.page.route('**/api/statements', handler);
    await this.submit.click();
    await expect(this.page).toHaveURL(/\/company\/?$/);
    await this.page.unroute('**/api/statements', handler);
    const answer = created as { status: number; body: { id: number; visibleId: number } } | null;
    expect(answer?.status).toBe(201);
    return { id: answer?.body.id ?? 0, visibleId: answer?.body.visibleId ?? 0 };
  }
}
