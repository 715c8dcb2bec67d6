import type { FormEvent } from 'react';
import { useEffect } from 'react';
import Button from '#components/ui/Button.tsx';
import FormField from '#components/ui/FormField.tsx';
import LoadFailed from '#components/ui/LoadFailed.tsx';
import Spinner from '#components/ui/Spinner.tsx';
import { ACCESS_KIND_LABELS } from '#domain/personal-data.ts';
import { formatCommitteeMoment } from '#lib/deadline.ts';
import { useStore } from '#stores/prerendered.ts';
import {
  $accessLog,
  accessFilters,
  downloadAccessCsv,
  loadAccessLog,
  searchAccessLog,
  showAccessPage,
} from './stores/access-log.ts';
import { accessLogTexts as t } from './texts.ts';

function Entries() {
  const state = useStore($accessLog);
  const log = state.log;
  if (!log) {
    if (state.status === 'error') {
      return <LoadFailed text={t.loadFailed} retryLabel={t.retry} onRetry={() => void loadAccessLog()} />;
    }
    return <Spinner label={t.loading} />;
  }
  if (log.entries.length === 0) return <p className="text-secondary">{t.empty}</p>;
  const pages = Math.max(1, Math.ceil(log.total / log.pageSize));
  return (
    <>
      <p className="text-secondary" aria-live="polite">
        {t.total(log.total)}
      </p>
      <table className="card-table admin-table admin-log" aria-busy={state.status === 'loading' || undefined}>
        <caption className="visually-hidden">{t.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.when}</th>
            <th scope="col">{t.who}</th>
            <th scope="col">{t.what}</th>
            <th scope="col">{t.statementColumn}</th>
            <th scope="col">{t.address}</th>
          </tr>
        </thead>
        <tbody>
          {log.entries.map((entry) => (
            <tr key={entry.id}>
              <th scope="row" className="admin-table__name" data-label={t.when}>
                <time dateTime={entry.at}>{formatCommitteeMoment(entry.at)}</time>
              </th>
              <td data-label={t.who}>{entry.userName ?? t.destroyed}</td>
              <td data-label={t.what}>
                <span className="admin-log__action">{ACCESS_KIND_LABELS[entry.kind]}</span>
                {entry.personName && <span className="admin-log__subject">{entry.personName}</span>}
                {entry.detail && <span className="admin-log__description">{entry.detail}</span>}
              </td>
              <td data-label={t.statementColumn}>
                {entry.statementNumber === null ? '—' : t.statementNumber(entry.statementNumber)}
              </td>
              <td data-label={t.address}>{entry.address ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {pages > 1 && (
        <nav className="admin-pager" aria-label={t.pages}>
          <Button variant="secondary" disabled={log.page <= 1} onClick={() => void showAccessPage(log.page - 1)}>
            {t.newer}
          </Button>
          <span aria-live="polite">{t.pageOf(log.page, pages)}</span>
          <Button variant="secondary" disabled={log.page >= pages} onClick={() => void showAccessPage(log.page + 1)}>
            {t.older}
          </Button>
        </nav>
      )}
    </>
  );
}

/** The administration's section 'Журнал доступа к персональным данным': filters, the entries, their CSV. */
export default function PersonalDataAccessLog() {
  useEffect(() => {
    if ($accessLog.get().status === 'idle') void loadAccessLog();
  }, []);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void searchAccessLog();
  };
  return (
    <section aria-labelledby="personal-data-access-title">
      <h2 id="personal-data-access-title">{t.title}</h2>
      <p className="lead">{t.intro}</p>
      <form className="card access-log-filters" aria-label={t.filters} onSubmit={onSubmit} noValidate>
        <FormField form={accessFilters} name="person" label={t.person} optional />
        <FormField form={accessFilters} name="user" label={t.user} optional />
        <FormField
          form={accessFilters}
          name="statement"
          label={t.statement}
          optional
          inputMode="numeric"
          size="medium"
        />
        <FormField form={accessFilters} name="from" label={t.from} optional type="date" size="medium" />
        <FormField form={accessFilters} name="to" label={t.to} optional type="date" size="medium" />
        <div className="access-log-filters__actions">
          <Button type="submit">{t.search}</Button>
          <Button type="button" variant="secondary" onClick={() => void downloadAccessCsv()}>
            {t.csv}
          </Button>
        </div>
      </form>
      <Entries />
    </section>
  );
}
