import { useStore } from '@nanostores/react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { Statement } from '#domain/contract.ts';
import { routes } from '#domain/routes.ts';
import { COMPANY_SIDEBAR_LABELS, STATEMENT_STATUSES } from '#domain/statuses.ts';
import BackLink from '../../../../components/statement/BackLink.tsx';
import { DetailBlock, DetailItem, orDash, RoundBody } from '../../../../components/statement/StatementParts.tsx';
import { DeadlineNote, StatementHistory } from '../../../../components/statement/StatementTimeline.tsx';
import Button from '../../../../components/ui/Button.tsx';
import ConfirmDialog from '../../../../components/ui/ConfirmDialog.tsx';
import Spinner from '../../../../components/ui/Spinner.tsx';
import StatusBadge from '../../../../components/ui/StatusBadge.tsx';
import type { BackTarget } from '../../../../lib/back-link.ts';
import { formatListDate } from '../../../../lib/dates.ts';
import { canAddVersion, roundTitle, type SubmissionRound, statementHeading } from '../../../../lib/statement.ts';
import { $canDelete, $deleteState, $detail, $rounds, deleteStatement, openVersionDialog } from '../../stores/detail.ts';
import { detailTexts } from '../../texts/detail.ts';
import NewVersionDialog from './NewVersionDialog.tsx';

/** A submission round: its comment, its files, the committee's comments, and the new-version action when due. */
function Round({
  round,
  index,
  count,
  statement,
  titleRef,
}: {
  round: SubmissionRound;
  index: number;
  count: number;
  statement: Statement;
  /** Set on the last round: focus moves to its title after a new version. */
  titleRef?: RefObject<HTMLHeadingElement | null>;
}) {
  const title = roundTitle(index, round);
  return (
    <section className="card round" aria-label={title}>
      <h3 className="round__title" ref={titleRef} tabIndex={titleRef ? -1 : undefined}>
        {title}
      </h3>
      <RoundBody round={round} view="company" repliesLabel={detailTexts.committeeComments} />
      {canAddVersion(statement, index, count) && (
        <div className="round__actions">
          <Button onClick={openVersionDialog}>{detailTexts.newVersion}</Button>
        </div>
      )}
    </section>
  );
}

/** The company's lists a statement is opened from, with the sidebar's names; the first is the default. */
const COMPANY_LISTS: readonly BackTarget[] = [
  { href: routes.company(), label: detailTexts.back },
  { href: routes.company('all'), label: detailTexts.back },
  ...STATEMENT_STATUSES.map((status) => ({ href: routes.company(status), label: COMPANY_SIDEBAR_LABELS[status] })),
];

/** The company's statement detail of spec §2: number, status, title, project, general info, examiner, rounds. */
export default function StatementDetail() {
  const detail = useStore($detail);
  const rounds = useStore($rounds);
  const canDelete = useStore($canDelete);
  const deleteState = useStore($deleteState);
  const [confirming, setConfirming] = useState(false);
  const lastRoundTitle = useRef<HTMLHeadingElement>(null);
  const statement = detail.statement;
  const visibleId = statement?.visibleId;

  // The tab names the statement once it is known ('№ 42 — Заявление — …').
  useEffect(() => {
    if (visibleId !== undefined && !document.title.startsWith('№')) {
      document.title = `${detailTexts.number(visibleId)} — ${document.title}`;
    }
  }, [visibleId]);

  const back = <BackLink lists={COMPANY_LISTS} fallback={COMPANY_LISTS[0] as BackTarget} />;
  if (!statement) {
    return (
      <>
        {back}
        <Spinner label={detailTexts.loading} />
      </>
    );
  }

  const first = statement.stages[0];
  const examiner = statement.examiner;
  return (
    <>
      {back}
      <header className="detail-header">
        <div className="detail-header__meta">
          <span className="detail-header__number">{detailTexts.number(statement.visibleId)}</span>
          <StatusBadge status={statement.status} view="company" />
        </div>
        <h1 className="detail-header__title">{statementHeading(statement)}</h1>
        <DeadlineNote statement={statement} />
        {canDelete && (
          <div className="detail-header__actions">
            <Button
              variant="secondary"
              className="button--danger-outline"
              busy={deleteState.busy}
              onClick={() => setConfirming(true)}
            >
              {detailTexts.delete}
            </Button>
          </div>
        )}
      </header>

      <div className="detail-blocks">
        <DetailBlock title={detailTexts.project}>
          <dl className="details">
            <DetailItem term={detailTexts.cipher}>{orDash(statement.cipher)}</DetailItem>
            <DetailItem term={detailTexts.objectName}>{orDash(statement.title)}</DetailItem>
            <DetailItem term={detailTexts.address}>{orDash(statement.address)}</DetailItem>
            <DetailItem term={detailTexts.category}>{orDash(statement.categoryName)}</DetailItem>
            <DetailItem term={detailTexts.workType}>{orDash(statement.catalogWorkType)}</DetailItem>
          </dl>
        </DetailBlock>
        <DetailBlock title={detailTexts.general}>
          <dl className="details">
            <DetailItem term={detailTexts.applicant}>{orDash(first?.applicant)}</DetailItem>
            <DetailItem term={detailTexts.created}>
              <time dateTime={statement.dateCreate}>{orDash(formatListDate(statement.dateCreate))}</time>
            </DetailItem>
          </dl>
        </DetailBlock>
        <DetailBlock title={detailTexts.examiner}>
          {examiner ? (
            <dl className="details">
              <DetailItem term={detailTexts.examinerFio}>{orDash(examiner.fio)}</DetailItem>
              <DetailItem term={detailTexts.governmentAgency}>{orDash(examiner.governmentAgency)}</DetailItem>
              <DetailItem term={detailTexts.phone}>
                {examiner.phone ? (
                  <a href={`tel:${examiner.phone.replace(/[^\d+]/g, '')}`}>{examiner.phone}</a>
                ) : (
                  detailTexts.dash
                )}
              </DetailItem>
              <DetailItem term={detailTexts.email}>
                {examiner.email ? <a href={`mailto:${examiner.email}`}>{examiner.email}</a> : detailTexts.dash}
              </DetailItem>
            </dl>
          ) : (
            <p className="text-secondary">{detailTexts.noExaminer}</p>
          )}
        </DetailBlock>
      </div>

      <StatementHistory history={statement.history ?? []} />

      <h2 className="rounds__title">{detailTexts.rounds}</h2>
      <div className="rounds">
        {rounds.map((round, index) => (
          <Round
            key={round.base.id}
            round={round}
            index={index}
            count={rounds.length}
            statement={statement}
            titleRef={index === rounds.length - 1 ? lastRoundTitle : undefined}
          />
        ))}
      </div>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        question={detailTexts.deleteQuestion}
        onConfirm={deleteStatement}
        danger
      />
      <NewVersionDialog
        // The button that opened the dialog is gone with the reload: keyboard focus goes to the new round.
        onSent={() => requestAnimationFrame(() => lastRoundTitle.current?.focus())}
      />
    </>
  );
}
