// Texts of the notifications drawer, exactly as docs/product.md («Notifications drawer», «Error texts») writes them.
export const notificationTexts = {
  title: 'Уведомления',
  empty: 'Пока нет уведомлений',
  loading: 'Загрузка…',
  /** Recorded when the load fails; not displayed. */
  loadFailed: 'Не удалось загрузить уведомления',
  /** Shown when the drawer's own code could not be loaded, above 'Повторить'. */
  sheetFailed: 'Не удалось открыть уведомления. Проверьте подключение и попробуйте ещё раз.',
  retry: 'Повторить',
} as const;
