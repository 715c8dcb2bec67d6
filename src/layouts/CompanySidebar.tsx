import { COMPANY_HOME, isWithin, normalizePath, routes } from '#domain/routes.ts';
import { COMPANY_SIDEBAR_LABELS, STATEMENT_STATUSES } from '#domain/statuses.ts';
import { useStore } from '#stores/prerendered.ts';
import { $statusCounters } from '../features/statements/counters.ts';
import { $isOwner, $user } from '../stores/session.ts';
import { NavGroup, NavLink, UserCard } from './nav.tsx';
import SidebarFrame from './SidebarFrame.tsx';
import { navTexts } from './texts.ts';

/** Props of CompanySidebar. */
export interface CompanySidebarProps {
  /** Path of the page, to mark the current link. */
  currentPath: string;
}

/** The applicant's sidebar: statements by status, employees (owner), company, user card with logout. */
export default function CompanySidebar({ currentPath }: CompanySidebarProps) {
  const user = useStore($user);
  const isOwner = useStore($isOwner);
  const counters = useStore($statusCounters);
  const path = normalizePath(currentPath);

  return (
    <SidebarFrame
      homeHref={COMPANY_HOME}
      footer={
        <UserCard
          caption={navTexts.companyCaption}
          name={user?.company?.legalEntity || navTexts.dash}
          detail={user ? user.fio || user.email : null}
        />
      }
    >
      <nav className="side-nav" aria-label={navTexts.companyNavLabel}>
        <NavGroup title={navTexts.statements}>
          {STATEMENT_STATUSES.map((status) => {
            const href = routes.company(status);
            return (
              <NavLink key={status} href={href} active={path === href} count={counters[status]}>
                {COMPANY_SIDEBAR_LABELS[status]}
              </NavLink>
            );
          })}
        </NavGroup>
        <div className="side-nav__divider" />
        <ul className="side-nav__list">
          {isOwner && (
            <NavLink href={routes.employees} active={isWithin(path, routes.employeesRoot)}>
              {navTexts.employees}
            </NavLink>
          )}
          <NavLink href={routes.companyEdit} active={path === routes.companyEdit}>
            {navTexts.myCompany}
          </NavLink>
        </ul>
      </nav>
    </SidebarFrame>
  );
}
