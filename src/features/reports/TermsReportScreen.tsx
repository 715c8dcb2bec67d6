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

/** Each examiner's figures: a table that fits the page's width, one card per examiner below 768 px. */
function Examiners({ report }: { report: TermsReport }) {
  if (report.examiners.length === 0) return <p className="report-note">{t.noExaminers}</p>;
  return (
    <Scroll label={t.examiners}>
      <table className="report-table report-table--wide">
        <caption>{t.examiners}</caption>
        <thead>
          <tr>
            <th scope="col">{t.examiner}</th>
            {REPORT_FIGURES.map((figure) => (
              <th key={figure.label} scope="col">
                {figure.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.examiners.map((row) => (
            <tr key={row.examinerId}>
              <th scope="row">{row.fio}</th>
              {REPORT_FIGURES.map((figure) => (
                <td key={figure.label} data-label={figure.label}>
                  {figure.value(row.figures)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

/** The conclusions asked of each reviewing body in the range. */
function Bodies({ report }: { report: TermsReport }) {
  if (report.bodies.length === 0) return <p className="report-note">{t.noBodies}</p>;
  return (
    <Scroll label={t.bodies}>
      <table className="report-table report-table--wide">
        <caption>{t.bodies}</caption>
        <thead>
          <tr>
            <th scope="col">{t.body}</th>
            <th scope="col">{t.bodyKind}</th>
            {REPORT_BODY_FIGURES.map((figure) => (
              <th key={figure.label} scope="col">
                {figure.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.bodies.map((row) => (
            <tr key={row.bodyId}>
              <th scope="row">{row.name}</th>
              <td data-label={t.bodyKind}>{BODY_KINDS[row.kind]}</td>
              {REPORT_BODY_FIGURES.map((figure) => (
                <td key={figure.label} data-label={figure.label}>
                  {figure.value(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
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
