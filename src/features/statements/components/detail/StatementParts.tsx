// Pieces both statement details draw the same way (the company's and the examiner's).

import type { ReactNode } from 'react';
import { DetailBlock, type DetailRows } from '#components/statement/DetailBlock.tsx';
import StatusBadge from '#components/ui/StatusBadge.tsx';
import type { Remark, Stage, StageFile, Statement } from '#domain/contract.ts';
import { orDash } from '#domain/russian.ts';
import type { StatusView } from '#domain/statuses.ts';
import { formatDateTime, type SubmissionRound } from '#lib/statement.ts';
import { StageFiles } from '../../../documents/StageFiles.tsx';
import { ReplyRemarks } from '../../../remarks/RemarksSection.tsx';
import { AwaitingSignatureMark } from '../../../signatures/SignatureNote.tsx';
import { statementDetailTexts } from '../texts.ts';

const texts = {
  dash: '—',
  submissionComment: 'Комментарий заявителя',
  files: 'Файлы',
  absentFiles: 'Из предыдущей подачи не представлены', // e2e
  /** Over the applicant's withdrawal and its reason, in the round it ended. */
  withdrawal: 'Отзыв заявления',
} as const;

/**
 * 'О проекте': cipher, object, address, the land plot's cadastral number, category and work type; the examiner also
 * sees the applying company.
 */
export function ProjectBlock({ statement, companyLabel }: { statement: Statement; companyLabel?: string }) {
  const t = statementDetailTexts;
  const company: DetailRows = companyLabel ? [[companyLabel, statement.companyName]] : [];
  return (
    <DetailBlock
      title={t.project}
      rows={[
        ...company,
        [t.cipher, statement.cipher],
        [t.objectName, statement.title],
        [t.address, statement.address],
        [t.cadastralNumber, statement.cadastralNumber],
        [t.category, statement.categoryName],
        [t.workType, statement.catalogWorkType],
      ]}
    />
  );
}

/** What a reader may do with one file of a committee's reply, drawn beside 'Просмотр' (or nothing). */
export type RoundFileAction = (stage: Stage, file: StageFile) => ReactNode;

/** One reply of the committee under the round it answers, its status labelled for the viewer. */
function StageComment({
  stage,
  view,
  remarks = [],
  files = [],
  fileAction,
}: {
  stage: Stage;
  view: StatusView;
  /** The remarks this reply published. */
  remarks?: readonly Remark[];
  /** The files the remarks may be pinned to (the round's submission). */
  files?: readonly StageFile[];
  /** What the reader may do with a file of this reply (RoundFileAction). */
  fileAction?: RoundFileAction;
}) {
  return (
    <li className={stage.status ? `comment comment--${stage.status}` : 'comment'}>
      <p className="comment__meta">
        <span className="comment__author">{orDash(stage.applicant)}</span>
        {stage.status && <StatusBadge status={stage.status} view={view} />}
        <AwaitingSignatureMark awaiting={stage.awaitingSignature} />
        <time dateTime={stage.dateCreate}>{formatDateTime(stage.dateCreate)}</time>
      </p>
      {stage.comment && <p className="comment__text">{stage.comment}</p>}
      <ReplyRemarks remarks={remarks} files={files} />
      {stage.files.length > 0 && (
        <StageFiles files={stage.files} action={fileAction && ((file) => fileAction(stage, file))} />
      )}
    </li>
  );
}

/**
 * The body of a submission round: the applicant's comment, the files, and the committee's replies under their
 * label (the company reads 'Замечания комитета', the examiner 'Ответы комитета').
 */
export function RoundBody({
  round,
  view,
  repliesLabel,
  remarks = [],
  fileAction,
  submissionFileAction,
}: {
  round: SubmissionRound;
  view: StatusView;
  repliesLabel: string;
  /** The statement's remarks: each reply lists those it published. */
  remarks?: readonly Remark[];
  /** What the reader may do with a file of a committee's reply. */
  fileAction?: RoundFileAction;
  /** What the reader may do with a file the company submitted. */
  submissionFileAction?: (file: StageFile) => ReactNode;
}) {
  return (
    <>
      {round.base.comment && (
        <div className="round__part">
          <h4 className="round__label">{texts.submissionComment}</h4>
          <p className="round__comment">{round.base.comment}</p>
        </div>
      )}
      <div className="round__part">
        <h4 className="round__label">{texts.files}</h4>
        <StageFiles files={round.base.files} action={submissionFileAction} />
      </div>
      {round.base.absentFiles.length > 0 && (
        <div className="round__part">
          <h4 className="round__label">{texts.absentFiles}</h4>
          <StageFiles files={round.base.absentFiles} absent />
        </div>
      )}
      {round.comments.length > 0 && (
        <div className="round__part">
          <h4 className="round__label">{repliesLabel}</h4>
          <ul className="comments">
            {round.comments.map((stage) => (
              <StageComment
                view={view}
                key={stage.id}
                stage={stage}
                remarks={remarks.filter((remark) => remark.round === stage.n && remark.status !== 'draft')}
                files={round.base.files}
                fileAction={fileAction}
              />
            ))}
          </ul>
        </div>
      )}
      {/* The applicant's withdrawal closes the round, after any reply it followed. */}
      {round.withdrawal && (
        <div className="round__part">
          <h4 className="round__label">{texts.withdrawal}</h4>
          <ul className="comments">
            <StageComment view={view} stage={round.withdrawal} />
          </ul>
        </div>
      )}
    </>
  );
}
