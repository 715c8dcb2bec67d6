import { useStore } from '@nanostores/react';
import { type ReactNode, useDeferredValue, useLayoutEffect, useMemo } from 'react';
import { type CompanyFilter, routes } from '#domain/routes.ts';
import { countByStatus } from '#domain/statuses.ts';
import { BellIcon } from '../../../../components/ui/icons.tsx';
import LoadFailed from '../../../../components/ui/LoadFailed.tsx';
import Spinner from '../../../../components/ui/Spinner.tsx';
import { openNotificationsDrawer } from '../../../../stores/drawer.ts';
import {
  $companyStatements,
  $visibleCompanyStatements,
  reloadCompanyStatements,
  setCompanyStatusFilter,
} from '../../stores/lists.ts';
import ListToolbar from './ListToolbar.tsx';
import { listTexts } from './texts.ts';
import VirtualStatementList from './VirtualStatementList.tsx';

/** Props of CompanyStatementList. */
export interface CompanyStatementListProps {
  /** The route's filter: 'all' on the list's home, a status on a filter page (`routes.company`). */
  filter: CompanyFilter;
}

/** The company statement list, the one island of the list's home and of its filter pages. */
export default function CompanyStatementList({ filter }: CompanyStatementListProps) {
  useLayoutEffect(() => setCompanyStatusFilter(filter), [filter]);
  const list = useStore($companyStatements);
  // The empty state counts the list on screen, not the sidebar's counts, which load apart and may differ for a moment.
  const counts = useMemo(() => countByStatus(list.items), [list.items]);
  // Typing stays immediate; the list follows when React has time (10,000 statements).
  const visible = useDeferredValue(useStore($visibleCompanyStatements));
  const inFilter = filter === 'all' ? list.items.length : counts[filter];

  let body: ReactNode;
  if (list.status === 'error') {
    body = (
      <LoadFailed
        text={listTexts.loadFailed}
        retryLabel={listTexts.reload}
        onRetry={() => void reloadCompanyStatements()}
        look="empty"
      />
    );
  } else if (list.status === 'loading' && list.items.length === 0) {
    body = <Spinner label={listTexts.loading} />;
  } else if (inFilter === 0) {
    body = <p className="empty-state empty-state__title">{listTexts.empty}</p>;
  } else if (visible.length === 0) {
    body = <p className="empty-state empty-state__title">{listTexts.nothingFound}</p>;
  } else {
    body = <VirtualStatementList statements={visible} />;
  }

  return (
    <>
      <div className="page-header">
        <h1>{listTexts.title}</h1>
        <div className="page-header__actions">
          <button
            type="button"
            className="icon-button"
            aria-label={listTexts.notifications}
            aria-haspopup="dialog"
            onClick={openNotificationsDrawer}
          >
            <BellIcon />
          </button>
          <a className="button" href={routes.statementCreate}>
            {listTexts.create}
          </a>
        </div>
      </div>
      {filter !== 'all' && (
        <p className="list-filter">
          {listTexts.statusFilter(filter)} <a href={routes.company()}>{listTexts.showAll}</a>
        </p>
      )}
      <ListToolbar />
      <p className="visually-hidden" aria-live="polite">
        {list.status === 'ready' ? listTexts.shown(visible.length) : ''}
      </p>
      {body}
    </>
  );
}
