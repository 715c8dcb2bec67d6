// The report on terms (GET /api/instance/reports) as people read it: the figures' labels and number formats, and
// its CSV rows (terms-report-csv.ts writes them). One place, so the page's tables and the CSV file (written by the API) show the same numbers.
import type { TermsReport, TermsReportBody, TermsReportFigures } from './contract.ts';

/** A `YYYY-MM-DD` day as `DD.MM.YYYY`. */
export function reportDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}

/** A number with at most one decimal, Russian style ('7,5'); '—' for none. */
export function reportNumber(value: number | null): string {
  if (value === null) return '—';
  return (Math.round(value * 10) / 10).toString().replace('.', ',');
}

/** A share as a percentage with at most one decimal ('83,3'); '—' for none. */
export function reportPercent(share: number | null): string {
  return share === null ? '—' : reportNumber(share * 100);
}

/** The figures of one row (the committee or one examiner) in the order both the page and the CSV show them. */
export const REPORT_FIGURES: ReadonlyArray<{ label: string; value: (figures: TermsReportFigures) => string }> = [
  { label: 'Завершено всего', value: (f) => String(f.decided) },
  { label: 'Согласовано', value: (f) => String(f.approved) },
  { label: 'Отклонено', value: (f) => String(f.rejected) },
  { label: 'Отказано в приёме', value: (f) => String(f.notAccepted) },
  { label: 'Отозвано', value: (f) => String(f.withdrawn) },
  { label: 'Решений в срок', value: (f) => String(f.onTime) },
  { label: 'Доля решений в срок, %', value: (f) => reportPercent(f.onTimeShare) },
  { label: 'Медиана, рабочих дней до решения', value: (f) => reportNumber(f.medianWorkingDays) },
  { label: '90-й процентиль, рабочих дней до решения', value: (f) => reportNumber(f.p90WorkingDays) },
  { label: 'Раундов на заявление', value: (f) => reportNumber(f.roundsPerStatement) },
];

/** The figures of one reviewing body's conclusions, in the order both the page and the CSV show them. */
export const REPORT_BODY_FIGURES: ReadonlyArray<{ label: string; value: (body: TermsReportBody) => string }> = [
  { label: 'Запрошено', value: (b) => String(b.requested) },
  { label: 'Получено', value: (b) => String(b.answered) },
  { label: 'Получено в срок', value: (b) => String(b.answeredOnTime) },
  { label: 'Просрочено', value: (b) => String(b.overdue) },
  { label: 'Медиана, рабочих дней до заключения', value: (b) => reportNumber(b.medianWorkingDays) },
];

/** A reviewing body's kind, as the report names it. */
export const BODY_KINDS = { department: 'Подразделение комитета', external: 'Внешний орган' } as const;

/** A refusal ground's catalogue, as the report names it. */
export const GROUND_KINDS = { intake: 'Отказ в приёме', decision: 'Отказ в согласовании' } as const;

export const REPORT_CSV_HEADER = ['Раздел', 'Эксперт', 'Показатель', 'Значение'] as const;

/**
 * The report's rows for its CSV file: the period, the committee's figures, grounds, each examiner's, each reviewing
 * body's conclusions (the second column names the body), the weeks.
 */
export function reportRows(report: TermsReport): string[][] {
  const rows: string[][] = [
    ['Период', '', 'С', reportDay(report.from)],
    ['Период', '', 'По', reportDay(report.to)],
    ['Итого', '', 'Поступило заявлений', String(report.received)],
  ];
  const figures = (section: string, who: string, f: TermsReportFigures) => {
    for (const figure of REPORT_FIGURES) rows.push([section, who, figure.label, figure.value(f)]);
    for (const ground of f.grounds) {
      rows.push([`Основания: ${GROUND_KINDS[ground.kind]}`, who, ground.name, String(ground.count)]);
    }
  };
  figures('Итого', '', report.total);
  for (const examiner of report.examiners) figures('Эксперт', examiner.fio, examiner.figures);
  for (const body of report.bodies) {
    for (const figure of REPORT_BODY_FIGURES) rows.push(['Заключения', body.name, figure.label, figure.value(body)]);
  }
  for (const week of report.weeks) {
    rows.push(['Неделя', '', `Решений с ${reportDay(week.weekStart)}`, String(week.decisions)]);
    rows.push(['Неделя', '', `В срок с ${reportDay(week.weekStart)}`, String(week.onTime)]);
  }
  return rows;
}

/** The CSV file's name for a range. */
export function reportFileName(from: string, to: string): string {
  return `otchet-po-srokam_${from}_${to}.csv`;
}
