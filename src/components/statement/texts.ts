// Russian texts both statement details share; the side's own texts live in its feature's texts.

/** Texts of both statement details (/statement/info/{id} and /instance/statement/info/{id}). */
export const statementDetailTexts = {
  pageTitle: 'Заявление',
  number: (visibleId: number) => `№ ${visibleId}`,
  loading: 'Загрузка…',
  loadFailed: 'Не удалось загрузить заявление',
  project: 'О проекте',
  cipher: 'Шифр проекта',
  objectName: 'Наименование объекта',
  address: 'Адрес объекта',
  category: 'Категория объекта',
  workType: 'Тип работ',
  phone: 'Телефон',
  email: 'Электронная почта',
  rounds: 'Ход рассмотрения',
  dash: '—',
  cancel: 'Отмена',
  waitForUploads: 'Дождитесь окончания загрузки файлов',
} as const;
