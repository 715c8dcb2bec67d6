import type { ReactNode } from 'react';
import { DetailBlock } from '#components/statement/DetailBlock.tsx';
import { DeadlineMark } from '#components/statement/TermNote.tsx';
import { CONCLUSION_STATUS_LABELS, CONCLUSION_VERDICT_LABELS, REVIEW_BODY_KIND_LABELS } from '#domain/conclusions.ts';
import type { Conclusion } from '#domain/contract.ts';
import { StageFiles } from '../documents/StageFiles.tsx';
import { conclusionTermLine } from './rules.ts';
import { conclusionTexts as texts } from './texts.ts';

/**
 * 'Заключения' on the examiner's detail: each body asked, its kind, its term ('до 04.12.2026', overdue in red and
 * said in words), the status, the verdict with its text and files, who asked and who answered, a withdrawal's
 * reason. `request`: the 'Запросить заключения' button when the reader may ask; `actions`: what the reader may do
 * with an unanswered request ('Отозвать запрос'). Nothing when none was asked and the reader may not ask.
 */
export function ConclusionsBlock({
  conclusions,
  request,
  actions,
}: {
  conclusions: readonly Conclusion[];
  request?: ReactNode;
  actions?: (conclusion: Conclusion) => ReactNode;
}) {
  if (conclusions.length === 0 && !request) return null;
  return (
    <div className="conclusions-block">
      <DetailBlock title={texts.title}>
        {conclusions.length === 0 ? (
          <p className="text-secondary">{texts.empty}</p>
        ) : (
          <ol className="conclusions">
            {conclusions.map((conclusion) => (
              <ConclusionItem key={conclusion.id} conclusion={conclusion} actions={actions} />
            ))}
          </ol>
        )}
        {request && <div className="conclusion__actions">{request}</div>}
      </DetailBlock>
    </div>
  );
}

/** One request and its answer. */
function ConclusionItem({
  conclusion,
  actions,
}: {
  conclusion: Conclusion;
  actions?: (conclusion: Conclusion) => ReactNode;
}) {
  const { body, status, verdict } = conclusion;
  return (
    <li className="conclusion" data-testid="conclusion">
      <div className="conclusion__head">
        <h3 className="conclusion__body">{body.name}</h3>
        <span className="conclusion__kind">{REVIEW_BODY_KIND_LABELS[body.kind]}</span>
      </div>
      <p className="conclusion__meta">
        <DeadlineMark line={conclusionTermLine(conclusion)} />
        <span className={`conclusion__status conclusion__status--${status}`}>{CONCLUSION_STATUS_LABELS[status]}</span>
        <span>{texts.round(conclusion.round)}</span>
      </p>
      <p className="conclusion__text">
        <span className="conclusion__label">{texts.question}:</span> {conclusion.question}
      </p>
      <p className="conclusion__when">{texts.requestedBy(conclusion.requestedAt, conclusion.requestedBy)}</p>
      {status === 'answered' && verdict && (
        <div className="conclusion__answer">
          <p className="conclusion__label">
            {texts.verdict}:{' '}
            <span className={`conclusion__verdict conclusion__verdict--${verdict}`}>
              {CONCLUSION_VERDICT_LABELS[verdict]}
            </span>
          </p>
          {conclusion.text && <p className="conclusion__text">{conclusion.text}</p>}
          {conclusion.files.length > 0 && <StageFiles files={conclusion.files} />}
          {conclusion.answeredAt && (
            <p className="conclusion__when">{texts.answeredBy(conclusion.answeredAt, conclusion.answeredBy)}</p>
          )}
        </div>
      )}
      {status === 'withdrawn' && conclusion.withdrawnReason && (
        <p className="conclusion__text">
          <span className="conclusion__label">{texts.withdrawnReason}:</span> {conclusion.withdrawnReason}
        </p>
      )}
      {status === 'requested' && actions?.(conclusion)}
    </li>
  );
}
