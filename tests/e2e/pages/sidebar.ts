import type { Locator } from '@playwright/test';
import { type DemoRole, demoUsers } from '../../../tools/demo.ts';
import { PageObject } from './page-object.ts';

/** The sidebar of every page behind the login: the area's menu, who is logged in, and the logout button. */
export class Sidebar extends PageObject {
  readonly root = this.page.getByRole('complementary');
  readonly companyMenu = this.root.getByRole('navigation', { name: 'Меню компании' });
  readonly examinerMenu = this.root.getByRole('navigation', { name: 'Меню инстанции' });
  readonly logout = this.root.getByRole('button', { name: 'Выйти' });
  /** The examiner's 'Просрочено' line under 'Мои заявки' and its count. */
  readonly overdue = this.examinerMenu.getByRole('paragraph').filter({ hasText: /^!?Просрочено\s*\d+$/ });

  /** The examiner's 'Новые заявления' link, with the count of the intake queue beside it. */
  readonly news = this.examinerMenu.getByRole('link', { name: /^Новые заявления/ });

  /** The user card's line naming a demo user. */
  user(role: DemoRole): Locator {
    return this.root.getByText(demoUsers[role].fio, { exact: true });
  }
}
