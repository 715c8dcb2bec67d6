import type { ReactNode } from 'react';
import AccessRefused from '#components/ui/AccessRefused.tsx';
import Button from '#components/ui/Button.tsx';
import DateRangePicker from '#components/ui/DateRangePicker.tsx';
import LoadFailed from '#components/ui/LoadFailed.tsx';
import Spinner from '#components/ui/Spinner.tsx';
import type { TermsReport, TermsReportFigures } from '#domain/contract.ts';
import { EXAMINER_HOME } from '#domain/routes.ts';
import {
  BODY_KINDS,
  GROUND_KINDS,
  REPORT_BODY_FIGURES,
  REPORT_FIGURES,
  reportDay,
  reportNumber,
  reportPercent,
} from '#domain/terms-report.ts';
import { useStore } from '#stores/prerendered.ts';
import { $isHead, $session } from '#stores/session.ts';
import WeeksChart from './components/WeeksChart.tsx';
import { dateOf, dayOf } from './lib/quarter.ts';
import { $report, $reportRange, downloadReportCsv, loadReport, setReportRange } from './stores/report.ts';
import { reportsTexts as t } from './texts.ts';

// The report on terms at /instance/reports (docs/product.md «The report on terms»): the committee's head only.

/** A table that scrolls sideways on a narrow screen, reachable by keyboard. */
function Scroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe)
    <section className="report-scroll" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}

