import { useStore } from '@nanostores/react';
import { routes } from '#domain/routes.ts';
import { INSTANCE_SIDEBAR_LABELS } from '#domain/statuses.ts';
import BackLink from '../../../components/statement/BackLink.tsx';
import { DetailBlock, DetailItem, orDash, RoundBody } from '../../../components/statement/StatementParts.tsx';
import { DeadlineNote, StatementHistory } from '../../../components/statement/StatementTimeline.tsx';
import DropdownMenu from '../../../components/ui/DropdownMenu.tsx';
import Spinner from '../../../components/ui/Spinner.tsx';
import StatusBadge from '../../../components/ui/StatusBadge.tsx';
import type { BackTarget } from '../../../lib/back-link.ts';
import { REPLY_CHOICES } from '../../../lib/review.ts';
import { roundTitle, type SubmissionRound, statementHeading } from '../../../lib/statement.ts';
import { $canReply, $certificateBusy, $review, $reviewRounds, startReply } from '../stores/detail.ts';
import { reviewTexts } from '../texts.ts';
import ReplyDialog from './ReplyDialog.tsx';

const HEADING_ID = 'review-heading';

/** A submission round; the last one carries a check mark once the statement is approved (spec §2). */
function Round({ round, index, approved }: { round: SubmissionRound; index: number; approved: boolean }) {
  const title = roundTitle(index, round);
  return (
    <section className={approved ? 'card round round--approved' : 'card round'} aria-label={title}>
      <h3 className="round__title">
        {approved && (
          <span className="round__approved" role="img" aria-label={reviewTexts.approvedRound}>
            ✓
          </span>
        )}
        {title}
      </h3>
      <RoundBody round={round} view="instance" repliesLabel={reviewTexts.committeeComments} />
    </section>
  );
}

/** The examiner's lists a statement is opened from, with the sidebar's names; the first is the default. */
const INSTANCE_LISTS: readonly BackTarget[] = [
  { href: routes.instanceNews, label: reviewTexts.back },
  { href: routes.instanceAll, label: reviewTexts.backAll },
  { href: routes.instance(), label: reviewTexts.backMine },
  { href: routes.instance('all'), label: reviewTexts.backMine },
  ...(Object.keys(INSTANCE_SIDEBAR_LABELS) as Array<keyof typeof INSTANCE_SIDEBAR_LABELS>).map((status) => ({
    href: routes.instance(status),
    label: INSTANCE_SIDEBAR_LABELS[status],
  })),
];

/** The examiner's statement detail of spec §2: the card, 'О проекте', 'Заявитель', 'О компании', the rounds, the reply. */
export default function ReviewDetail() {
  const detail = useStore($review);
  const rounds = useStore($reviewRounds);
  const canReply = useStore($canReply);
  const certificateBusy = useStore($certificateBusy);
  const statement = detail.statement;

  const back = <BackLink lists={INSTANCE_LISTS} fallback={INSTANCE_LISTS[0] as BackTarget} />;
  if (!statement) {
    return (
      <>
        {back}
        <Spinner label={reviewTexts.loading} />
      </>
    );
  }

  const first = statement.stages[0];
  return (
    <>
      {back}
      <header className="detail-header">
        <div className="detail-header__meta">
          <span className="detail-header__number">{reviewTexts.number(statement.visibleId)}</span>
          <StatusBadge status={statement.status} view="instance" />
        </div>
        <h1 className="detail-header__title" id={HEADING_ID} tabIndex={-1}>
          {statementHeading(statement)}
        </h1>
        <DeadlineNote statement={statement} />
        {canReply && (
          <div className="detail-header__actions">
            <DropdownMenu
              label={reviewTexts.reply}
              items={REPLY_CHOICES.map((choice) => ({
                label: choice.label,
                disabled: certificateBusy,
                onSelect: () => void startReply(choice.status),
              }))}
            />
            {certificateBusy && <Spinner label={reviewTexts.certificateBusy} />}
          </div>
        )}
      </header>

      <div className="detail-blocks">
        <DetailBlock list title={reviewTexts.project}>
          <DetailItem term={reviewTexts.company}>{orDash(statement.companyName)}</DetailItem>
          <DetailItem term={reviewTexts.cipher}>{orDash(statement.cipher)}</DetailItem>
          <DetailItem term={reviewTexts.objectName}>{orDash(statement.title)}</DetailItem>
          <DetailItem term={reviewTexts.address}>{orDash(statement.address)}</DetailItem>
          <DetailItem term={reviewTexts.category}>{orDash(statement.categoryName)}</DetailItem>
          <DetailItem term={reviewTexts.workType}>{orDash(statement.catalogWorkType)}</DetailItem>
        </DetailBlock>
        <DetailBlock list title={reviewTexts.applicant}>
          <DetailItem term={reviewTexts.fio}>{orDash(first?.applicant)}</DetailItem>
          <DetailItem term={reviewTexts.phone}>{orDash(first?.applicantPhone)}</DetailItem>
          <DetailItem term={reviewTexts.position}>{orDash(first?.applicantPosition)}</DetailItem>
          <DetailItem term={reviewTexts.email}>
            {first?.applicantMail ? (
              <a href={`mailto:${first.applicantMail}`}>{first.applicantMail}</a>
            ) : (
              reviewTexts.dash
            )}
          </DetailItem>
        </DetailBlock>
        <DetailBlock list title={reviewTexts.aboutCompany}>
          <DetailItem term={reviewTexts.companyName}>{orDash(statement.companyName)}</DetailItem>
          <DetailItem term={reviewTexts.inn}>{orDash(statement.companyInn)}</DetailItem>
          <DetailItem term={reviewTexts.ogrn}>{orDash(statement.companyOgrn)}</DetailItem>
          <DetailItem term={reviewTexts.kpp}>{orDash(statement.companyKpp)}</DetailItem>
          <DetailItem term={reviewTexts.director}>{orDash(statement.companyDirector)}</DetailItem>
          <DetailItem term={reviewTexts.directorPhone}>{orDash(statement.companyDirectorPhone)}</DetailItem>
        </DetailBlock>
      </div>

      <StatementHistory history={statement.history ?? []} />

      <h2 className="rounds__title">{reviewTexts.rounds}</h2>
      <div className="rounds">
        {rounds.map((round, index) => (
          <Round
            key={round.base.id}
            round={round}
            index={index}
            approved={statement.status === 'approved' && index === rounds.length - 1}
          />
        ))}
      </div>

      <ReplyDialog fallbackFocus={() => document.getElementById(HEADING_ID)} />
    </>
  );
}
