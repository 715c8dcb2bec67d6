import { type ReactNode, useState } from 'react';
import Button from '#components/ui/Button.tsx';
import type { Remark, StageFile, Statement } from '#domain/contract.ts';
import { formatDateTime } from '#lib/statement.ts';
import { showToast } from '#stores/toasts.ts';
import { openViewerAt } from '../documents/viewer.ts';
import {
  type RemarkList,
  remarkPlace,
  remarkStatusLabels,
  remarksSummary,
  remarkTitle,
  severityLabels,
} from './remarks.ts';
import { remarkTexts as texts } from './texts.ts';

/** Props of RemarksSection: the remarks and the statement's files; the side's buttons are passed in. */
export interface RemarksSectionProps {
  statement: Statement;
  remarks: RemarkList;
  /** Every file of the statement, to open a pinned remark's document. */
  files: readonly StageFile[];
  /** Buttons beside the title (the examiner's 'Добавить замечание'). */
  toolbar?: ReactNode;
  /** Buttons of one remark (the examiner's 'Изменить', 'Удалить', 'Снять', 'Не снято'). */
  actions?: (remark: Remark) => ReactNode;
}

/**
 * 'Замечания' of a statement detail, the same on both sides: 'Замечания: 3, снято 1', then each remark with its
 * number, kind, state, text, place on the drawing (opening the viewer there), the applicant's answer and the
 * examiner's resolution. Nothing while there is nothing to show and nothing to add.
 */
export default function RemarksSection({ statement, remarks, files, toolbar, actions }: RemarksSectionProps) {
  if (remarks.items.length === 0 && !toolbar) return null;
  const summary = remarksSummary(remarks.items);
  const letter = summary ? <LetterButton statement={statement} remarks={remarks.items} /> : null;
  return (
    <section className="card remarks" aria-label={texts.remarks}>
      <div className="remarks__head">
        <h2 className="remarks__title">{texts.remarks}</h2>
        {(toolbar || letter) && (
          <div className="remarks__toolbar">
            {letter}
            {toolbar}
          </div>
        )}
      </div>
      {summary && <p className="remarks__summary">{summary}</p>}
      {remarks.status === 'error' && <p className="text-secondary">{texts.remarksLoadFailed}</p>}
      {remarks.items.length === 0 ? (
        remarks.status === 'ready' && <p className="text-secondary">{texts.noRemarks}</p>
      ) : (
        <ol className="remark-list">
          {remarks.items.map((remark) => (
            <li key={remark.id}>
              <RemarkCard remark={remark} files={files} actions={actions?.(remark)} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** One remark: its title, kind, state, text, place (opening the viewer there), answer and resolution, its buttons. */
export function RemarkCard({
  remark,
  files,
  actions,
}: {
  remark: Remark;
  files: readonly StageFile[];
  actions?: ReactNode;
}) {
  const title = remarkTitle(remark);
  const place = remarkPlace(remark);
  const file = remark.pin ? files.find((candidate) => candidate.id === remark.pin?.fileId) : undefined;
  const { answer, resolution } = remark;
  return (
    <article className={`remark remark--${remark.status}`} aria-label={`${texts.remarks}: ${title}`}>
      <div className="remark__head">
        <span className="remark__number">{title}</span>
        <span className={`remark__severity remark__severity--${remark.severity}`}>
          {severityLabels[remark.severity]}
        </span>
        {remark.number !== null && <span className="remark__status">{remarkStatusLabels[remark.status]}</span>}
      </div>
      {remark.proposedBy && (
        <p className="remark__meta">
          {texts.proposedBy(remark.proposedBy.body, remark.status === 'proposed' ? remark.author : null)}
        </p>
      )}
      <p className="remark__text">{remark.text}</p>
      {place && file && remark.pin && (
        <p className="remark__place">
          <Button variant="link" onClick={() => openViewerAt(file, remark.pin?.page ?? 1, remark.id)}>
            {texts.showOnSheet}
          </Button>{' '}
          <span className="text-secondary">{place}</span>
        </p>
      )}
      {answer && (
        <div className="remark__answer">
          <p className="remark__label">{texts.answer}</p>
          <p className="remark__text">{answer.text}</p>
          <p className="remark__meta">{texts.answerMeta(answer.author, formatDateTime(answer.at))}</p>
        </div>
      )}
      {resolution && (resolution.byDecision || resolution.note) && (
        <div className="remark__resolution">
          <p className="remark__label">{resolution.byDecision ? texts.byDecision : texts.resolution}</p>
          {resolution.note && <p className="remark__text">{resolution.note}</p>}
        </div>
      )}
      {actions && <div className="remark__actions">{actions}</div>}
    </article>
  );
}

/** 'Перечень замечаний': the letter of every published remark, 'Замечания_{visibleId}.pdf' (jspdf loads on first use). */
function LetterButton({ statement, remarks }: { statement: Statement; remarks: readonly Remark[] }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { downloadRemarksLetter } = await import('./letter/remarks-letter-download.ts');
      await downloadRemarksLetter(statement, remarks);
    } catch (error) {
      console.error('Remarks letter', error);
      showToast('error', texts.letterFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" busy={busy} onClick={() => void download()}>
      {texts.letter}
    </Button>
  );
}

/**
 * The remarks a rework reply carried, under that reply in its round: '№ n', kind, state, text and place, a pinned one
 * opening the viewer there.
 */
export function ReplyRemarks({ remarks, files }: { remarks: readonly Remark[]; files: readonly StageFile[] }) {
  if (remarks.length === 0) return null;
  return (
    <ul className="reply-remarks" aria-label={texts.remarks}>
      {remarks.map((remark) => {
        const file = remark.pin ? files.find((candidate) => candidate.id === remark.pin?.fileId) : undefined;
        const place = remarkPlace(remark);
        return (
          <li key={remark.id} className={`reply-remarks__item remark--${remark.status}`}>
            <p className="remark__meta">
              {[remarkTitle(remark), severityLabels[remark.severity], remarkStatusLabels[remark.status], place]
                .filter(Boolean)
                .join(' · ')}
            </p>
            <p className="remark__text">{remark.text}</p>
            {file && remark.pin && (
              <Button variant="link" onClick={() => openViewerAt(file, remark.pin?.page ?? 1, remark.id)}>
                {texts.showOnSheet}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
