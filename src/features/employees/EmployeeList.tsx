import type { MouseEvent } from 'react';
import LoadFailed from '#components/ui/LoadFailed.tsx';
import Spinner from '#components/ui/Spinner.tsx';
import type { Employee } from '#domain/contract.ts';
import { routes } from '#domain/routes.ts';
import { orDash } from '#domain/russian.ts';
import { navigateTo } from '#lib/browser.ts';
import { useStore } from '#stores/prerendered.ts';
import { $user } from '#stores/session.ts';
import OwnerOnly from './components/OwnerOnly.tsx';
import { $employees, $employeesAccess, loadEmployees } from './stores/employees.ts';
import { employeesTexts } from './texts.ts';

/** A value or the dash of an empty one. */
/** One person: the name is a link (keyboard and screen readers), the whole row opens the edit form on a click. */
function EmployeeRow({ employee, isSelf }: { employee: Employee; isSelf: boolean }) {
  const href = routes.employeeEdit(employee.id);
  const open = (event: MouseEvent<HTMLTableRowElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) return;
    navigateTo(href);
  };
  return (
    // The link in the name cell is the row's keyboard and screen-reader way in; the row click only widens the target.
    <tr className={employee.isVerify ? 'employee-row' : 'employee-row employee-row--pending'} onClick={open}>
      {/* The name is the card's title below 768 px: no label above it. */}
      <td>
        <a className="employee-row__link" href={href}>
          {orDash(employee.fio)}
          {!employee.isVerify && <span className="visually-hidden">, {employeesTexts.notVerifiedHint}</span>}
        </a>
        {isSelf && <span className="tag tag--owner">{employeesTexts.owner}</span>}
        {!employee.isVerify && (
          <span className="tag tag--pending" aria-hidden="true">
            {employeesTexts.notVerified}
          </span>
        )}
      </td>
      <td data-label={employeesTexts.position}>{orDash(employee.position)}</td>
      <td data-label={employeesTexts.email} className="employee-row__email">
        {orDash(employee.email)}
      </td>
    </tr>
  );
}

/** The company's people: name, position, e-mail; the owner adds and opens them from here. */
export default function EmployeeList() {
  const list = useStore($employees);
  const user = useStore($user);
  const access = useStore($employeesAccess);

  return (
    <>
      <div className="page-header">
        <h1>{employeesTexts.listTitle}</h1>
        {access === 'owner' && (
          <a className="button" href={routes.employeeCreate}>
            {employeesTexts.add}
          </a>
        )}
      </div>
      <OwnerOnly>
        <p className="lead">{employeesTexts.listLead}</p>
        {list.status === 'loading' && <Spinner label={employeesTexts.loading} />}
        {list.status === 'error' && (
          <LoadFailed
            text={employeesTexts.loadFailed}
            retryLabel={employeesTexts.retry}
            onRetry={() => void loadEmployees()}
          />
        )}
        {list.status === 'ready' && list.items.length === 0 && (
          <section className="empty-state">
            <p className="empty-state__title">{employeesTexts.empty}</p>
          </section>
        )}
        {list.status === 'ready' && list.items.length > 0 && (
          <table className="card-table employee-table">
            <caption className="visually-hidden">{employeesTexts.tableCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{employeesTexts.name}</th>
                <th scope="col">{employeesTexts.position}</th>
                <th scope="col">{employeesTexts.email}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((employee) => (
                <EmployeeRow key={employee.id} employee={employee} isSelf={employee.id === user?.id} />
              ))}
            </tbody>
          </table>
        )}
      </OwnerOnly>
    </>
  );
}
