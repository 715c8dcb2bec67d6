import { REFUSAL_TEXTS } from '#domain/refusals.ts';

// Russian texts of the refusal to accept the documents (docs/product.md «The regulation's procedures»): on the news
// and on the examiner's detail of a sent statement. The labels marked "e2e" are relied on by browser tests.

/** Texts of 'Отказать в приёме' and its dialog. */
export const acceptanceRefusalTexts = {
  action: 'Отказать в приёме', // e2e
  /** The button's accessible name names the statement, so a list of them can be told apart. */
  actionLabel: (visibleId: number) => `Отказать в приёме заявления № ${visibleId}`, // e2e
  title: 'Отказ в приёме документов', // e2e
  intro: (visibleId: number) =>
    `Заявление № ${visibleId}. Заявитель получит уведомление об отказе в приёме документов с указанными основаниями.`,
  groundsLegend: 'Основания отказа в приёме', // e2e
  groundsLoading: 'Загрузка оснований…',
  groundsFailed: 'Не удалось загрузить основания отказа',
  /** None ticked: the API's 400 on `groundIds` says the same, from the same kernel text. */
  groundRequired: REFUSAL_TEXTS.intakeGroundRequired,
  comment: 'Комментарий', // e2e
  submit: 'Отказать в приёме', // e2e
  cancel: 'Отмена',
  done: 'В приёме документов отказано',
  failed: 'Не удалось отказать в приёме документов',
} as const;
