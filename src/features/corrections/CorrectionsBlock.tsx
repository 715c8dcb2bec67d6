import type { ReactNode } from 'react';
import { DetailBlock } from '#components/statement/DetailBlock.tsx';
import { TermNote } from '#components/statement/TermNote.tsx';
import type { Correction, StageFile } from '#domain/contract.ts';
import { CORRECTION_STATUS_LABELS } from '#domain/corrections.ts';
import { certificateDate } from '#domain/pdf/page.ts';
import { correctionTermLine } from '#lib/deadline.ts';
import { StageFiles } from '../documents/StageFiles.tsx';
import { correctionTexts as texts } from './texts.ts';

/**
 * 'Исправление опечаток в свидетельстве' on both details: each request with its status, its term (overdue shown as
 * the review term's is) and the committee's answer; the corrected certificate's file and check page once corrected.
 * `actions`: the examiner's buttons for a requested one; `fileAction`: what the reader may do with a corrected
 * certificate's file (the examiner's 'Подписать решение').
 */
export function CorrectionsBlock({
  corrections,
  actions,
  fileAction,
}: {
  corrections: readonly Correction[];
  actions?: (correction: Correction) => ReactNode;
  fileAction?: (file: StageFile) => ReactNode;
}) {
  if (corrections.length === 0) return null;
  return (
    <div className="corrections-block">
      <DetailBlock title={texts.title}>
        <ol className="corrections">
          {corrections.map((correction) => (
            <li key={correction.id} className="correction" data-testid="correction">
              <p className="correction__meta">
                <span>{texts.requestedOn(correction.requestedAt, correction.requestedBy)}</span>
                <span className={`correction__status correction__status--${correction.status}`}>
                  {CORRECTION_STATUS_LABELS[correction.status]}
                </span>
              </p>
              <p className="correction__text">{correction.text}</p>
              <TermNote line={correctionTermLine(correction.deadline)} testId="correction-deadline" />
              {correction.answer && (
                <p className="correction__answer">
                  <span className="correction__label">
                    {correction.status === 'declined' ? texts.reason : texts.answer}:
                  </span>{' '}
                  {correction.answer}
                </p>
              )}
              {correction.status === 'corrected' && correction.answeredAt && (
                <div className="correction__certificate">
                  <p className="correction__label">
                    {texts.correctedCertificate(certificateDate(new Date(correction.answeredAt)))}
                  </p>
                  {correction.files.length > 0 && <StageFiles files={correction.files} action={fileAction} />}
                  {correction.checkUrl && <a href={correction.checkUrl}>{texts.check}</a>}
                </div>
              )}
              {correction.status === 'requested' && actions?.(correction)}
            </li>
          ))}
        </ol>
      </DetailBlock>
    </div>
  );
}
