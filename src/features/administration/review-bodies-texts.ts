// Russian texts of the administration's 'Согласующие органы' (docs/product.md «Conclusions»): the catalogue of the
// committee's departments and outside bodies, and their members. "e2e" marks the labels browser tests rely on.
import { CONCLUSION_TEXTS } from '#domain/conclusions.ts';
import { workingDays } from '#domain/russian.ts';

export const reviewBodyTexts = {
  title: CONCLUSION_TEXTS.catalogueTitle, // e2e
  add: 'Добавить орган', // e2e
  addTitle: 'Новый согласующий орган',
  editTitle: 'Согласующий орган',
  addNote: 'Вид органа задаётся при добавлении и потом не меняется.',
  empty: 'Справочник пуст',
  loadFailed: 'Не удалось загрузить согласующие органы',
  name: 'Название', // e2e
  kind: 'Вид', // e2e
  termDays: 'Срок заключения, рабочих дней', // e2e
  term: 'Срок',
  termValue: (days: number) => workingDays(days),
  state: 'Состояние',
  active: 'Действует',
  retired: 'Выведен из употребления',
  membersCount: 'Участники',
  created: 'Согласующий орган добавлен',
  createFailed: 'Не удалось добавить согласующий орган',
  retireQuestion: (name: string) =>
    `Вывести «${name}» из употребления? Новые запросы в него направить будет нельзя; направленные останутся.`,

  /** The members of each body. */
  membersTitle: 'Участники органов', // e2e
  membersOf: (name: string) => `Участники: ${name}`,
  noMembers: 'Участников нет',
  addMember: 'Добавить участника', // e2e
  addMemberOf: (name: string) => `Добавить участника: ${name}`,
  addMemberTitle: (name: string) => `Новый участник: ${name}`,
  addMemberNote:
    'Адрес эксперта комитета добавит его в подразделение. Новый адрес создаст пользователя: сотрудник внешнего органа сможет войти сразу, код придёт на эту почту.',
  email: 'Электронная почта', // e2e
  fio: 'ФИО', // e2e
  fioHint: 'Обязательно, если пользователя с такой почтой ещё нет',
  position: 'Должность', // e2e
  deactivated: 'деактивирован',
  memberAdded: 'Участник добавлен',
  memberAddFailed: 'Не удалось добавить участника',
  detach: 'Исключить', // e2e
  detachOf: (fio: string) => `Исключить: ${fio}`,
  detachQuestion: (fio: string, body: string) =>
    `Исключить ${fio} из «${body}»? Сотрудник внешнего органа потеряет доступ к порталу; его ответы сохранятся.`,
  detached: 'Участник исключён',
  detachFailed: 'Не удалось исключить участника',
} as const;
