import { useVirtualizer } from '@tanstack/react-virtual';
import { type MouseEvent, memo, useLayoutEffect, useRef } from 'react';
import StatusBadge from '#components/ui/StatusBadge.tsx';
import type { StatementListItem } from '#domain/contract.ts';
import { routes } from '#domain/routes.ts';
import { deadlineCellText } from '#lib/deadline.ts';
import RemarksTag from '../../../remarks/RemarksTag.tsx';
import { AwaitingSignatureTag } from '../../../signatures/SignatureNote.tsx';
import { rowSize } from '../../lib/list-index.ts';
import { type TableSort, type TableSortKey, tableRow } from '../../lib/statement-table.ts';
import { COLUMNS, tableTexts } from './texts.ts';

/** Props of VirtualTable. */
export interface VirtualTableProps {
  statements: StatementListItem[];
  /** The time 'Время в статусе' is counted to. */
  now: number;
  sort: TableSort;
  onSort: (key: TableSortKey) => void;
}

/** A row's height before it is measured: the common one (two lines in 'Срок', one in the other cells). */
const ESTIMATED_ROW_HEIGHT = 70;
/** The columns a click on the header sorts by. */
const SORTABLE: Partial<Record<(typeof COLUMNS)[number], TableSortKey>> = {
  'Дата подачи': 'submitted',
  Срок: 'deadline',
};
/** Each cell's column, which a row drawn as a card below 768 px shows above the value. */
const [id, objectName, company, address, category, workType, submitted, status, deadline, time] = COLUMNS;
const LABEL = { id, objectName, company, address, category, workType, submitted, status, deadline, time };
const HINTS: Partial<Record<(typeof COLUMNS)[number], string>> = { 'Время в статусе': tableTexts.timeHint };

/** A sortable column's header: a button naming the column and, for screen readers, the order in force. */
function SortHeader({
  column,
  sortKey,
  sort,
  onSort,
}: {
  column: string;
  sortKey: TableSortKey;
  sort: TableSort;
  onSort: (key: TableSortKey) => void;
}) {
  const active = sort.key === sortKey;
  const ascending = sort.direction === 'ascending';
  let spoken = '';
  if (active && sortKey === 'submitted') spoken = ascending ? tableTexts.oldestFirst : tableTexts.newestFirst;
  if (active && sortKey === 'deadline') spoken = ascending ? tableTexts.fewestDaysFirst : tableTexts.mostDaysFirst;
  return (
    <th scope="col" aria-sort={active ? sort.direction : undefined}>
      <button
        type="button"
        className="statement-table__sort"
        title={sortKey === 'submitted' ? tableTexts.sortHint : tableTexts.deadlineSortHint}
        onClick={() => onSort(sortKey)}
      >
        {column}
        {active && <span className="visually-hidden">, {spoken}</span>}
        <span aria-hidden="true" className={active ? undefined : 'statement-table__sort-idle'}>
          {active ? (ascending ? ' ↑' : ' ↓') : ' ↕'}
        </span>
      </button>
    </th>
  );
}

/** A plain click on a row opens its statement; the ID link, a modified click or a text selection keep their own way. */
function openRow(event: MouseEvent<HTMLTableSectionElement>) {
  const target = event.target as HTMLElement;
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  if (target.closest('a, button') || window.getSelection()?.toString()) return;
  const href = target.closest('tr')?.querySelector('a')?.getAttribute('href');
  if (href) window.location.assign(href);
}

/** Props of StatementRow. */
interface StatementRowProps {
  statement: StatementListItem;
  index: number;
  now: number;
  measure: (element: HTMLTableRowElement | null) => void;
}

/**
 * One row of the table. Memoised: a scroll or a keystroke re-renders only the rows that came into view, and the
 * cells of an item are formatted once (`tableRow` keeps them per item).
 */
