import type { Locator, Page } from '@playwright/test';

/** The document viewer dialog over a statement detail, named by its file. */
export class DocumentViewer {
  readonly dialog: Locator;
  readonly pageOf: Locator;
  readonly pageInput: Locator;
  readonly previous: Locator;
  readonly next: Locator;
  readonly zoomIn: Locator;
  readonly zoomOut: Locator;
  readonly fitWidth: Locator;
  readonly scale: Locator;
  readonly pages: Locator;
  readonly compare: Locator;
  readonly difference: Locator;

  readonly page: Page;

  constructor(page: Page, fileName: string) {
    this.page = page;
    this.dialog = page.getByRole('dialog', { name: fileName });
    this.pageOf = this.dialog.getByText(/^Страница \d+ из \d+$/);
    this.pageInput = this.dialog.getByRole('textbox', { name: 'Номер страницы' });
    this.previous = this.dialog.getByRole('button', { name: 'Предыдущая', exact: true });
    this.next = this.dialog.getByRole('button', { name: 'Следующая', exact: true });
    this.zoomIn = this.dialog.getByRole('button', { name: 'Увеличить' });
    this.zoomOut = this.dialog.getByRole('button', { name: 'Уменьшить' });
    this.fitWidth = this.dialog.getByRole('button', { name: 'По ширине' });
    this.scale = this.dialog.getByText(/^Масштаб \d+ %$/);
    this.pages = this.dialog.locator('.viewer__pages');
    this.compare = this.dialog.getByRole('button', { name: 'Сравнить с предыдущей версией' });
    this.difference = this.dialog.locator('.viewer__difference');
  }

  /** Page `n` of the document as a drawn canvas (drawn: its pixels are on screen). */
  drawnPage(n: number): Locator {
    return this.dialog.locator(`[data-page="${n}"] canvas[data-drawn]`);
  }

  /** The zoom in percent, as the toolbar says it. */
  async percent(): Promise<number> {
    return Number(((await this.scale.textContent()) ?? '').replace(/\D+/g, ''));
  }
}

/** The 'Просмотр' button of a file in `scope` (a round). */
export function viewButton(scope: Locator | Page, fileName: string): Locator {
  return scope.getByRole('button', { name: `Просмотр «${fileName}»` });
}

/** The 'Сравнить с предыдущей версией' button of a file in `scope`. */
export function compareButton(scope: Locator | Page, fileName: string): Locator {
  return scope.getByRole('button', { name: `Сравнить с предыдущей версией «${fileName}»` });
}
