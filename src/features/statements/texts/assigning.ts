// Russian texts of the head's assigning (docs/product.md «Assigning»): 'Назначить эксперту' on the news and on the
// examiner's detail of a sent statement, 'Передать другому эксперту' on the detail of one in work. The labels marked
// "e2e" are relied on by browser tests.

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