function Summary({ report }: { report: TermsReport }) {
  const f = report.total;
  const items: Array<[string, string]> = [
    [t.received, String(report.received)],
    [t.decided, String(f.decided)],
    [t.onTimeShare, f.onTimeShare === null ? '—' : `${reportPercent(f.onTimeShare)} %`],
    [t.medianDays, reportNumber(f.medianWorkingDays)],
    [t.p90Days, reportNumber(f.p90WorkingDays)],
    [t.rounds, reportNumber(f.roundsPerStatement)],
  ];
  return (
    <section aria-labelledby="report-summary">
      <h2 id="report-summary" className="visually-hidden">
        {t.summary}
      </h2>
      <dl className="report-summary">
        {items.map(([label, value]) => (
          <div key={label} className="report-summary__item">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Outcomes({ figures }: { figures: TermsReportFigures }) {
  const rows: Array<[string, number]> = [
    ['Согласовано', figures.approved],
    ['Отклонено', figures.rejected],
    ['Отказано в приёме', figures.notAccepted],
    ['Отозвано', figures.withdrawn],
  ];
  return (
    <table className="report-table">
      <caption>{t.outcomes}</caption>
      <thead>
        <tr>
          <th scope="col">{t.outcome}</th>
          <th scope="col">{t.count}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, count]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Weeks({ weeks }: { weeks: TermsReport['weeks'] }) {
  return (
    <Scroll label={t.weeksTable}>
      <table className="report-table">
        <caption>{t.weeksTable}</caption>
        <thead>
          <tr>
            <th scope="col">{t.week}</th>
            <th scope="col">{t.weekDecisions}</th>
            <th scope="col">{t.weekOnTime}</th>
            <th scope="col">{t.weekShare}</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.weekStart}>
              <th scope="row">{reportDay(week.weekStart)}</th>
              <td>{week.decisions}</td>
              <td>{week.onTime}</td>
              <td>{week.decisions === 0 ? '—' : reportPercent(week.onTime / week.decisions)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

/** A column of a wide table: its heading and what a row shows under it. */
interface WideColumn<Row> {
  label: string;
  value: (row: Row) => string;
}

/**
 * A table of one row per person or body, named in its row header, with a column per figure: it fits the page's width,
 * and below 768 px each row is a card, each figure under its label.
 */
function WideTable<Row>({
  caption,
  who,
  rows,
  keyOf,
  nameOf,
  columns,
}: {
  caption: string;
  who: string;
  rows: readonly Row[];
  keyOf: (row: Row) => number;
  nameOf: (row: Row) => string;
  columns: ReadonlyArray<WideColumn<Row>>;
}) {
  return (
    <Scroll label={caption}>
      <table className="report-table report-table--wide">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{who}</th>
            {columns.map((column) => (
              <th key={column.label} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={keyOf(row)}>
              <th scope="row">{nameOf(row)}</th>
              {columns.map((column) => (
                <td key={column.label} data-label={column.label}>
                  {column.value(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

/** Each examiner's figures. */
function Examiners({ report }: { report: TermsReport }) {
  if (report.examiners.length === 0) return <p className="report-note">{t.noExaminers}</p>;
  return (
    <WideTable
      caption={t.examiners}
      who={t.examiner}
      rows={report.examiners}
      keyOf={(row) => row.examinerId}
      nameOf={(row) => row.fio}
      columns={REPORT_FIGURES.map(
        (figure): WideColumn<TermsReport['examiners'][number]> => ({
          label: figure.label,
          value: (row) => figure.value(row.figures),
        }),
      )}
    />
  );
}

/** The conclusions asked of each reviewing body in the range, its kind first. */
function Bodies({ report }: { report: TermsReport }) {
  if (report.bodies.length === 0) return <p className="report-note">{t.noBodies}</p>;
  return (
    <WideTable
      caption={t.bodies}
      who={t.body}
      rows={report.bodies}
      keyOf={(row) => row.bodyId}
      nameOf={(row) => row.name}
      columns={[{ label: t.bodyKind, value: (row) => BODY_KINDS[row.kind] }, ...REPORT_BODY_FIGURES]}
    />
  );
}

function Grounds({ figures }: { figures: TermsReportFigures }) {
  if (figures.grounds.length === 0) return <p className="report-note">{t.noGrounds}</p>;
  return (
    <Scroll label={t.grounds}>
      <table className="report-table">
        <caption>{t.grounds}</caption>
        <thead>
          <tr>
            <th scope="col">{t.ground}</th>
            <th scope="col">{t.groundKind}</th>
            <th scope="col">{t.count}</th>
          </tr>
        </thead>
        <tbody>
          {figures.grounds.map((ground) => (
            <tr key={ground.groundId}>
              <th scope="row">{ground.name}</th>
              <td>{GROUND_KINDS[ground.kind]}</td>
              <td>{ground.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

/** The page's island. */
export default function TermsReportScreen() {
  const session = useStore($session);
  const isHead = useStore($isHead);
  const range = useStore($reportRange);
  const state = useStore($report);

  if (session.status !== 'authenticated') return <Spinner label={t.loading} />;
  if (!isHead || state.status === 'refused') {
    return <AccessRefused texts={t} home={EXAMINER_HOME} />;
  }

  return (
    <div className="report-page">
      <div className="page-header">
        <h1>{t.heading}</h1>
        <Button variant="secondary" disabled={state.status !== 'ready'} onClick={() => void downloadReportCsv()}>
          {t.download}
        </Button>
      </div>
      <div className="report-range">
        <DateRangePicker
          label={t.rangeLabel}
          start={range.from === null ? null : dateOf(range.from)}
          end={range.to === null ? null : dateOf(range.to)}
          onStartChange={(date) => setReportRange({ from: date === null ? null : dayOf(date) })}
          onEndChange={(date) => setReportRange({ to: date === null ? null : dayOf(date) })}
        />
      </div>
      <p className="report-note">{t.definitions}</p>
      <div aria-live="polite">
        {state.status === 'idle' && <p className="report-note">{t.chooseRange}</p>}
        {state.status === 'loading' && <Spinner label={t.loading} />}
        {state.status === 'error' && (
          <LoadFailed text={state.message} retryLabel={t.retry} onRetry={() => void loadReport()} />
        )}
      </div>
      {state.status === 'ready' && (
        <div className="report-body">
          <Summary report={state.report} />
          <div className="report-columns">
            <Outcomes figures={state.report.total} />
            <Grounds figures={state.report.total} />
          </div>
          <WeeksChart weeks={state.report.weeks} />
          <Weeks weeks={state.report.weeks} />
          <Examiners report={state.report} />
          <Bodies report={state.report} />
        </div>
      )}
    </div>
  );
}
