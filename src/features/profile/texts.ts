// Russian texts of the reviewer settings screen, exactly as docs/product.md writes them.

/** Texts of /instance/settings. */
export const settingsTexts = {
  pageTitle: 'Настройки',
  lead: 'Контактные данные эксперта: их видят заявители в карточке заявления, ФИО печатается в свидетельстве.',
  fio: 'Фамилия Имя Отчество',
  phone: 'Телефон',
  phonePlaceholder: '+7 (___) ___-__-__',
  save: 'Сохранить изменения',
  saving: 'Сохраняем...',
  loading: 'Загрузка…',
  saved: 'Изменения сохранены',
  saveFailed: 'Не удалось сохранить изменения',
  loadFailed: 'Не удалось загрузить данные пользователя',
  retry: 'Повторить',
} as const;
