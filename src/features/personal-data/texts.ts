// Russian texts of the personal data documents' pages (docs/product.md «Personal data»).

export const personalDataTexts = {
  consentTitle: 'Согласие на обработку персональных данных',
  privacyTitle: 'Политика обработки персональных данных',
  loading: 'Загрузка…',
  failed: 'Не удалось загрузить документ. Проверьте подключение к интернету и обновите страницу.',
  version: (version: string) => `Редакция ${version}`,
} as const;
