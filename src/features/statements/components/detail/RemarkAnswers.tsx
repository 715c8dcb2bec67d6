import Field from '#components/ui/Field.tsx';
import { needsAnswer, remarkPlace, severityLabels } from '#lib/remarks.ts';
import { useStore } from '#stores/prerendered.ts';
import { $answerable, $answerErrors, $answers, setAnswer } from '../../stores/detail.ts';
import { detailTexts } from '../../texts/detail.ts';

/**
 * The new version's answers, first in its dialog: each open remark quoted, with 'Ответ на замечание № n' (required
 * for a required remark that waits for one, optional otherwise).
 */
export default function RemarkAnswers() {
  const remarks = useStore($answerable);
  const answers = useStore($answers);
  const errors = useStore($answerErrors);
  if (remarks.length === 0) return null;
  return (
    <fieldset className="remark-answers">
      <legend className="remark-answers__legend">{detailTexts.answersLegend}</legend>
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
              label={detailTexts.answerLabel(number, !needsAnswer(remark))}
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
