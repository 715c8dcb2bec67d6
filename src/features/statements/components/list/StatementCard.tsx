import { DeadlineTag } from '../../../../components/statement/StatementTimeline.tsx';
import StatusBadge from '../../../../components/ui/StatusBadge.tsx';
import type { StatementListItem } from '../../../../lib/api/types.ts';
import { formatListDate } from '../../../../lib/dates.ts';
import { routes } from '../../../../lib/routes.ts';
import { listTexts } from './texts.ts';

/** One statement of the company list: number, object, status, date and the due date of a running term; the whole card opens the statement. */
export default function StatementCard({ statement }: { statement: StatementListItem }) {
  return (
    <a className="statement-card" href={routes.statementInfo(statement.id)}>
      <span className="statement-card__number">{listTexts.number(statement.visibleId)}</span>
      <span className="statement-card__title">{statement.title || statement.name}</span>
      <span className="statement-card__meta">
        <StatusBadge status={statement.status} view="company" />
        <DeadlineTag deadline={statement.reviewDeadline} />
        <time className="statement-card__date" dateTime={statement.dateCreate}>
          {formatListDate(statement.dateCreate)}
        </time>
      </span>
    </a>
  );
}
