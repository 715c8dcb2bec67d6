import type { Locator, Page } from '@playwright/test';
import { type DemoRole, demoUsers } from '../../../tools/demo.ts';

/** The sidebar of every page behind the login: the area's menu, who is logged in, and the logout button. */
export class Sidebar {
  readonly page: Page;
  readonly root: Locator;
  readonly companyMenu: Locator;
  readonly examinerMenu: Locator;
  readonly logout: Locator;
  /** The examiner's 'Просрочено' line under 'Мои заявки' and its count. */
  readonly overdue: Locator;

  constructor(page: Page) {
    this.page = page;
    this.root = page.getByRole('complementary');
    this.companyMenu = this.root.getByRole('navigation', { name: 'Меню компании' });
    this.examinerMenu = this.root.getByRole('navigation', { name: 'Меню инстанции' });
    this.logout = this.root.getByRole('button', { name: 'Выйти' });
    this.overdue = this.examinerMenu.getByRole('paragraph').filter({ hasText: /^!?Просрочено\s*\d+$/ });
  }

  /** The user card's line naming a demo user. */
  user(role: DemoRole): Locator {
    return this.root.getByText(demoUsers[role].fio, { exact: true });
  }
}
