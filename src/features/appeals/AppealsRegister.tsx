import { DeadlineMark } from '#components/statement/TermNote.tsx';
import AccessRefused from '#components/ui/AccessRefused.tsx';
import LoadFailed from '#components/ui/LoadFailed.tsx';
import Spinner from '#components/ui/Spinner.tsx';
import { APPEAL_STATUS_LABELS, APPEAL_SUBJECT_LABELS } from '#domain/appeals.ts';
import type { AppealsRegisterItem } from '#domain/contract.ts';
import { EXAMINER_HOME, routes } from '#domain/routes.ts';
import { formatDay, orDash } from '#domain/russian.ts';
import { formatListDate } from '#lib/dates.ts';
import { useStore } from '#stores/prerendered.ts';
import { registerTermLine } from './lib/appeal-rules.ts';
import { $appealsRegister, $registerAccess, $registerRows, reloadAppealsRegister } from './stores/register.ts';
import { registerTexts as texts } from './texts.ts';

/** One appeal: the statement's number and object (a link to it), the answer's term, and the facts. */
function AppealRow({ item }: { item: AppealsRegisterItem }) {
  return (
    <li className="news-row" data-testid="appeal-row">
      <div className="news-row__head">
        <span className="news-row__number">{texts.number(item.visibleId)}</span>
        <a className="news-row__title" href={routes.examinerStatementInfo(item.statementId)}>
          {orDash(item.objectName)}
        </a>
        <p className="news-row__term">
          <DeadlineMark line={registerTermLine(item)} />
        </p>
      </div>
      <dl className="news-row__facts">
        <div>
          <dt>{texts.company}</dt>
          <dd>{orDash(item.companyName)}</dd>
        </div>
        <div>
          <dt>{texts.subject}</dt>
          <dd>{APPEAL_SUBJECT_LABELS[item.subject]}</dd>
        </div>
        <div>
          <dt>{texts.filed}</dt>
          <dd>
            <time dateTime={item.filedAt}>{orDash(formatListDate(item.filedAt))}</time>
          </dd>
        </div>
        <div>
          <dt>{texts.dueDate}</dt>
          <dd>
            <time dateTime={item.dueDate}>{formatDay(item.dueDate)}</time>
          </dd>
        </div>
        <div>
          <dt>{texts.status}</dt>
          <dd className={`appeal__status appeal__status--${item.status}`}>{APPEAL_STATUS_LABELS[item.status]}</dd>
        </div>
      </dl>
    </li>
  );
}

/** 'Жалобы' (/instance/appeals): the head's register of appeals, open ones first by their term, overdue marked. */
export default function AppealsRegister() {
  const access = useStore($registerAccess);
  const state = useStore($appealsRegister);
  const rows = useStore($registerRows);

  if (access === 'checking') return <Spinner label={texts.loading} />;
  if (access === 'refused') {
    return <AccessRefused texts={texts} home={EXAMINER_HOME} />;
  }
  return (
    <>
      <h1>{texts.pageTitle}</h1>
      <p className="lead">{texts.lead}</p>
      {state.status === 'loading' && rows.length === 0 && <Spinner label={texts.loading} />}
      {state.status === 'error' && (
        <LoadFailed text={texts.loadFailed} retryLabel={texts.retry} onRetry={() => void reloadAppealsRegister()} />
      )}
      {state.status === 'ready' && rows.length === 0 && (
        <div className="empty-state">
          <p className="empty-state__title">{texts.empty}</p>
        </div>
      )}
      {rows.length > 0 && (
        <ul className="news-list" aria-label={texts.listLabel}>
          {rows.map((item) => (
            <AppealRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </>
  );
}
