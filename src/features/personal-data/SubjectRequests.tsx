import { type FormEvent, useEffect } from 'react';
import Button from '#components/ui/Button.tsx';
import Field from '#components/ui/Field.tsx';
import FormField from '#components/ui/FormField.tsx';
import { useFormField } from '#components/ui/form.ts';
import LoadFailed from '#components/ui/LoadFailed.tsx';
import Spinner from '#components/ui/Spinner.tsx';
import { WITHDRAWAL_VIA_LABELS } from '#domain/personal-data.ts';
import { formatDay, orDash } from '#domain/russian.ts';
import { formatCommitteeMoment } from '#lib/deadline.ts';
import { useStore } from '#stores/prerendered.ts';
import { showToast } from '#stores/toasts.ts';
import {
  $chosen,
  $register,
  $subjects,
  $withdrawing,
  answerRequest,
  choose,
  downloadAnswer,
  findSubjects,
  loadRegister,
  recordWithdrawal,
  requestForm,
  startWithdrawal,
  subjectSearch,
  withdrawalForm,
} from './stores/subject-requests.ts';
import { subjectRequestTexts as t, withdrawalRecordTexts as w } from './texts.ts';

function Found() {
  const found = useStore($subjects);
  if (found === 'idle') return null;
  if (found === 'loading') return <Spinner label={t.find} />;
  if (found === 'error') return <p role="alert">{t.searchFailed}</p>;
  if (found.length === 0) return <p className="text-secondary">{t.nobody}</p>;
  return (
    <ul className="subject-list">
      {found.map((person) => {
        const name = person.fio ?? person.email ?? String(person.personId);
        return (
          <li key={person.personId} className="card subject-list__item">
            <span>
              <strong>{name}</strong> — {person.role}
              {person.company && `, ${person.company}`}
              <br />
              <span className="text-secondary">
                {orDash(person.email)}, {orDash(person.phone)}
              </span>
            </span>
            <span className="subject-list__actions">
              <Button variant="secondary" onClick={() => choose(person)} aria-label={t.choose(name)}>
                {t.chooseButton}
              </Button>
              {person.companyUser &&
                (person.consentWithdrawnAt ? (
                  <span className="text-secondary">
                    {w.withdrawn(formatCommitteeMoment(person.consentWithdrawnAt))}
                  </span>
                ) : (
                  <Button variant="secondary" onClick={() => startWithdrawal(person)} aria-label={w.startOf(name)}>
                    {w.start}
                  </Button>
                ))}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function RequestForm() {
  const person = useStore($chosen);
  const status = useStore(requestForm.$status);
  if (!person) return null;
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await answerRequest()) showToast('success', t.answered);
  };
  return (
    <form className="card access-log-filters" onSubmit={(event) => void onSubmit(event)} noValidate>
      <h3 className="access-log-filters__actions">{t.chosen(person.fio ?? person.email ?? '')}</h3>
      <FormField form={requestForm} name="requester" label={t.requester} hint={t.requesterHint} />
      <FormField form={requestForm} name="receivedOn" label={t.receivedOn} optional type="date" size="medium" />
      {status.error && (
        <p role="alert" className="field-error access-log-filters__actions">
          {status.error}
        </p>
      )}
      <div className="access-log-filters__actions">
        <Button type="submit" busy={status.busy}>
          {t.answer}
        </Button>
        <Button type="button" variant="secondary" onClick={() => choose(null)}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}

/** How a withdrawal came: a select bound to the form (the portal's own way is not offered). */
function ViaSelect() {
  const bound = useFormField(withdrawalForm, 'via');
  return (
    <Field label={w.via}>
      {(control) => (
        <select {...control} className="input select" name="via" value={bound.value} onChange={bound.onChange}>
          {(['post', 'in_person', 'electronic'] as const).map((via) => (
            <option key={via} value={via}>
              {WITHDRAWAL_VIA_LABELS[via]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A withdrawal of consent that came on paper, recorded for the person chosen. */
function WithdrawalForm() {
  const person = useStore($withdrawing);
  const status = useStore(withdrawalForm.$status);
  if (!person) return null;
  const name = person.fio ?? person.email ?? String(person.personId);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await recordWithdrawal()) showToast('success', w.recorded(name));
  };
  return (
    <form className="card access-log-filters" onSubmit={(event) => void onSubmit(event)} noValidate>
      <h3 className="access-log-filters__actions">{w.title(name)}</h3>
      <p className="access-log-filters__actions">{w.lead}</p>
      <ViaSelect />
      <FormField form={withdrawalForm} name="receivedOn" label={w.receivedOn} optional type="date" size="medium" />
      {status.error && (
        <p role="alert" className="field-error access-log-filters__actions">
          {status.error}
        </p>
      )}
      <div className="access-log-filters__actions">
        <Button type="submit" className="button--danger" busy={status.busy}>
          {w.submit}
        </Button>
        <Button type="button" variant="secondary" onClick={() => startWithdrawal(null)}>
          {w.cancel}
        </Button>
      </div>
    </form>
  );
}

function Register() {
  const register = useStore($register);
  if (register === 'loading') return <Spinner label={t.register} />;
  if (register === 'error')
    return <LoadFailed text={t.loadFailed} retryLabel={t.retry} onRetry={() => void loadRegister()} />;
  if (register.length === 0) return <p className="text-secondary">{t.registerEmpty}</p>;
  return (
    <table className="card-table admin-table">
      <caption className="visually-hidden">{t.register}</caption>
      <thead>
        <tr>
          <th scope="col">{t.person}</th>
          <th scope="col">{t.received}</th>
          <th scope="col">{t.due}</th>
          <th scope="col">{t.who}</th>
          <th scope="col">
            <span className="visually-hidden">{t.pdf}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {register.map((request) => (
          <tr key={request.id}>
            <th scope="row" className="admin-table__name" data-label={t.person}>
              {orDash(request.personName)}
            </th>
            <td data-label={t.received}>{formatCommitteeMoment(request.receivedAt)}</td>
            <td data-label={t.due}>{formatDay(request.dueDate)}</td>
            <td data-label={t.who}>{request.requester}</td>
            <td>
              <Button variant="secondary" onClick={() => void downloadAnswer(request, 'pdf')}>
                {t.pdf}
              </Button>{' '}
              <Button variant="secondary" onClick={() => void downloadAnswer(request, 'json')}>
                {t.json}
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The administration's section 'Запросы субъектов персональных данных': find, register and answer, the register. */
export default function SubjectRequests() {
  useEffect(() => {
    void loadRegister();
  }, []);
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void findSubjects();
  };
  return (
    <section aria-labelledby="subject-requests-title">
      <h2 id="subject-requests-title">{t.title}</h2>
      <p className="lead">{t.intro}</p>
      <form className="card access-log-filters" aria-label={t.search} onSubmit={onSearch} noValidate>
        <FormField form={subjectSearch} name="query" label={t.query} />
        <div className="access-log-filters__actions">
          <Button type="submit">{t.find}</Button>
        </div>
      </form>
      <Found />
      <RequestForm />
      <WithdrawalForm />
      <h3>{t.register}</h3>
      <Register />
    </section>
  );
}
