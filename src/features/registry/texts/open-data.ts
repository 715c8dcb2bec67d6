import { workingDays } from '#domain/russian.ts';

/** Texts of the register's open data: the downloads and the data passport. */
export const openDataTexts = {
  openData: 'Открытые данные',
  openDataText: 'Весь реестр одним файлом, без учёта поиска и фильтров:',
  downloadCsv: 'Скачать CSV',
  downloadJson: 'Скачать JSON',
  passport: 'Паспорт набора данных',
  passportUnavailable: 'Паспорт набора данных сейчас недоступен. Обновите страницу позже.',
  passportName: 'Наименование набора',
  publisher: 'Владелец набора',
  updateFrequency: 'Периодичность обновления',
  delay: (days: number) => `Решение публикуется через ${workingDays(days)} после его принятия.`,
  updatedAt: 'Последнее изменение',
  entries: 'Записей в наборе',
  licence: 'Лицензия',
  fields: 'Поля набора',
  fieldName: 'Поле',
  fieldTitle: 'Название',
  fieldMeaning: 'Значение',
  dash: '—',
} as const;
