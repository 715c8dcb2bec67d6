// Russian texts of the remarks (docs/product.md «Remarks»), on both sides of a statement.

/** Texts of the remarks on both sides (docs/product.md «Remarks»); "e2e" marks labels browser tests rely on. */
export const remarkTexts = {
  add: 'Добавить замечание', // e2e
  newTitle: 'Новое замечание',
  draftTitle: 'Черновик замечания',
  text: 'Текст замечания', // e2e
  severity: 'Вид замечания',
  save: 'Сохранить', // e2e
  place: (fileName: string, page: number) => `Место: ${fileName}, стр. ${page}`,
  noPlace:
    'Без места на листе. Чтобы закрепить замечание на чертеже, откройте документ и нажмите «Добавить замечание».',
  edit: 'Изменить', // e2e
  remove: 'Удалить', // e2e
  removeQuestion: 'Удалить черновик замечания?',
  resolve: 'Снять', // e2e
  keepOpen: 'Не снято', // e2e
  keepTitle: (number: number) => `Замечание № ${number} не снято`,
  note: 'Что осталось не исправлено', // e2e
  saved: 'Замечание сохранено',
  deleted: 'Черновик замечания удалён',
  resolved: 'Замечание снято',
  keptOpen: 'Замечание осталось открытым',
  saveFailed: 'Не удалось сохранить замечание',
  deleteFailed: 'Не удалось удалить замечание',
  resolveFailed: 'Не удалось сохранить решение по замечанию',
  tooLong: 'Не больше 4000 символов',
  /** In the rework dialog. */
  toSend: (count: number) => `Будет отправлено замечаний: ${count}`,
  noneToSend: 'Замечаний к отправке нет: добавьте их в разделе «Замечания» или на чертеже.',
  /** Before an approval with required remarks not resolved. */
  approveQuestion: (count: number) => `Остались неснятые обязательные замечания: ${count}. Согласовать?`,
  cancel: 'Отмена',
  /** 'Замечания' of a statement detail, the same on both sides. */
  remarks: 'Замечания', // e2e
  noRemarks: 'Замечаний нет',
  remarksLoadFailed: 'Не удалось загрузить замечания',
  answer: 'Ответ заявителя',
  answerMeta: (author: string | null, at: string) => (author ? `${author} · ${at}` : at),
  resolution: 'Решение эксперта',
  byDecision: 'Закрыто решением по заявлению',
  showOnSheet: 'Показать на листе', // e2e
  letter: 'Перечень замечаний', // e2e
  openRequired: (count: number) => `Неснятых обязательных замечаний: ${count}`, // e2e
  letterFailed: 'Не удалось сформировать перечень замечаний',
  /** The new version's answers to the remarks. */
  answersLegend: 'Ответы на замечания',
  answerLabel: (number: number, optional: boolean) =>
    `Ответ на замечание № ${number}${optional ? ' (необязательно)' : ''}`, // e2e
} as const;
