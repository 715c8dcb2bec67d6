import type { ReactNode } from 'react';
import { DetailBlock } from '#components/statement/DetailBlock.tsx';
import { TermNote } from '#components/statement/TermNote.tsx';
import { APPEAL_STATUS_LABELS, APPEAL_SUBJECT_LABELS } from '#domain/appeals.ts';
import { committeeTime } from '#domain/committee-time.ts';
import type { Appeal, StageFile } from '#domain/contract.ts';
import { formatDateTime } from '#lib/statement.ts';
import { StageFiles } from '../documents/StageFiles.tsx';
import { appealTermLine } from './lib/appeal-rules.ts';
import { blockTexts as texts } from './texts.ts';

/** Props of AppealsBlock: the statement's appeals, and what the side adds to an open one. */
export interface AppealsBlockProps {
  appeals: readonly Appeal[];
  /** The head's 'Рассмотреть жалобу' under an open appeal (the examiner's detail); nothing on the company's. */
  actions?: (appeal: Appeal) => ReactNode;
  /** What the reader may do with an answer letter ('Подписать решение' for the head who decided); nothing by default. */
  letterAction?: (appeal: Appeal, file: StageFile) => ReactNode;
}

/**
 * 'Жалобы' on both details: each appeal with its subject, status, text, files and term (overdue marked as every term
 * is), and once answered the head's answer with its letter 'Ответ на жалобу'.
 */
export default function AppealsBlock({ appeals, actions, letterAction }: AppealsBlockProps) {
  if (appeals.length === 0) return null;
  const today = committeeTime(new Date())?.day ?? null;
  return (
    <div className="appeals-block">
      <DetailBlock title={texts.title}>
        <ol className="appeals">
          {appeals.map((appeal) => (
            <li key={appeal.id} className="appeal" data-testid="appeal">
              <p className="appeal__meta">
                <span className="appeal__subject">{APPEAL_SUBJECT_LABELS[appeal.subject]}</span>
                <span className={`appeal__status appeal__status--${appeal.status}`}>
                  {APPEAL_STATUS_LABELS[appeal.status]}
                </span>
                <span>{texts.filedOn(formatDateTime(appeal.filedAt), appeal.filedBy)}</span>
              </p>
              <p className="appeal__text">{appeal.text}</p>
              {appeal.files.length > 0 && (
                <div className="appeal__part">
                  <p className="appeal__label">{texts.files}</p>
                  <StageFiles files={appeal.files} />
                </div>
              )}
              <TermNote line={appealTermLine(appeal, today)} testId="appeal-deadline" />
              {appeal.decision && (
                <div className="appeal__part" data-testid="appeal-answer">
                  <p className="appeal__label">
                    {texts.answer}{' '}
                    <span className="appeal__when">
                      {texts.answeredOn(formatDateTime(appeal.decision.decidedAt), appeal.decision.decidedBy)}
                    </span>
                  </p>
                  <p className="appeal__text">{appeal.decision.text}</p>
                  <p className="appeal__label">{texts.letter}</p>
                  <StageFiles
                    files={[appeal.decision.letter]}
                    action={letterAction && ((file) => letterAction(appeal, file))}
                  />
                </div>
              )}
              {appeal.status === 'filed' && actions?.(appeal)}
            </li>
          ))}
        </ol>
      </DetailBlock>
    </div>
  );
}
