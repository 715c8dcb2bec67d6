// Russian texts of the company statement detail (spec §2, §6, §8); the labels marked "e2e" are relied on by browser tests.

/** Texts of /statement/info/{id}. */
export const detailTexts = {
  pageTitle: 'Заявление',
  back: 'Все заявления', // e2e
  number: (visibleId: number) => `№ ${visibleId}`,
  loading: 'Загрузка…',
  loadFailed: 'Не удалось загрузить заявление',
  project: 'О проекте',
  cipher: 'Шифр проекта',
  objectName: 'Наименование объекта',
  address: 'Адрес объекта',
  category: 'Категория объекта',
  workType: 'Тип работ',
  general: 'Общие сведения',
  applicant: 'Заявитель',
  created: 'Дата подачи',
  examiner: 'Эксперт',
  examinerFio: 'ФИО',
  governmentAgency: 'Организация',
  phone: 'Телефон',
  email: 'Электронная почта',
  noExaminer: 'Эксперт будет назначен, когда заявление возьмут в работу.',
  dash: '—',
  rounds: 'Ход рассмотрения',
  committeeComments: 'Замечания комитета',
  delete: 'Удалить заявление', // e2e
  deleteQuestion: 'Удалить заявление?',
  deleted: 'Заявление удалено',
  deleteFailed: 'Не удалось удалить заявление',
  newVersion: 'Загрузить новую версию', // e2e
  versionTitle: 'Новая версия документов',
  versionIntro: 'Приложите исправленные документы. После отправки заявление снова уйдёт на рассмотрение.',
  versionComment: 'Комментарий', // e2e
  versionFiles: 'Документы', // e2e
  versionSubmit: 'Отправить на рассмотрение', // e2e
  cancel: 'Отмена',
  versionAdded: 'Версия добавлена',
  versionFailed: 'Не удалось загрузить новую версию',
  waitForUploads: 'Дождитесь окончания загрузки файлов',
} as const;
