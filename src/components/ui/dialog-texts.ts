// Texts of the shared dialog (the close button; a dialog whose code could not be loaded).
export const dialogTexts = {
  close: 'Закрыть',
  /** Shown in place of a dialog whose code could not be loaded, above 'Повторить'. */
  loadFailed: 'Не удалось открыть окно. Проверьте подключение и попробуйте ещё раз.',
  retry: 'Повторить',
} as const;
