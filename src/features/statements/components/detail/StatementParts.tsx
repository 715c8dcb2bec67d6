// Pieces both statement details draw the same way (the company's and the examiner's).

import type { ReactNode } from 'react';
import Button from '#components/ui/Button.tsx';
import StatusBadge from '#components/ui/StatusBadge.tsx';
import type { Remark, Stage, StageFile, Statement } from '#domain/contract.ts';
import { orDash } from '#domain/russian.ts';
import type { StatusView } from '#domain/statuses.ts';
import { formatFileSize } from '#lib/file-size.ts';
import { formatDateTime, type SubmissionRound } from '#lib/statement.ts';
import { $downloading, downloadStageFile } from '#stores/downloads.ts';
import { useStore } from '#stores/prerendered.ts';
import { AbsentMark, ChangeMark } from '../../../documents/FileMarks.tsx';
import { viewerTexts } from '../../../documents/texts.ts';
import { openViewer } from '../../../documents/viewer.ts';
import { canCompare } from '../../../documents/viewer-rules.ts';
import { ReplyRemarks } from '../../../remarks/RemarksSection.tsx';
import { AwaitingSignatureMark, SignatureDownload, SignatureNote } from '../../../signatures/SignatureNote.tsx';
import { statementDetailTexts } from '../texts.ts';

const texts = {
  dash: '—',
  submissionComment: 'Комментарий заявителя',
  files: 'Файлы',
  noFiles: 'Файлов нет',
  download: (name: string) => `Скачать «${name}»`, // e2e
  absentFiles: 'Из предыдущей подачи не представлены', // e2e
  /** Over the applicant's withdrawal and its reason, in the round it ended. */
  withdrawal: 'Отзыв заявления',
} as const;

/** A term and its value in a description list. */
export function DetailItem({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="details__item">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Terms and their text values; an empty value reads as the dash. */
export type DetailRows = ReadonlyArray<readonly [term: string, value: string | null | undefined]>;

/**
 * A titled block: `rows` of text values, or `children` (DetailItems in the description list when `list` is set, or
 * anything else).
 */
export function DetailBlock({
  title,
  list = false,
  rows,
  children,
}: {
  title: string;
  list?: boolean;
  rows?: DetailRows;
  children?: ReactNode;
}) {
  const items = rows?.map(([term, value]) => (
    <DetailItem key={term} term={term}>
      {orDash(value)}
    </DetailItem>
  ));
  return (
    <section className="card detail-block" aria-label={title}>
      <h2 className="detail-block__title">{title}</h2>
      {rows || list ? (
        <dl className="details">
          {items}
          {children}
        </dl>
      ) : (
        children
      )}
    </section>
  );
}

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

/**
 * Files of a stage: the name (a button that downloads it under that name), the size, the mark against the previous
 * submission, its signature ('Подписан: …' or why not, and 'Скачать подпись'), 'Просмотр', and for a changed PDF
 * 'Сравнить с предыдущей версией'. `absent` lists a previous
 * submission's files this round does not present again ('не представлен').
 */
export function StageFiles({
  files,
  absent = false,
  action,
}: {
  files: StageFile[];
  absent?: boolean;
  /** What the reader may do with a file besides viewing it (the examiner's 'Подписать решение'). */
  action?: (file: StageFile) => ReactNode;
}) {
  const downloading = useStore($downloading);
  if (files.length === 0) return <p className="text-secondary">{texts.noFiles}</p>;
  return (
    <ul className="file-grid">
      {files.map((file) => (
        <li key={file.id} className="file-card">
          <Button
            variant="link"
            className="file-card__name"
            aria-label={texts.download(file.fileName)}
            busy={downloading.has(file.id)}
            onClick={() => void downloadStageFile(file)}
          >
            {file.fileName}
          </Button>
          <span className="file-card__size">
            {formatFileSize(file.size)} {absent ? <AbsentMark /> : <ChangeMark change={file.change} />}
          </span>
          <SignatureNote signature={file.signature} />
          <span className="file-card__actions">
            <Button variant="link" aria-label={viewerTexts.viewFile(file.fileName)} onClick={() => openViewer(file)}>
              {viewerTexts.view}
            </Button>
            {canCompare(file) && (
              <Button
                variant="link"
                aria-label={viewerTexts.compareFile(file.fileName)}
                onClick={() => openViewer(file, 'compare')}
              >
                {viewerTexts.compare}
              </Button>
            )}
            <SignatureDownload file={file.signatureFile} />
            {action?.(file)}
          </span>
        </li>
      ))}
    </ul>
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
}: {
  round: SubmissionRound;
  view: StatusView;
  repliesLabel: string;
  /** The statement's remarks: each reply lists those it published. */
  remarks?: readonly Remark[];
  /** What the reader may do with a file of a committee's reply. */
  fileAction?: RoundFileAction;
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
        <StageFiles files={round.base.files} />
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
