import type { TeamFigure } from '#domain/routes.ts';
import { pluralForm } from '#domain/russian.ts';

/** The team's workload (/instance/team) and the examiner's statements behind a figure (/instance/all). */
export const teamTexts = {
  pageTitle: 'Нагрузка', // e2e
  intro: 'Заявления каждого эксперта отдела: в работе, у заявителя, сроки и решения.',
  tableCaption: 'Нагрузка экспертов', // e2e
  examiner: 'Эксперт',
  head: 'руководитель',
  columns: {
    inWork: 'В работе',
    awaitingApplicant: 'У заявителя',
    overdue: 'Просрочено',
    dueSoon: 'Срок в ближайшие 3 рабочих дня',
    decidedThisMonth: 'Решено в этом месяце',
  } satisfies Record<TeamFigure, string>,
  onTimeShare: 'В срок за 90 дней',
  onTimeHint: 'Доля решений за последние 90 дней, принятых в срок рассмотрения',
  /** A number's link, said in full for a screen reader: 'Смирнов А. П.: просрочено — 3, открыть список'. */
  figureLabel: (fio: string, figure: TeamFigure, count: number) =>
    `${fio}: ${teamTexts.columns[figure].toLowerCase()} — ${count}, открыть список`,
  unassignedTitle: 'Не распределены', // e2e
  unassignedNone: 'Заявлений, ожидающих эксперта, нет.',
  unassignedCount: (count: number) =>
    `${count} ${pluralForm(count, ['заявление ждёт', 'заявления ждут', 'заявлений ждут'])} эксперта`,
  loading: 'Загрузка нагрузки отдела…',
  loadFailed: 'Не удалось загрузить нагрузку отдела.',
  retry: 'Повторить',
  refusedTitle: 'Нет доступа', // e2e
  refused: 'Раздел доступен только руководителю отдела.',
  toStatements: 'К моим заявлениям',
  /** The note above /instance/all narrowed by a figure. */
  filterNote: (figure: TeamFigure, who: string) => `${teamTexts.columns[figure]}: ${who}`,
  examinerNumber: (id: number) => `эксперт № ${id}`,
  showAll: 'Показать все заявления',
  bodiesTitle: 'Заключения подразделений и органов', // e2e
  body: 'Подразделение или орган',
  bodyColumns: {
    waiting: 'Ждут ответа',
    overdue: 'Просрочено',
    answeredThisMonth: 'Ответов в этом месяце',
  },
} as const;
