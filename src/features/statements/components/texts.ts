// Russian texts both statement details share; the side's own texts live in its feature's texts.

/** Texts of both statement details (/statement/info/{id} and /instance/statement/info/{id}). */
export const statementDetailTexts = {
  pageTitle: 'Заявление',
  number: (visibleId: number) => `№ ${visibleId}`,
  loading: 'Загрузка…',
  loadFailed: 'Не удалось загрузить заявление', // e2e
  loadFailedText: 'Проверьте подключение к интернету и попробуйте ещё раз.',
  retry: 'Повторить', // e2e
  notFound: 'Заявление не найдено', // e2e
  notFoundText: 'Заявления с таким номером нет, или оно вам недоступно. Проверьте адрес или откройте список заявлений.',
  toList: 'К списку заявлений', // e2e
  project: 'О проекте',
  cipher: 'Шифр проекта',
  objectName: 'Наименование объекта',
  address: 'Адрес объекта',
  cadastralNumber: 'Кадастровый номер земельного участка',
  category: 'Категория объекта',
  workType: 'Тип работ',
  phone: 'Телефон',
  email: 'Электронная почта',
  rounds: 'Ход рассмотрения',
  dash: '—',
  cancel: 'Отмена',
  waitForUploads: 'Дождитесь окончания загрузки файлов',
  /** The applicant company's fields ('О компании' and the values at submission). */
  companyFields: {
    companyName: 'Наименование',
    companyInn: 'ИНН',
    companyOgrn: 'ОГРН',
    companyKpp: 'КПП',
    companyDirector: 'Генеральный директор',
    companyDirectorPhone: 'Телефон директора',
  },
  atSubmission: (date: string) => `Компания на дату подачи ${date}`, // e2e
  atSubmissionIntro: 'Сведения о компании изменились после подачи. При подаче были указаны:',
  nowValue: (value: string) => `сейчас: ${value}`,
} as const;
