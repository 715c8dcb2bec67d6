import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { BellIcon } from '#components/ui/icons.tsx';
import { type CompanyFilter, routes } from '#domain/routes.ts';
import { countByStatus } from '#domain/statuses.ts';
import { $unreadNotifications, openNotificationsDrawer } from '#stores/drawer.ts';
import { useStore } from '#stores/prerendered.ts';
import FiledConfirmation from './components/list/FiledConfirmation.tsx';
import ListBody from './components/list/ListBody.tsx';
import ListToolbar from './components/list/ListToolbar.tsx';
import { listTexts } from './components/list/texts.ts';
import { useListRows } from './components/list/use-list-rows.ts';
import VirtualStatementList from './components/list/VirtualStatementList.tsx';
import { type FiledStatement, takeFiled } from './stores/filed.ts';
import {
  $companyStatements,
  $visibleCompanyStatements,
  reloadCompanyStatements,
  setCompanyStatusFilter,
} from './stores/lists.ts';

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
  const visible = useListRows(useStore($visibleCompanyStatements));
  const unread = useStore($unreadNotifications);
  const inFilter = filter === 'all' ? list.items.length : counts[filter];
  // The statement just filed, named once above the list (read after hydration: the page is prerendered).
  const [filed, setFiled] = useState<FiledStatement | null>(null);
  useEffect(() => setFiled(takeFiled()), []);
  const title = useRef<HTMLHeadingElement>(null);

  return (
    <>
      <div className="page-header">
        <h1 ref={title} tabIndex={-1}>
          {listTexts.title}
        </h1>
        <div className="page-header__actions">
          <button
            type="button"
            className="icon-button"
            aria-label={unread > 0 ? listTexts.notificationsUnread(unread) : listTexts.notifications}
            aria-haspopup="dialog"
            onClick={openNotificationsDrawer}
          >
            <BellIcon />
            {unread > 0 && (
              <span className="icon-button__badge" aria-hidden="true">
                {unread > 99 ? '99+' : unread}
              </span>
            )}
          </button>
          <a className="button" href={routes.statementCreate}>
            {listTexts.create}
          </a>
        </div>
      </div>
      {filed && (
        <FiledConfirmation
          filed={filed}
          onHide={() => {
            setFiled(null);
            title.current?.focus();
          }}
        />
      )}
      {filter !== 'all' && (
        <p className="list-filter">
          {listTexts.statusFilter(filter)} <a href={routes.company()}>{listTexts.showAll}</a>
        </p>
      )}
      <ListToolbar />
      <p className="visually-hidden" aria-live="polite">
        {list.status === 'ready' ? listTexts.shown(visible.length) : ''}
      </p>
      <ListBody
        failed={list.status === 'error'}
        loading={list.status === 'loading' && list.items.length === 0}
        empty={inFilter === 0}
        nothingFound={visible.length === 0}
        texts={{ ...listTexts, retry: listTexts.reload }}
        onRetry={() => void reloadCompanyStatements()}
      >
        <VirtualStatementList statements={visible} />
      </ListBody>
    </>
  );
}
