import Button from '#components/ui/Button.tsx';
import LoadFailed from '#components/ui/LoadFailed.tsx';
import Spinner from '#components/ui/Spinner.tsx';
import { routes } from '#domain/routes.ts';
import { formatCommitteeMoment } from '#lib/deadline.ts';
import { useStore } from '#stores/prerendered.ts';
import HeadOnly from './components/HeadOnly.tsx';
import { $adminLog, loadAdminLog, pageCount, showLogPage } from './stores/log.ts';
import { adminTexts, logTexts as t } from './texts.ts';

// The administration log at /instance/admin/log (docs/product.md «Administration»): every change, newest first.

function LogTable() {
  const state = useStore($adminLog);
  const log = state.log;
  if (!log) {
    return state.status === 'error' ? (
      <LoadFailed text={t.loadFailed} retryLabel={adminTexts.retry} onRetry={() => void loadAdminLog()} />
    ) : (
      <Spinner label={adminTexts.loading} />
    );
  }
  if (log.entries.length === 0) return <p className="text-secondary">{t.empty}</p>;
  const pages = pageCount(log);
  return (
    <>
      <table className="card-table admin-table admin-log" aria-busy={state.status === 'loading' || undefined}>
        <caption className="visually-hidden">{t.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.when}</th>
            <th scope="col">{t.who}</th>
            <th scope="col">{t.what}</th>
          </tr>
        </thead>
        <tbody>
          {log.entries.map((entry) => (
            <tr key={entry.id}>
              <th scope="row" className="admin-table__name" data-label={t.when}>
                <time dateTime={entry.at}>{formatCommitteeMoment(entry.at)}</time>
              </th>
              <td data-label={t.who}>{entry.actorName}</td>
              <td data-label={t.what}>
                <span className="admin-log__action">{t.actions[entry.action]}</span>
                <span className="admin-log__subject">{entry.subject}</span>
                {entry.description && <span className="admin-log__description">{entry.description}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {pages > 1 && (
        <nav className="admin-pager" aria-label={t.pages}>
          <Button variant="secondary" disabled={log.page <= 1} onClick={() => void showLogPage(log.page - 1)}>
            {t.newer}
          </Button>
          <span aria-live="polite">{t.pageOf(log.page, pages)}</span>
          <Button variant="secondary" disabled={log.page >= pages} onClick={() => void showLogPage(log.page + 1)}>
            {t.older}
          </Button>
        </nav>
      )}
    </>
  );
}

/** /instance/admin/log: when, who and what, 50 a page. */
export default function AdminLogScreen() {
  return (
    <HeadOnly>
      <a className="back-link" href={routes.examinerAdmin()}>
        <span aria-hidden="true">←</span> {t.back}
      </a>
      <div className="page-header">
        <h1>{t.pageTitle}</h1>
      </div>
      <LogTable />
    </HeadOnly>
  );
}
