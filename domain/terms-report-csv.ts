// The report on terms as a CSV file: apart from terms-report.ts, so the page's tables do not pull in the writer.
import type { TermsReport } from './contract.ts';
import { toCsv } from './csv.ts';
import { REPORT_CSV_HEADER, reportRows } from './terms-report.ts';

/** The report as a CSV file (the portal's one writer: BOM, ';', formulas neutralized). */
export function reportCsv(report: TermsReport): string {
  return toCsv(REPORT_CSV_HEADER, reportRows(report));
}
