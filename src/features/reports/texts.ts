// What the report on terms says (docs/product.md «The report on terms»).
export const reportsTexts = {
  pageTitle: 'Отчёт по срокам',
  heading: 'Отчёт по срокам рассмотрения',
  rangeLabel: 'Период отчёта',
  chooseRange: 'Выберите начало и конец периода.',
  loading: 'Загрузка отчёта…',
  loadFailed: 'Не удалось загрузить отчёт',
  retry: 'Повторить',
  download: 'Выгрузить в CSV',
  refusedTitle: 'Нет доступа',
  refused: 'Раздел доступен только руководителю отдела',
  toStatements: 'К заявлениям',
  summary: 'Сводка',
  received: 'Поступило заявлений',
  decided: 'Завершено',
  onTimeShare: 'Решений в срок',
  medianDays: 'Медиана, рабочих дней до решения',
  p90Days: '90-й процентиль, рабочих дней',
  rounds: 'Раундов на заявление',
  outcomes: 'Итоги рассмотрения',
  outcome: 'Итог',
  count: 'Количество',
  chartTitle: 'Решения по неделям и доля в срок',
  chartLegendDecisions: 'Решений за неделю',
  chartLegendShare: 'Доля в срок, %',
  weeksTable: 'Решения по неделям',
  week: 'Неделя с',
  weekDecisions: 'Решений',
  weekOnTime: 'В срок',
  weekShare: 'Доля в срок, %',
  examiners: 'По экспертам',
  examiner: 'Эксперт',
  noExaminers: 'За период эксперты не принимали решений.',
  grounds: 'Основания отказов',
  ground: 'Основание',
  groundKind: 'Вид отказа',
  noGrounds: 'За период отказов не было.',
  bodies: 'Заключения по органам', // e2e
  body: 'Подразделение или орган',
  bodyKind: 'Вид',
  noBodies: 'За период заключения не запрашивались.',
  definitions:
    'В срок — решение принято не позже последнего дня срока (для отказа в приёме — срока проверки). Рабочие дни считаются по производственному календарю от поступления последней версии до дня решения. Отзывы заявителем учитываются только в числе завершённых.',
} as const;

/** The chart's text alternative: what it shows, in one sentence. */
export function chartSummary(weeks: number, decisions: number, onTime: number): string {
  return `${reportsTexts.chartTitle}: ${weeks} нед., решений ${decisions}, из них в срок ${onTime}. Данные — в таблице «${reportsTexts.weeksTable}».`;
}
