import { useEffect, useRef } from 'react';
import { TermNote } from '#components/statement/TermNote.tsx';
import { routes } from '#domain/routes.ts';
import { deadlineLine, intakeTermLine } from '#lib/deadline.ts';
import { whenPageRevealed } from '#lib/page-reveal.ts';
import type { FiledStatement } from '../../stores/filed.ts';
import { createTexts } from '../../texts/create.ts';

/** Props of FiledConfirmation. */
export interface FiledConfirmationProps {
  filed: FiledStatement;
  /** 'Скрыть': the list alone again. */
  onHide: () => void;
}

/**
 * The confirmation above the list after filing: the statement's number, the intake check's and the review's terms,
 * what happens next, and a link to the statement. Its title takes focus, so a screen reader starts there.
 */
export default function FiledConfirmation({ filed, onHide }: FiledConfirmationProps) {
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => whenPageRevealed(() => title.current?.focus()), []);
  return (
    <section className="alert alert--success filed-confirmation" aria-labelledby="filed-title">
      <h2 className="filed-confirmation__title" id="filed-title" ref={title} tabIndex={-1}>
        {createTexts.filedTitle(filed.visibleId)}
      </h2>
      <TermNote line={intakeTermLine(filed.intakeDeadline, 'company')} testId="filed-intake-term" />
      <TermNote
        line={deadlineLine({ status: 'sent', reviewDeadline: filed.reviewDeadline })}
        testId="filed-review-term"
      />
      <h3 className="filed-confirmation__subtitle">{createTexts.filedNextTitle}</h3>
      <ol className="filed-confirmation__steps">
        {createTexts.filedNext.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <div className="button-row">
        <a className="button" href={routes.statementInfo(filed.id)}>
          {createTexts.filedOpen}
        </a>
        <button type="button" className="button button--secondary" onClick={onHide}>
          {createTexts.filedHide}
        </button>
      </div>
    </section>
  );
}
