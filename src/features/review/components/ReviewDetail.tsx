import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import Button from '../../../components/ui/Button.tsx';
import DropdownMenu from '../../../components/ui/DropdownMenu.tsx';
import Spinner from '../../../components/ui/Spinner.tsx';
import StatusBadge from '../../../components/ui/StatusBadge.tsx';
import type { Stage, StageFile } from '../../../lib/api/types.ts';
import { formatFileSize } from '../../../lib/files.ts';
import { REPLY_CHOICES } from '../../../lib/review.ts';
import { routes } from '../../../lib/routes.ts';
import { formatDateTime, roundTitle, type SubmissionRound, statementHeading } from '../../../lib/statement.ts';
import {
  $canReply,
  $certificateBusy,
  $review,
  $reviewDownloading,
  $reviewRounds,
  downloadReviewFile,
  startReply,
} from '../stores/detail.ts';
import { reviewTexts } from '../texts.ts';
import ReplyDialog from './ReplyDialog.tsx';

const HEADING_ID = 'review-heading';

/** A value or the dash of an empty one. */
function orDash(value: string | null | undefined): string {
  return value?.trim() ? value : reviewTexts.dash;
}

/** A term and its value in a description list. */
function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="details__item">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A titled block of terms. */
function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card detail-block" aria-label={title}>
      <h2 className="detail-block__title">{title}</h2>
      <dl className="details">{children}</dl>
    </section>
  );
}

/** Files of a stage: name (a button that downloads it) and size. */
function Files({ files }: { files: StageFile[] }) {
  const downloading = useStore($reviewDownloading);
  if (files.length === 0) return <p className="text-secondary">{reviewTexts.noFiles}</p>;
  return (
    <ul className="file-grid">
      {files.map((file) => (
        <li key={file.id} className="file-card">
          <Button
            variant="link"
            className="file-card__name"
            aria-label={reviewTexts.download(file.fileName)}
            busy={downloading.has(file.id)}
            onClick={() => void downloadReviewFile(file)}
          >
            {file.fileName}
          </Button>
          <span className="file-card__size">{formatFileSize(file.size)}</span>
        </li>
      ))}
    </ul>
  );
}

/** One reply of the committee under the round it answers. */
function Comment({ stage }: { stage: Stage }) {
  return (
    <li className={stage.status ? `comment comment--${stage.status}` : 'comment'}>
      <p className="comment__meta">
        <span className="comment__author">{orDash(stage.applicant)}</span>
        {stage.status && <StatusBadge status={stage.status} view="instance" />}
        <time dateTime={stage.dateCreate}>{formatDateTime(stage.dateCreate)}</time>
      </p>
      {stage.comment && <p className="comment__text">{stage.comment}</p>}
      {stage.files.length > 0 && <Files files={stage.files} />}
    </li>
  );
}

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
      {round.base.comment && (
        <div className="round__part">
          <h4 className="round__label">{reviewTexts.submissionComment}</h4>
          <p className="round__comment">{round.base.comment}</p>
        </div>
      )}
      <div className="round__part">
        <h4 className="round__label">{reviewTexts.files}</h4>
        <Files files={round.base.files} />
      </div>
      {round.comments.length > 0 && (
        <div className="round__part">
          <h4 className="round__label">{reviewTexts.committeeComments}</h4>
          <ul className="comments">
            {round.comments.map((stage) => (
              <Comment key={stage.id} stage={stage} />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** The examiner's statement detail of spec §2: the card, 'О проекте', 'Заявитель', 'О компании', the rounds, the reply. */
export default function ReviewDetail() {
  const detail = useStore($review);
  const rounds = useStore($reviewRounds);
  const canReply = useStore($canReply);
  const certificateBusy = useStore($certificateBusy);
  const statement = detail.statement;

  const back = (
    <a className="back-link" href={routes.instanceNews}>
      <span aria-hidden="true">←</span>
      {reviewTexts.back}
    </a>
  );
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
        <Block title={reviewTexts.project}>
          <Item term={reviewTexts.company}>{orDash(statement.companyName)}</Item>
          <Item term={reviewTexts.cipher}>{orDash(statement.cipher)}</Item>
          <Item term={reviewTexts.objectName}>{orDash(statement.title)}</Item>
          <Item term={reviewTexts.address}>{orDash(statement.address)}</Item>
          <Item term={reviewTexts.category}>{orDash(statement.categoryName)}</Item>
          <Item term={reviewTexts.workType}>{orDash(statement.catalogWorkType)}</Item>
        </Block>
        <Block title={reviewTexts.applicant}>
          <Item term={reviewTexts.fio}>{orDash(first?.applicant)}</Item>
          <Item term={reviewTexts.phone}>{orDash(first?.applicantPhone)}</Item>
          <Item term={reviewTexts.position}>{orDash(first?.applicantPosition)}</Item>
          <Item term={reviewTexts.email}>
            {first?.applicantMail ? (
              <a href={`mailto:${first.applicantMail}`}>{first.applicantMail}</a>
            ) : (
              reviewTexts.dash
            )}
          </Item>
        </Block>
        <Block title={reviewTexts.aboutCompany}>
          <Item term={reviewTexts.companyName}>{orDash(statement.companyName)}</Item>
          <Item term={reviewTexts.inn}>{orDash(statement.companyInn)}</Item>
          <Item term={reviewTexts.ogrn}>{orDash(statement.companyOgrn)}</Item>
          <Item term={reviewTexts.kpp}>{orDash(statement.companyKpp)}</Item>
          <Item term={reviewTexts.director}>{orDash(statement.companyDirector)}</Item>
          <Item term={reviewTexts.directorPhone}>{orDash(statement.companyDirectorPhone)}</Item>
        </Block>
      </div>

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
