// Texts of the notifications drawer, exactly as docs/product.md («Notifications drawer», «Error texts») writes them.
export const notificationTexts = {
  title: 'Уведомления',
  empty: 'Пока нет уведомлений',
  loading: 'Загрузка…',
  /** Recorded when the load fails; not displayed. */
  loadFailed: 'Не удалось загрузить уведомления',
} as const;
