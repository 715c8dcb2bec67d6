// Texts of the notifications drawer, exactly as spec §2 and §8 write them.
export const notificationTexts = {
  title: 'Уведомления',
  empty: 'Пока нет уведомлений',
  loading: 'Загрузка…',
  /** Recorded when the load fails; spec §8: not displayed. */
  loadFailed: 'Не удалось загрузить уведомления',
} as const;
