// Russian texts of the examiner's remark editing (docs/product.md «Remarks»), apart from texts.ts: only the
// examiner's statement page loads them.

/** Texts of the examiner's remark editing (docs/product.md «Remarks»); "e2e" marks labels browser tests rely on. */
export const remarkEditingTexts = {
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
  /** A reviewing body's proposed remarks (docs/product.md «Conclusions»). */
  adopt: 'Включить в замечания', // e2e
  adopted: 'Замечание включено в черновики',
  adoptFailed: 'Не удалось включить замечание',
  reject: 'Отклонить', // e2e
  rejectQuestion: 'Отклонить замечание, предложенное органом?',
  proposalDropped: 'Предложенное замечание удалено',
  proposed: 'Замечание предложено эксперту',
  /** In the rework dialog. */
  toSend: (count: number) => `Будет отправлено замечаний: ${count}`,
  noneToSend: 'Замечаний к отправке нет: добавьте их в разделе «Замечания» или на чертеже.',
  /** Before an approval with required remarks not resolved. */
  approveQuestion: (count: number) => `Остались неснятые обязательные замечания: ${count}. Согласовать?`,
  cancel: 'Отмена',
  /** The remark templates in the remark dialog (docs/product.md «Remark templates»). */
  fromTemplate: 'Из шаблона', // e2e
  templateSearch: 'Поиск по шаблонам', // e2e
  templatesLabel: 'Шаблоны замечаний', // e2e
  templatesLoading: 'Загрузка шаблонов…',
  templatesFailed: 'Не удалось загрузить шаблоны',
  templatesRetry: 'Повторить',
  noTemplates: 'Шаблонов не найдено',
  anyWorkType: 'для всех видов работ',
  saveAsTemplate: 'Сохранить как шаблон', // e2e
  templateSaved: 'Шаблон сохранён',
  templateSaveFailed: 'Не удалось сохранить шаблон',
} as const;
