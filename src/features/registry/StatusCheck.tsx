import type { FormEvent } from 'react';
import Button from '#components/ui/Button.tsx';
import Field from '#components/ui/Field.tsx';
import { committeeTime } from '#domain/committee-time.ts';
import type { PublicStatementStatus } from '#domain/contract.ts';
import { formatNumericDay } from '#domain/russian.ts';
import { useStore } from '#stores/prerendered.ts';
import { $statusAnswer, checkStatus, statusCheckForm as form, type StatusCheckAnswer } from './stores/status-check.ts';
import { statusTexts as t } from './texts/status.ts';

function Found({ status }: { status: PublicStatementStatus }) {
  return (
    <section className="card registry-block" aria-labelledby="status-result">
      <h2 className="detail-block__title" id="status-result">
        {t.result}
      </h2>
      <dl className="details">
        <div className="details__item">
          <dt>{t.status}</dt>
          <dd className="status-check__label">{status.statusLabel}</dd>
        </div>
        <div className="details__item">
          <dt>{t.submittedAt}</dt>
          <dd>{formatNumericDay(committeeTime(status.submittedAt)?.day ?? status.submittedAt)}</dd>
        </div>
        <div className="details__item">
          <dt>{t.dueDate}</dt>
          <dd>
            {status.dueDate ? formatNumericDay(status.dueDate) : t.noDueDate}
            {status.dueDate && (
              <span
                className={status.overdue ? 'status-check__term status-check__term--overdue' : 'status-check__term'}
              >
                {status.overdue ? t.overdue : t.inTime}
              </span>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function Answer({ answer }: { answer: StatusCheckAnswer }) {
  if (answer.state === 'idle') return null;
  if (answer.state === 'found') return <Found status={answer.status} />;
  const text = answer.state === 'notFound' ? t.notFound : answer.state === 'tooMany' ? t.tooMany : t.failed;
  return (
    <div className="alert alert--error">
      <p className="alert__title">{text}</p>
    </div>
  );
}

/** The status check's island: the number and the ИНН, and the answer announced when it comes. */
export default function StatusCheck() {
  const values = useStore(form.$values);
  const errors = useStore(form.$shownErrors);
  const { busy } = useStore(form.$status);
  const answer = useStore($statusAnswer);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The check takes the previous answer away and validates at once (before it waits for anything): a refused form
    // has its errors now, and the first takes the focus.
    void checkStatus();
    const first = Object.keys(form.$errors.get())[0];
    if (first) document.getElementById(`status-${first}`)?.focus();
  };

  return (
    <div className="status-check">
      <form className="card registry-block status-check__form" noValidate onSubmit={onSubmit}>
        <Field label={t.number} hint={t.numberHint} error={errors.visibleId} id="status-visibleId">
          {(control) => (
            <input
              {...control}
              className="input"
              name="visibleId"
              inputMode="numeric"
              autoComplete="off"
              maxLength={15}
              value={values.visibleId}
              onChange={(event) => form.setValue('visibleId', event.currentTarget.value)}
              onBlur={() => form.touch('visibleId')}
            />
          )}
        </Field>
        <Field label={t.inn} hint={t.innHint} error={errors.inn} id="status-inn">
          {(control) => (
            <input
              {...control}
              className="input"
              name="inn"
              inputMode="numeric"
              autoComplete="off"
              maxLength={12}
              value={values.inn}
              onChange={(event) => form.setValue('inn', event.currentTarget.value)}
              onBlur={() => form.touch('inn')}
            />
          )}
        </Field>
        <Button type="submit" busy={busy}>
          {busy ? t.checking : t.submit}
        </Button>
      </form>
      <div aria-live="polite" className="status-check__answer">
        <Answer answer={answer} />
      </div>
    </div>
  );
}
