import { useStore } from '@nanostores/react';
import { INSTANCE_HOME, normalizePath, routes } from '#domain/routes.ts';
import { INSTANCE_SIDEBAR_LABELS } from '#domain/statuses.ts';
import { $user } from '../stores/session.ts';
import { $instanceCounters, $instanceOverdue } from '../stores/statement-counters.ts';
import { NavGroup, NavLink, UserCard } from './nav.tsx';
import SidebarFrame from './SidebarFrame.tsx';
import { navTexts } from './texts.ts';

/** Props of InstanceSidebar. */
export interface InstanceSidebarProps {
  /** Path of the page, to mark the current link. */
  currentPath: string;
}

const MY_STATUSES = ['under_review', 'has_comments', 'approved', 'rejected'] as const;

/** The overdue line of 'Мои заявки' (issue 12). */
const overdueTexts = {
  label: 'Просрочено', // e2e
  hint: 'Заявления, срок рассмотрения которых истёк',
} as const;

/** The examiner's sidebar: new and all statements, own statements by status, settings, user card with logout. */
export default function InstanceSidebar({ currentPath }: InstanceSidebarProps) {
  const user = useStore($user);
  const counters = useStore($instanceCounters);
  const overdue = useStore($instanceOverdue);
  const path = normalizePath(currentPath);

  return (
    <SidebarFrame
      homeHref={INSTANCE_HOME}
      footer={
        <UserCard
          caption={user?.instance?.name || navTexts.examinerCaption}
          name={user ? user.fio || user.email : navTexts.dash}
        />
      }
    >
      <nav className="side-nav" aria-label={navTexts.instanceNavLabel}>
        <ul className="side-nav__list">
          <NavLink href={routes.instanceNews} active={path === routes.instanceNews}>
            {navTexts.newStatements}
          </NavLink>
          <NavLink href={routes.instanceAll} active={path === routes.instanceAll}>
            {navTexts.allStatements}
          </NavLink>
        </ul>
        <div className="side-nav__divider" />
        <NavGroup title={navTexts.myStatements}>
          {MY_STATUSES.map((status) => {
            const href = routes.instance(status);
            return (
              <NavLink key={status} href={href} active={path === href} count={counters[status]}>
                {INSTANCE_SIDEBAR_LABELS[status]}
              </NavLink>
            );
          })}
          <li>
            <p
              className={overdue > 0 ? 'side-nav__note side-nav__note--alert' : 'side-nav__note'}
              title={overdueTexts.hint}
            >
              <span>
                {overdue > 0 && (
                  <span className="side-nav__alert-icon" aria-hidden="true">
                    !
                  </span>
                )}
                {overdueTexts.label}
              </span>
              <span className="side-nav__count">{overdue}</span>
            </p>
          </li>
        </NavGroup>
        <div className="side-nav__divider" />
        <ul className="side-nav__list">
          <NavLink href={routes.instanceSettings} active={path === routes.instanceSettings}>
            {navTexts.settings}
          </NavLink>
        </ul>
      </nav>
    </SidebarFrame>
  );
}
