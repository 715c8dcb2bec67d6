// Russian texts of the company statement detail (docs/product.md); the labels marked "e2e" are relied on by browser
// tests.
import type { StatementStatus } from '#domain/contract.ts';

/** Texts of /statement/info/{id}. */
export const detailTexts = {
  back: 'Все заявления', // e2e
  general: 'Общие сведения',
  applicant: 'Заявитель',
  created: 'Дата подачи',
  examiner: 'Эксперт',
  examinerFio: 'ФИО',
  governmentAgency: 'Организация',
  /** While the statement waits to be taken; once it has ended without one, nothing is promised. */
  noExaminer: (status: StatementStatus) =>
    status === 'sent' ? 'Эксперт будет назначен, когда заявление возьмут в работу.' : 'Эксперт не назначался.',
  committeeComments: 'Замечания комитета',
  delete: 'Удалить заявление', // e2e
  deleteQuestion: 'Удалить заявление?',
  deleted: 'Заявление удалено',
  deleteFailed: 'Не удалось удалить заявление',
  withdraw: 'Отозвать заявление', // e2e
  withdrawTitle: 'Отзыв заявления',
  withdrawQuestion: 'Отозвать заявление? Рассмотрение будет прекращено.', // e2e
  withdrawReason: 'Причина', // e2e
  withdrawConfirm: 'Отозвать', // e2e
  withdrawCancel: 'Отмена',
  withdrawn: 'Заявление отозвано',
  withdrawFailed: 'Не удалось отозвать заявление',
  newVersion: 'Загрузить новую версию', // e2e
  versionTitle: 'Новая версия документов',
  versionIntro: 'Приложите исправленные документы. После отправки заявление снова уйдёт на рассмотрение.',
  versionComment: 'Комментарий', // e2e
  versionFiles: 'Документы', // e2e
  versionSubmit: 'Отправить на рассмотрение', // e2e
  versionAdded: 'Версия добавлена',
  versionFailed: 'Не удалось загрузить новую версию',
} as const;
