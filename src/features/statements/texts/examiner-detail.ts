// Russian texts of the examiner's statement detail, exactly as docs/product.md writes them.

/** Texts of /instance/statement/info/{id}; the labels marked "e2e" are relied on by browser tests. */
export const examinerDetailTexts = {
  back: 'Новые заявления',
  backAll: 'Все заявления',
  backMine: 'Мои заявки',
  backTeam: 'Нагрузка',
  company: 'Компания',
  applicant: 'Заявитель',
  fio: 'ФИО',
  position: 'Должность',
  aboutCompany: 'О компании',
  committeeComments: 'Ответы комитета',
  approvedRound: 'Согласовано по этой подаче',
  /** The reply dropdown. */
  reply: 'Предоставить ответ', // e2e
  replyTitle: (label: string) => `Ответ: ${label}`,
  replyIntro: {
    has_comments: 'Опишите замечания; заявитель загрузит исправленные документы.',
    approved: 'Свидетельство скачано. Приложите подписанное свидетельство и, при необходимости, комментарий.',
    rejected: 'Укажите причину отказа. После отказа ответить по заявлению будет нельзя.',
  },
  replyComment: 'Комментарий', // e2e
  replyFiles: 'Файлы', // e2e
  replySubmit: 'Отправить ответ', // e2e
  replySent: 'Ответ на заявление был отправлен',
  /** A decision held for its signature (SIGNATURES_REQUIRED=decisions): it has not reached the applicant yet. */
  replyAwaitsSignature:
    'Решение записано и ожидает подписи: заявитель получит его, когда вы подпишете документ решения',
  replyFailed: 'Не удалось предоставить ответ',
  certificateFailed: 'Не удалось сформировать свидетельство',
  certificateBusy: 'Формируем свидетельство…',
  /** The reply dialog of a rejection. */
  groundsLegend: 'Основания отказа', // e2e
  groundsLoading: 'Загрузка оснований…',
  groundsFailed: 'Не удалось загрузить основания отказа',
} as const;
