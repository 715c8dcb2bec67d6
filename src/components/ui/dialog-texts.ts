// Texts of the shared dialog (docs/product.md «Dialogs load when first opened»).
export const dialogTexts = {
  close: 'Закрыть',
  /** Shown in place of a dialog whose code could not be loaded, above 'Повторить'. */
  loadFailed: 'Не удалось открыть окно. Проверьте подключение и попробуйте ещё раз.',
  retry: 'Повторить',
} as const;
