import { expect, type Locator, type Page } from '@playwright/test';
import type { Mailbox } from '../../../tools/smtp-sink.ts';
import { PageObject } from './page-object.ts';

/** The two-step /login screen: e-mail, then the six code cells. */
export class LoginPage extends PageObject {
  readonly mailbox: Mailbox;
  readonly email = this.page.getByRole('textbox', { name: 'Электронная почта' });
  readonly getCode = this.page.getByRole('button', { name: 'Получить код' });
  readonly confirm = this.page.getByRole('button', { name: 'Подтвердить' });
  readonly changeEmail = this.page
    .getByRole('link', { name: 'Изменить e-mail' })
    .or(this.page.getByRole('button', { name: 'Изменить e-mail' }));

  constructor(page: Page, mailbox: Mailbox) {
    super(page);
    this.mailbox = mailbox;
  }

  /** The code cell `n` (1..6). */
  digit(n: number): Locator {
    return this.page.getByRole('textbox', { name: `Цифра ${n}`, exact: true });
  }

  /** The error shown with role="alert" whose text starts as given. */
  alert(startsWith: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: startsWith });
  }

  goto(): Promise<void> {
    return this.open('/login', this.email);
  }

  /** Step 1: asks for a code and waits for step 2. */
  async requestCode(email: string): Promise<void> {
    await this.email.fill(email);
    await this.getCode.click();
    await expect(this.digit(1)).toBeVisible();
  }

  /** Types the digits into the cells, one per cell. */
  async enterCode(code: string): Promise<void> {
    for (const [i, digit] of [...code].entries()) {
      await this.digit(i + 1).fill(digit);
    }
  }

  async submitCode(code: string): Promise<void> {
    await this.enterCode(code);
    await expect(this.confirm).toBeEnabled();
    await this.confirm.click();
  }

  /** The whole login: e-mail, code from the mail, confirm. */
  async logIn(email: string): Promise<void> {
    await this.goto();
    await this.requestCode(email);
    const code = await this.mailbox.waitForCode(email);
    await this.submitCode(code);
  }
}