const StatementRow = memo(function StatementRow({ statement, index, now, measure }: StatementRowProps) {
  const row = tableRow(statement, now);
  return (
    <tr ref={measure} data-index={index} aria-rowindex={index + 2} className="statement-table__row">
      <td data-label={LABEL.id}>
        <a
          className="statement-table__link"
          href={routes.examinerStatementInfo(row.id)}
          aria-label={tableTexts.open(row.number)}
        >
          {row.number}
        </a>
      </td>
      <td data-label={LABEL.objectName} className="statement-table__object">
        {row.objectName}
      </td>
      <td data-label={LABEL.company}>{row.company}</td>
      <td data-label={LABEL.address}>{row.address}</td>
      <td data-label={LABEL.category}>{row.category}</td>
      <td data-label={LABEL.workType}>{row.workType}</td>
      <td data-label={LABEL.submitted}>
        <time dateTime={statement.dateCreate}>{row.submitted}</time>
      </td>
      <td data-label={LABEL.status} className="statement-table__status">
        <StatusBadge status={row.status} view="examiner" />
        <AwaitingSignatureTag awaiting={statement.awaitingSignature} />
        <RemarksTag count={statement.openRequiredRemarks} />
      </td>
      <td
        data-label={LABEL.deadline}
        className={
          row.deadline.overdue
            ? 'deadline-cell deadline-cell--overdue statement-table__deadline'
            : 'deadline-cell statement-table__deadline'
        }
        title={deadlineCellText(row.deadline)}
      >
        <span className="deadline-cell__days">
          {row.deadline.overdue && (
            <span className="deadline-cell__icon" aria-hidden="true">
              !
            </span>
          )}
          {row.deadline.text}
        </span>
        {row.deadline.date && (
          <span className="deadline-cell__date">
            {row.deadline.date}
            {row.deadline.provisional && `, ${tableTexts.provisional}`}
          </span>
        )}
      </td>
      <td data-label={LABEL.time} className="statement-table__nowrap statement-table__time">
        {row.timeInStatus}
      </td>
    </tr>
  );
});

/**
 * The table, scrolling inside its own box (sticky header, horizontal scroll on narrow screens) and
 * virtualised: only the rows near the visible part are in the DOM, with two spacer rows keeping the scroll height,
 * so 10,000 statements stay smooth. Sizes are set through the CSSOM (React `style`), which the CSP does not govern.
 */
function VirtualTable({ statements, now, sort, onSort }: VirtualTableProps) {
  const scrollRef = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: statements.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => statements[index]?.id ?? index,
    measureElement: rowSize,
  });
  // Other filters give other rows: start again from the top rather than somewhere in the middle of them.
  useLayoutEffect(() => {
    if (statements && scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [statements]);
  const rows = virtualizer.getVirtualItems();
  const before = rows[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (rows[rows.length - 1]?.end ?? 0);

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the box scrolls, so keyboard users must be able to focus it.
    <section ref={scrollRef} className="statement-table" tabIndex={0} aria-label={tableTexts.table}>
      <table className="statement-table__table" aria-rowcount={statements.length + 1}>
        <thead>
          <tr aria-rowindex={1}>
            {COLUMNS.map((column) => {
              const sortKey = SORTABLE[column];
              return sortKey ? (
                <SortHeader key={column} column={column} sortKey={sortKey} sort={sort} onSort={onSort} />
              ) : (
                <th key={column} scope="col" title={HINTS[column]}>
                  {column}
                </th>
              );
            })}
          </tr>
        </thead>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard opens a row through the link in its ID cell. */}
        <tbody onClick={openRow}>
          {before > 0 && (
            <tr className="statement-table__spacer">
              <td colSpan={COLUMNS.length} style={{ height: before }} />
            </tr>
          )}
          {rows.map((virtualRow) => {
            const statement = statements[virtualRow.index];
            if (!statement) return null;
            return (
              <StatementRow
                key={virtualRow.key}
                statement={statement}
                index={virtualRow.index}
                now={now}
                measure={virtualizer.measureElement}
              />
            );
          })}
          {after > 0 && (
            <tr className="statement-table__spacer">
              <td colSpan={COLUMNS.length} style={{ height: after }} />
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}

/** Memoised: a keystroke re-renders the page's island at once, the table only when its deferred rows change. */
export default memo(VirtualTable);
