import Field from '#components/ui/Field.tsx';
import type { Remark } from '#domain/contract.ts';
import { needsAnswer, remarkPlace, severityLabels } from './remarks.ts';
import { remarkTexts as texts } from './texts.ts';

/**
 * The new version's answers, first in its dialog: each open remark quoted, with 'Ответ на замечание № n' (required
 * for a required remark that waits for one, optional otherwise).
 */
export default function RemarkAnswers({
  remarks,
  answers,
  errors,
  setAnswer,
}: {
  /** The remarks the new version answers. */
  remarks: readonly Remark[];
  /** The answers typed so far, by remark id. */
  answers: Readonly<Record<number, string>>;
  /** The answers' errors, by remark id. */
  errors: Readonly<Record<number, string>>;
  setAnswer: (remarkId: number, text: string) => void;
}) {
  if (remarks.length === 0) return null;
  return (
    <fieldset className="remark-answers">
      <legend className="remark-answers__legend">{texts.answersLegend}</legend>
      {remarks.map((remark) => {
        const number = remark.number ?? 0;
        const place = remarkPlace(remark);
        return (
          <div key={remark.id} className="remark-answers__item">
            <blockquote className="remark-answers__quote">
              <p className="remark__meta">
                {`№ ${number} · ${severityLabels[remark.severity]}`}
                {place ? ` · ${place}` : ''}
              </p>
              <p>{remark.text}</p>
            </blockquote>
            <Field
              label={texts.answerLabel(number, !needsAnswer(remark))}
              error={errors[remark.id]}
              id={`answer-${remark.id}`}
            >
              {(control) => (
                <textarea
                  {...control}
                  className="input"
                  rows={3}
                  maxLength={4000}
                  value={answers[remark.id] ?? ''}
                  onChange={(event) => setAnswer(remark.id, event.target.value)}
                />
              )}
            </Field>
          </div>
        );
      })}
    </fieldset>
  );
}
