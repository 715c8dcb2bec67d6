import { memo } from 'react';
import StatusBadge from '#components/ui/StatusBadge.tsx';
import type { StatementListItem } from '#domain/contract.ts';
import { routes } from '#domain/routes.ts';
import { formatListDate } from '#lib/dates.ts';
import RemarksTag from '../../../remarks/RemarksTag.tsx';
import { DeadlineTag } from '../DeadlineTags.tsx';
import { listTexts } from './texts.ts';

/** The list date of each loaded item, formatted once (a scroll brings the same items back into view). */
const listDates = new WeakMap<StatementListItem, string>();

function listDate(statement: StatementListItem): string {
  let text = listDates.get(statement);
  if (text === undefined) {
    text = formatListDate(statement.dateCreate);
    listDates.set(statement, text);
  }
  return text;
}

/** One statement of the company list: number, object, status, date and the due date of a running term; the whole card opens the statement. */
function StatementCard({ statement }: { statement: StatementListItem }) {
  return (
    <a className="statement-card" href={routes.statementInfo(statement.id)}>
      <span className="statement-card__number">{listTexts.number(statement.visibleId)}</span>
      <span className="statement-card__title">{statement.title || statement.name}</span>
      <span className="statement-card__meta">
        <StatusBadge status={statement.status} view="company" />
        <DeadlineTag deadline={statement.reviewDeadline} />
        <RemarksTag count={statement.openRequiredRemarks} />
        <time className="statement-card__date" dateTime={statement.dateCreate}>
          {listDate(statement)}
        </time>
      </span>
    </a>
  );
}

/** Memoised: a scroll re-renders only the cards that came into view. */
export default memo(StatementCard);
