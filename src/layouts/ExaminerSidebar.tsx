import { EXAMINER_HOME, isWithin, normalizePath, routes } from '#domain/routes.ts';
import { EXAMINER_SIDEBAR_LABELS } from '#domain/statuses.ts';
import { useStore } from '#stores/prerendered.ts';
import { registerTexts } from '../features/appeals/counters.ts';
import { $requestsLink, requestsTexts } from '../features/conclusions/counters.ts';
import { $examinerOverdue, $newsCount, $openAppeals, $statusCounters } from '../features/statements/counters.ts';
import { isReviewer } from '../lib/roles.ts';
import { $isHead, $user } from '../stores/session.ts';
import { NavGroup, NavLink, UserCard } from './nav.tsx';
import SidebarFrame from './SidebarFrame.tsx';
import { navTexts } from './texts.ts';

/** Props of ExaminerSidebar. */
export interface ExaminerSidebarProps {
  /** Path of the page, to mark the current link. */
  currentPath: string;
}

/** The statuses of 'Мои заявки', in the labels' order (every status except sent). */
const MY_STATUSES = Object.keys(EXAMINER_SIDEBAR_LABELS) as Array<keyof typeof EXAMINER_SIDEBAR_LABELS>;

/** The overdue line of 'Мои заявки' (docs/product.md «How the site shows it»). */
const overdueTexts = {
  label: 'Просрочено', // e2e
  hint: 'Заявления, срок рассмотрения которых истёк',
} as const;

/** The examiner's sidebar: new and all statements, own statements by status, settings, user card with logout. */
export default function ExaminerSidebar({ currentPath }: ExaminerSidebarProps) {
  const user = useStore($user);
  const counters = useStore($statusCounters);
  const overdue = useStore($examinerOverdue);
  const isHead = useStore($isHead);
  const openAppeals = useStore($openAppeals);
  const newsCount = useStore($newsCount);
  const requestsLink = useStore($requestsLink);
  const path = normalizePath(currentPath);
  const reviewer = isReviewer(user);
  const requests = requestsLink && (
    <NavLink href={routes.conclusionRequests} active={path === routes.conclusionRequests} count={requestsLink.open}>
      {requestsTexts.pageTitle}
      {requestsLink.overdue > 0 && (
        <span className="side-nav__overdue">
          {' '}
          <span className="side-nav__alert-icon" aria-hidden="true">
            !
          </span>
          {requestsTexts.overdueCount(requestsLink.overdue)}
        </span>
      )}
    </NavLink>
  );

  return (
    <SidebarFrame
      homeHref={reviewer ? routes.conclusionRequests : EXAMINER_HOME}
      footer={
        <UserCard
          caption={user?.instance?.name || navTexts.examinerCaption}
          name={user ? user.fio || user.email : navTexts.dash}
        />
      }
    >
      {reviewer ? (
        // An outside body's staff member sees only the requests sent to their body.
        <nav className="side-nav" aria-label={navTexts.examinerNavLabel}>
          <ul className="side-nav__list">{requests}</ul>
        </nav>
      ) : (
        <nav className="side-nav" aria-label={navTexts.examinerNavLabel}>
          <ul className="side-nav__list">
            <NavLink href={routes.examinerNews} active={path === routes.examinerNews} count={newsCount}>
              {navTexts.newStatements}
            </NavLink>
            <NavLink href={routes.examinerAll} active={path === routes.examinerAll}>
              {navTexts.allStatements}
            </NavLink>
          </ul>
          <div className="side-nav__divider" />
          <NavGroup title={navTexts.myStatements}>
            {MY_STATUSES.map((status) => {
              const href = routes.examiner(status);
              return (
                <NavLink key={status} href={href} active={path === href} count={counters[status]}>
                  {EXAMINER_SIDEBAR_LABELS[status]}
                </NavLink>
              );
            })}
            <li>
              <p
                className={overdue ? 'side-nav__note side-nav__note--alert' : 'side-nav__note'}
                title={overdueTexts.hint}
              >
                <span>
                  {!!overdue && (
                    <span className="side-nav__alert-icon" aria-hidden="true">
                      !
                    </span>
                  )}
                  {overdueTexts.label}
                </span>
                {overdue !== undefined && <span className="side-nav__count">{overdue}</span>}
              </p>
            </li>
          </NavGroup>
          <div className="side-nav__divider" />
          <ul className="side-nav__list">
            {requests}
            {isHead && (
              <NavLink href={routes.examinerTeam} active={path === routes.examinerTeam}>
                {navTexts.team}
              </NavLink>
            )}
            {isHead && (
              <NavLink href={routes.examinerAppeals} active={path === routes.examinerAppeals} count={openAppeals}>
                {registerTexts.pageTitle}
              </NavLink>
            )}
            {isHead && (
              <NavLink href={routes.examinerReports} active={path === routes.examinerReports}>
                {navTexts.reports}
              </NavLink>
            )}
            {isHead && (
              <NavLink href={routes.examinerAdmin()} active={isWithin(path, routes.examinerAdmin())}>
                {navTexts.admin}
              </NavLink>
            )}
            <NavLink href={routes.examinerSettings} active={path === routes.examinerSettings}>
              {navTexts.settings}
            </NavLink>
          </ul>
        </nav>
      )}
    </SidebarFrame>
  );
}
