// Texts of the company statement list, exactly as docs/product.md quotes them where it has them.
import type { StatementStatus } from '#domain/contract.ts';
import { COMPANY_SIDEBAR_LABELS } from '#domain/statuses.ts';

export const listTexts = {
  title: 'Все заявления',
  create: 'Подать заявление',
  notifications: 'Уведомления',
  /** The bell's name while new notifications wait (its badge shows the number). */
  notificationsUnread: (count: number) => `Уведомления, новых: ${count}`,
  loading: 'Загрузка…',
  empty: 'Заявлений пока нет',
  nothingFound: 'Ничего не найдено',
  loadFailed: 'Не удалось загрузить заявления',
  reload: 'Обновить',
  newestFirst: 'Сначала новые',
  oldestFirst: 'Сначала старые',
  sortHint: 'Порядок по дате подачи',
  toolbar: 'Отбор заявлений',
  list: 'Заявления',
  showAll: 'Показать все',
  number: (visibleId: number) => `№ ${visibleId}`,
  shown: (count: number) => `Показано заявлений: ${count}`,
  statusFilter: (status: StatementStatus) => `Отбор по статусу: ${COMPANY_SIDEBAR_LABELS[status]}`,
} as const;
