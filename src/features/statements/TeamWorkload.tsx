import AccessRefused from '#components/ui/AccessRefused.tsx';
import LoadFailed from '#components/ui/LoadFailed.tsx';
import Spinner from '#components/ui/Spinner.tsx';
import StatusBadge from '#components/ui/StatusBadge.tsx';
import type { ExaminerWorkload, StatementListItem } from '#domain/contract.ts';
import { EXAMINER_HOME, routes, type TeamFigure } from '#domain/routes.ts';
import { orDash } from '#domain/russian.ts';
import { formatListDate } from '#lib/dates.ts';
import { useStore } from '#stores/prerendered.ts';
import { AwaitingSignatureTag } from '../signatures/SignatureNote.tsx';
import BodiesWorkload from './components/BodiesWorkload.tsx';
import { DeadlineTag, IntakeTermTag } from './components/DeadlineTags.tsx';
import { formatShare, TEAM_FIGURES } from './lib/team-figures.ts';
import { $team, $teamAccess, reloadTeam } from './stores/team.ts';
import { newsTexts } from './texts/news.ts';
import { teamTexts } from './texts/team.ts';

/** One figure of an examiner: a link to their statements behind it, or a plain 0. */
function FigureCell({ row, figure }: { row: ExaminerWorkload; figure: TeamFigure }) {
  const count = row[figure];
  const alert = figure === 'overdue' && count > 0;
  return (
    <td
      data-label={teamTexts.columns[figure]}
      className={alert ? 'team-table__count team-table__count--alert' : 'team-table__count'}
    >
      {count > 0 ? (
        <a
          href={routes.examinerTeamFigure(row.examinerId, figure)}
          aria-label={teamTexts.figureLabel(row.fio, figure, count)}
          data-figure={figure}
        >
          {count}
        </a>
      ) : (
        <span data-figure={figure}>{count}</span>
      )}
    </td>
  );
}

/**
 * An unassigned statement as the news lists it: number, object, 'Проверить до {date}', company and submission; one
 * handed over from a deactivated examiner shows its status and review term instead.
 */
function UnassignedRow({ statement }: { statement: StatementListItem }) {
  return (
    <li className="news-row">
      <div className="news-row__head">
        <span className="news-row__number">{newsTexts.number(statement.visibleId)}</span>
        <a className="news-row__title" href={routes.examinerStatementInfo(statement.id)}>
          {statement.title || orDash(statement.name)}
        </a>
        <p className="news-row__term">
          {statement.status === 'sent' ? (
            <IntakeTermTag deadline={statement.intakeDeadline} />
          ) : (
            <>
              <StatusBadge status={statement.status} view="examiner" />{' '}
              <AwaitingSignatureTag awaiting={statement.awaitingSignature} />{' '}
              <DeadlineTag deadline={statement.reviewDeadline} />
            </>
          )}
        </p>
      </div>
      <dl className="news-row__facts">
        <div>
          <dt>{newsTexts.company}</dt>
          <dd>{orDash(statement.companyName)}</dd>
        </div>
        <div>
          <dt>{newsTexts.submitted}</dt>
          <dd>
            <time dateTime={statement.dateCreate}>{orDash(formatListDate(statement.dateCreate))}</time>
          </dd>
        </div>
      </dl>
    </li>
  );
}

/** 'Нагрузка' (/instance/team): the head's table of the examiners' figures and the statements waiting for one. */
export default function TeamWorkload() {
  const access = useStore($teamAccess);
  const state = useStore($team);

  if (access === 'checking') return <Spinner label={teamTexts.loading} />;
  if (access === 'refused') {
    return <AccessRefused texts={teamTexts} home={EXAMINER_HOME} />;
  }

  const team = state.team;
  return (
    <>
      <div className="page-header">
        <h1>{teamTexts.pageTitle}</h1>
      </div>
      <p className="text-secondary">{teamTexts.intro}</p>
      {state.status === 'error' && (
        <LoadFailed text={teamTexts.loadFailed} retryLabel={teamTexts.retry} onRetry={() => void reloadTeam()} />
      )}
      {!team && state.status === 'loading' && <Spinner label={teamTexts.loading} />}
      {team && (
        <>
          <div className="team-table__frame">
            <table className="card-table team-table">
              <caption className="visually-hidden">{teamTexts.tableCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{teamTexts.examiner}</th>
                  {TEAM_FIGURES.map((figure) => (
                    <th key={figure} scope="col">
                      {teamTexts.columns[figure]}
                    </th>
                  ))}
                  <th scope="col" title={teamTexts.onTimeHint}>
                    {teamTexts.onTimeShare}
                  </th>
                </tr>
              </thead>
              <tbody>
                {team.examiners.map((row) => (
                  <tr key={row.examinerId} data-examiner={row.examinerId}>
                    <th scope="row" className="team-table__name">
                      {row.fio}
                      {row.isHead && <span className="team-table__role">{teamTexts.head}</span>}
                    </th>
                    {TEAM_FIGURES.map((figure) => (
                      <FigureCell key={figure} row={row} figure={figure} />
                    ))}
                    <td data-label={teamTexts.onTimeShare} className="team-table__count" data-figure="onTimeShare">
                      {formatShare(row.onTimeShare)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <BodiesWorkload bodies={team.bodies} />
          <section className="team-unassigned" aria-labelledby="team-unassigned-title">
            <h2 id="team-unassigned-title">{teamTexts.unassignedTitle}</h2>
            {team.unassigned.length === 0 ? (
              <p className="text-secondary">{teamTexts.unassignedNone}</p>
            ) : (
              <>
                <p className="text-secondary">{teamTexts.unassignedCount(team.unassigned.length)}</p>
                <ul className="news-list">
                  {team.unassigned.map((statement) => (
                    <UnassignedRow key={statement.id} statement={statement} />
                  ))}
                </ul>
              </>
            )}
          </section>
        </>
      )}
    </>
  );
}
