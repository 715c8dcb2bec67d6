import { useRef, useState } from 'react';
import Button from '#components/ui/Button.tsx';
import ConfirmDialog from '#components/ui/ConfirmDialog.tsx';
import LoadFailed from '#components/ui/LoadFailed.tsx';
import Spinner from '#components/ui/Spinner.tsx';
import type { StatementListItem } from '#domain/contract.ts';
import { routes } from '#domain/routes.ts';
import { orDash } from '#domain/russian.ts';
import { formatListDate } from '#lib/dates.ts';
import { useStore } from '#stores/prerendered.ts';
import { $isHead } from '#stores/session.ts';
import AcceptanceRefusalDialog from '../workflow/AcceptanceRefusalDialog.tsx';
import AssignDialog from '../workflow/AssignDialog.tsx';
import { acceptanceRefusalTexts, assigningTexts } from '../workflow/texts.ts';
import { IntakeTermTag } from './components/DeadlineTags.tsx';
import { $newStatements, acceptanceRefusal, assigning, reloadNewStatements, takeIntoWork } from './stores/news.ts';
import { newsTexts } from './texts/news.ts';

/**
 * One new statement: number and object (a link to the detail), the intake check's term, the facts an examiner picks
 * by, and the two outcomes of the check: take it into work, or refuse to accept it.
 */
function NewStatementRow({
  statement,
  onTake,
  isHead,
}: {
  statement: StatementListItem;
  onTake: (statement: StatementListItem) => void;
  /** The committee's head also assigns it ('Назначить эксперту'). */
  isHead: boolean;
}) {
  return (
    <li className="news-row">
      <div className="news-row__head">
        <span className="news-row__number">{newsTexts.number(statement.visibleId)}</span>
        <a className="news-row__title" href={routes.examinerStatementInfo(statement.id)}>
          {statement.title || orDash(statement.name)}
        </a>
        <p className="news-row__term">
          <IntakeTermTag deadline={statement.intakeDeadline} />
        </p>
      </div>
      <dl className="news-row__facts">
        <div>
          <dt>{newsTexts.company}</dt>
          <dd>{orDash(statement.companyName)}</dd>
        </div>
        <div>
          <dt>{newsTexts.address}</dt>
          <dd>{orDash(statement.address ?? statement.name)}</dd>
        </div>
        <div>
          <dt>{newsTexts.category}</dt>
          <dd>{orDash(statement.categoryName)}</dd>
        </div>
        <div>
          <dt>{newsTexts.workType}</dt>
          <dd>{orDash(statement.catalogWorkType)}</dd>
        </div>
        <div>
          <dt>{newsTexts.submitted}</dt>
          <dd>
            <time dateTime={statement.dateCreate}>{orDash(formatListDate(statement.dateCreate))}</time>
          </dd>
        </div>
      </dl>
      <div className="news-row__action">
        <Button aria-label={newsTexts.takeLabel(statement.visibleId)} onClick={() => onTake(statement)}>
          {newsTexts.take}
        </Button>
        <Button
          variant="secondary"
          className="button--danger-outline"
          aria-label={acceptanceRefusalTexts.actionLabel(statement.visibleId)}
          onClick={() => acceptanceRefusal.open({ id: statement.id, visibleId: statement.visibleId })}
        >
          {acceptanceRefusalTexts.action}
        </Button>
        {isHead && (
          <Button
            variant="secondary"
            aria-label={assigningTexts.assignLabel(statement.visibleId)}
            onClick={() =>
              assigning.open({ id: statement.id, visibleId: statement.visibleId, status: 'sent', examinerId: null })
            }
          >
            {assigningTexts.assign}
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * /instance/news: the statements in sent, each with its intake term, 'Взять в работу' behind 'Принять в работу?',
 * 'Отказать в приёме' with its dialog, and for the committee's head 'Назначить эксперту' with its dialog.
 */
export default function NewStatements() {
  const list = useStore($newStatements);
  const isHead = useStore($isHead);
  const [chosen, setChosen] = useState<StatementListItem | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <>
      <h1 ref={headingRef} tabIndex={-1}>
        {newsTexts.pageTitle}
      </h1>
      <p className="lead">{newsTexts.lead}</p>
      {list.status === 'loading' && list.items.length === 0 && <Spinner label={newsTexts.loading} />}
      {list.status === 'error' && (
        <LoadFailed
          text={newsTexts.loadFailed}
          retryLabel={newsTexts.retry}
          onRetry={() => void reloadNewStatements()}
        />
      )}
      {list.status === 'ready' && list.items.length === 0 && (
        <div className="empty-state">
          <p className="empty-state__title">{newsTexts.empty}</p>
        </div>
      )}
      {list.items.length > 0 && (
        <ul className="news-list" aria-label={newsTexts.listLabel} aria-busy={list.status === 'loading' || undefined}>
          {list.items.map((statement) => (
            <NewStatementRow key={statement.id} statement={statement} onTake={setChosen} isHead={isHead} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={chosen !== null}
        onOpenChange={(open) => {
          if (!open) setChosen(null);
        }}
        question={newsTexts.confirm}
        onConfirm={() => (chosen ? takeIntoWork(chosen.id) : undefined)}
        // The row (and its button) leaves the list once taken: keyboard users go on from the heading.
        fallbackFocus={() => headingRef.current}
      />
      <AcceptanceRefusalDialog refusal={acceptanceRefusal} fallbackFocus={() => headingRef.current} />
      {isHead && <AssignDialog assigning={assigning} fallbackFocus={() => headingRef.current} />}
    </>
  );
}
