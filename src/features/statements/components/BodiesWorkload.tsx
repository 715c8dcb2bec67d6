import type { BodyWorkload } from '#domain/contract.ts';
import { BODY_KINDS } from '#domain/terms-report.ts';
import { teamTexts } from '../texts/team.ts';

/**
 * The reviewing bodies on the team's workload (docs/product.md «Conclusions»): each active body's unanswered requests,
 * those past their term (marked), and its answers this month; a card per body on a narrow screen.
 */
export default function BodiesWorkload({ bodies }: { bodies: readonly BodyWorkload[] }) {
  if (bodies.length === 0) return null;
  return (
    <section className="team-bodies" aria-labelledby="team-bodies-title">
      <h2 id="team-bodies-title">{teamTexts.bodiesTitle}</h2>
      <div className="team-table__frame">
        <table className="card-table team-table">
          <caption className="visually-hidden">{teamTexts.bodiesTitle}</caption>
          <thead>
            <tr>
              <th scope="col">{teamTexts.body}</th>
              <th scope="col">{teamTexts.bodyColumns.waiting}</th>
              <th scope="col">{teamTexts.bodyColumns.overdue}</th>
              <th scope="col">{teamTexts.bodyColumns.answeredThisMonth}</th>
            </tr>
          </thead>
          <tbody>
            {bodies.map((body) => (
              <tr key={body.bodyId} data-body={body.bodyId}>
                <th scope="row" className="team-table__name">
                  {body.name}
                  <span className="team-table__role">{BODY_KINDS[body.kind]}</span>
                </th>
                <td data-label={teamTexts.bodyColumns.waiting} className="team-table__count">
                  {body.waiting}
                </td>
                <td
                  data-label={teamTexts.bodyColumns.overdue}
                  className={body.overdue > 0 ? 'team-table__count team-table__count--alert' : 'team-table__count'}
                >
                  {body.overdue}
                </td>
                <td data-label={teamTexts.bodyColumns.answeredThisMonth} className="team-table__count">
                  {body.answeredThisMonth}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
