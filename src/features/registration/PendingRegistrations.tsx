import { useEffect } from 'react';
import Button from '#components/ui/Button.tsx';
import FormDialog from '#components/ui/FormDialog.tsx';
import FormField from '#components/ui/FormField.tsx';
import Spinner from '#components/ui/Spinner.tsx';
import type { PendingRegistration } from '#domain/contract.ts';
import { orDash } from '#domain/russian.ts';
import { formatCommitteeMoment } from '#lib/deadline.ts';
import { useStore } from '#stores/prerendered.ts';
import {
  $decisionTarget,
  $pendingRegistrations,
  closeDecision,
  decisionForm,
  loadPendingRegistrations,
  openDecision,
  sendDecision,
} from './stores/pending.ts';
import { pendingTexts as t } from './texts.ts';

function Registration({ registration }: { registration: PendingRegistration }) {
  const { registrant } = registration;
  const titleId = `registration-${registration.companyId}`;
  return (
    <li className="card pending-registration" aria-labelledby={titleId}>
      <h3 id={titleId} className="pending-registration__name">
        {registration.legalEntity}
      </h3>
      <p className="pending-registration__requisites">
        {t.requisites(registration.inn, registration.kpp, registration.ogrn)}
      </p>
      <dl className="details">
        <div className="details__item">
          <dt>{t.address}</dt>
          <dd>{registration.legalAddress}</dd>
        </div>
        <div className="details__item">
          <dt>{t.registrant}</dt>
          <dd>
            {[registrant.fio, registrant.position].filter(Boolean).join(', ') || '—'}
            <br />
            {orDash(registrant.email)} · {orDash(registrant.phone)}
          </dd>
        </div>
        <div className="details__item">
          <dt>{t.registeredAt}</dt>
          <dd>{formatCommitteeMoment(registration.registeredAt)}</dd>
        </div>
      </dl>
      <div className="pending-registration__actions">
        <Button aria-label={t.confirmOf(registration.legalEntity)} onClick={() => openDecision(registration, true)}>
          {t.confirm}
        </Button>
        <Button
          variant="secondary"
          aria-label={t.declineOf(registration.legalEntity)}
          onClick={() => openDecision(registration, false)}
        >
          {t.decline}
        </Button>
      </div>
    </li>
  );
}

function DecisionDialog() {
  const target = useStore($decisionTarget);
  const status = useStore(decisionForm.$status);
  const approve = target?.approve ?? true;
  const name = target?.registration.legalEntity ?? '';
  return (
    <FormDialog
      open={target !== null}
      close={closeDecision}
      title={approve ? t.confirmTitle : t.declineTitle}
      description={approve ? t.confirmIntro(name) : t.declineIntro(name)}
      formId="registration-decision-form"
      submitLabel={approve ? t.confirm : t.decline}
      danger={!approve}
      cancelLabel={t.cancel}
      busy={status.busy}
      send={sendDecision}
    >
      {!approve && <FormField form={decisionForm} name="reason" label={t.reason} rows={3} maxLength={2000} />}
    </FormDialog>
  );
}

/** The administration's 'Регистрация организаций': the registrations waiting, each confirmed or declined by a head. */
export default function PendingRegistrations() {
  const list = useStore($pendingRegistrations);
  useEffect(() => void loadPendingRegistrations(), []);
  return (
    <section aria-labelledby="registrations-title">
      <h2 id="registrations-title">{t.title}</h2>
      <p className="text-secondary">{t.intro}</p>
      {list === 'loading' ? (
        <Spinner label={t.loading} />
      ) : list === 'error' ? (
        <p className="alert alert--error">{t.loadFailed}</p>
      ) : list.length === 0 ? (
        <p className="empty-state">{t.empty}</p>
      ) : (
        <ul className="pending-registrations">
          {list.map((registration) => (
            <Registration key={registration.companyId} registration={registration} />
          ))}
        </ul>
      )}
      <DecisionDialog />
    </section>
  );
}
