// Russian texts of the procedures that move a statement: the head's assigning (docs/product.md «Assigning»):
// 'Назначить эксперту' on the news and on the examiner's detail of a sent statement, 'Передать другому эксперту' on the
// detail of one in work; and the refusal to accept the documents («The regulation's procedures»), on the news and on
// the examiner's detail of a sent statement. The labels marked "e2e" are relied on by browser tests.
import { REFUSAL_TEXTS } from '#domain/refusals.ts';

/** What every dialog of a procedure shares. */
export const dialogTexts = {
  cancel: 'Отмена',
} as const;

/** Texts of the assigning dialog and its buttons. */
export const assigningTexts = {
  assign: 'Назначить эксперту', // e2e
  reassign: 'Передать другому эксперту', // e2e
  /** The news row's button names the statement, so a list of them can be told apart. */
  assignLabel: (visibleId: number) => `Назначить эксперту заявление № ${visibleId}`, // e2e
  intro: (visibleId: number, handOver: boolean) =>
    handOver
      ? `Заявление № ${visibleId}. Эксперт получит его вместе с неотправленными черновиками замечаний; статус не изменится.`
      : `Заявление № ${visibleId}. Эксперт получит его в работу, как если бы взял сам.`,
  examinersLegend: 'Эксперт', // e2e
  examinersLoading: 'Загрузка экспертов…',
  examinersFailed: 'Не удалось загрузить список экспертов',
  /** One examiner's load beside their name: the team's own figures. */
  load: (inWork: number, overdue: number) => `в работе: ${inWork}, просрочено: ${overdue}`,
  current: 'ведёт сейчас',
  head: 'руководитель',
  examinerRequired: 'Выберите эксперта',
  comment: 'Комментарий', // e2e
  commentHint: 'Увидят эксперты: в уведомлении, письме и истории заявления',
  submitAssign: 'Назначить', // e2e
  submitReassign: 'Передать', // e2e
  cancel: 'Отмена',
  done: (fio: string) => `Заявление передано: ${fio}`,
  failed: 'Не удалось назначить эксперта',
} as const;

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
