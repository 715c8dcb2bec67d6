// The status history, drawn the same way on both statement details (docs/product.md «Deadlines and history»). Only a
// detail loads it; the terms' lines and tags the lists show are DeadlineTags.tsx.
import { useId } from 'react';
import type { Remark, StatusHistoryEntry } from '#domain/contract.ts';
import { timelineEntries } from '#lib/timeline.ts';
import { mergeTimelines, remarkTimelineEntries } from '../../remarks/remarks.ts';

const texts = {
  history: 'История', // e2e
  historyEmpty: 'Изменений статуса пока нет',
} as const;

/** 'История': every status change, oldest first, with when (committee's time), who and on which side. */
export function StatementHistory({
  history,
  remarks = [],
}: {
  history: readonly StatusHistoryEntry[];
  /** The statement's remarks: their publication, answers and resolutions join the history. */
  remarks?: readonly Remark[];
}) {
  const headingId = useId();
  const entries = mergeTimelines(timelineEntries(history), remarkTimelineEntries(remarks));
  return (
    <section className="card history" aria-labelledby={headingId}>
      <h2 id={headingId} className="detail-block__title">
        {texts.history}
      </h2>
      {entries.length === 0 ? (
        <p className="text-secondary">{texts.historyEmpty}</p>
      ) : (
        <ol className="timeline">
          {entries.map((entry, index) => (
            <li
              // The history never reorders: its position is its identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: entries carry no id of their own.
              key={index}
              className={`timeline__item timeline__item--${entry.byCommittee ? 'committee' : 'applicant'} timeline__item--${entry.event}`}
            >
              <p className="timeline__head">
                <span className="timeline__event">{entry.label}</span>
                <span className="timeline__side">{entry.side}</span>
              </p>
              <p className="timeline__meta">
                <time dateTime={entry.at}>{entry.when}</time>
                {entry.actor && (
                  <>
                    <span aria-hidden="true"> · </span>
                    <span className="visually-hidden">, </span>
                    <span className="timeline__actor">{entry.actor}</span>
                  </>
                )}
              </p>
              {entry.term && (
                <p className={entry.onTime ? 'timeline__term' : 'timeline__term timeline__term--late'}>{entry.term}</p>
              )}
              {entry.notes?.map((note) => (
                <p key={note} className="timeline__note">
                  {note}
                </p>
              ))}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
