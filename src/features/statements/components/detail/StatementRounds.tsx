import type { ReactNode, RefObject } from 'react';
import type { Remark, StageFile, StatusHistoryEntry } from '#domain/contract.ts';
import type { StatusView } from '#domain/statuses.ts';
import { roundTitle, type SubmissionRound } from '#lib/statement.ts';
import ViewerHost from '../../../documents/ViewerHost.tsx';
import { StatementHistory } from '../StatementTimeline.tsx';
import { statementDetailTexts } from '../texts.ts';
import { RoundBody, type RoundFileAction } from './StatementParts.tsx';

/** Props of StatementRounds. */
export interface StatementRoundsProps {
  /** The status history, shown above the rounds as 'История'. */
  history: readonly StatusHistoryEntry[];
  /** The remarks, whose changes join the history and whose published ones the replies list. */
  remarks?: readonly Remark[];
  rounds: readonly SubmissionRound[];
  /** Whose labels the replies' status badges use. */
  view: StatusView;
  /** The label over the committee's replies ('Замечания комитета' for the company, 'Ответы комитета' for examiners). */
  repliesLabel: string;
  /** When set, the last round carries a check mark with this name (the examiner's approved statement). */
  approvedMark?: string | null;
  /** The side's actions under a round (the company's new version on the last round). */
  roundActions?: (index: number) => ReactNode;
  /** Set on the last round's title: focus moves there after a new version. */
  lastTitleRef?: RefObject<HTMLHeadingElement | null>;
  /** What the reader may do with a file of a committee's reply (the examiner's 'Подписать решение'). */
  replyFileAction?: RoundFileAction;
  /** What the reader may do with a file the company submitted (the examiner's check of a power of attorney). */
  submissionFileAction?: (file: StageFile) => ReactNode;
}

/** 'История', then 'Ход рассмотрения': every submission round with its comment, files and the committee's replies. */
export default function StatementRounds({
  history,
  remarks = [],
  rounds,
  view,
  repliesLabel,
  approvedMark,
  roundActions,
  lastTitleRef,
  replyFileAction,
  submissionFileAction,
}: StatementRoundsProps) {
  return (
    <>
      <StatementHistory history={history} remarks={remarks} />

      <h2 className="rounds__title">{statementDetailTexts.rounds}</h2>
      <div className="rounds">
        {rounds.map((round, index) => {
          const last = index === rounds.length - 1;
          const approved = Boolean(approvedMark) && last;
          const titleRef = last ? lastTitleRef : undefined;
          const title = roundTitle(index, round);
          const actions = roundActions?.(index);
          return (
            <section
              key={round.base.id}
              className={approved ? 'card round round--approved' : 'card round'}
              aria-label={title}
            >
              <h3 className="round__title" ref={titleRef} tabIndex={titleRef ? -1 : undefined}>
                {approved && (
                  <span className="round__approved" role="img" aria-label={approvedMark ?? undefined}>
                    ✓
                  </span>
                )}
                {title}
              </h3>
              <RoundBody
                round={round}
                view={view}
                repliesLabel={repliesLabel}
                remarks={remarks}
                fileAction={replyFileAction}
                submissionFileAction={submissionFileAction}
              />
              {actions && <div className="round__actions">{actions}</div>}
            </section>
          );
        })}
      </div>
      <ViewerHost />
    </>
  );
}
