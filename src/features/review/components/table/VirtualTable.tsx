import { useVirtualizer } from '@tanstack/react-virtual';
import { type MouseEvent, useLayoutEffect, useRef } from 'react';
import StatusBadge from '../../../../components/ui/StatusBadge.tsx';
import type { Statement } from '../../../../lib/api/types.ts';
import { routes } from '../../../../lib/routes.ts';
import type { SortOrder } from '../../../../lib/statement-list.ts';
import { tableRow } from '../../../../lib/statement-table.ts';
import { COLUMNS, tableTexts } from './texts.ts';

/** Props of VirtualTable. */
export interface VirtualTableProps {
  statements: Statement[];
  /** The time 'Время в статусе' is counted to. */
  now: number;
  order: SortOrder;
  onToggleOrder: () => void;
}

/** A row's height before it is measured (one line in every cell). */
const ESTIMATED_ROW_HEIGHT = 57;
const SUBMITTED_COLUMN = 5;

/** A plain click on a row opens its statement; the ID link, a modified click or a text selection keep their own way. */
function openRow(event: MouseEvent<HTMLTableSectionElement>) {
  const target = event.target as HTMLElement;
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  if (target.closest('a, button') || window.getSelection()?.toString()) return;
  const href = target.closest('tr')?.querySelector('a')?.getAttribute('href');
  if (href) window.location.assign(href);
}

/**
 * The table of spec §2, scrolling inside its own box (sticky header, horizontal scroll on narrow screens) and
 * virtualised: only the rows near the visible part are in the DOM, with two spacer rows keeping the scroll height,
 * so 10,000 statements stay smooth. Sizes are set through the CSSOM (React `style`), which the CSP does not govern.
 */
export default function VirtualTable({ statements, now, order, onToggleOrder }: VirtualTableProps) {
  const scrollRef = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: statements.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => statements[index]?.id ?? index,
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
            {COLUMNS.map((column, index) =>
              index === SUBMITTED_COLUMN ? (
                <th key={column} scope="col" aria-sort={order === 'newest' ? 'descending' : 'ascending'}>
                  <button
                    type="button"
                    className="statement-table__sort"
                    title={tableTexts.sortHint}
                    onClick={onToggleOrder}
                  >
                    {column}
                    <span className="visually-hidden">
                      , {order === 'newest' ? tableTexts.newestFirst : tableTexts.oldestFirst}
                    </span>
                    <span aria-hidden="true">{order === 'newest' ? ' ↓' : ' ↑'}</span>
                  </button>
                </th>
              ) : (
                <th key={column} scope="col" title={index === COLUMNS.length - 1 ? tableTexts.timeHint : undefined}>
                  {column}
                </th>
              ),
            )}
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
            const row = tableRow(statement, now);
            return (
              <tr
                key={virtualRow.key}
                ref={virtualizer.measureElement}
                data-index={virtualRow.index}
                aria-rowindex={virtualRow.index + 2}
                className="statement-table__row"
              >
                <td>
                  <a
                    className="statement-table__link"
                    href={routes.instanceStatementInfo(row.id)}
                    aria-label={tableTexts.open(row.number)}
                  >
                    {row.number}
                  </a>
                </td>
                <td>{row.company}</td>
                <td>{row.address}</td>
                <td>{row.category}</td>
                <td>{row.workType}</td>
                <td className="statement-table__nowrap">
                  <time dateTime={statement.dateCreate}>{row.submitted}</time>
                </td>
                <td>
                  <StatusBadge status={row.status} view="instance" />
                </td>
                <td className="statement-table__nowrap statement-table__time">{row.timeInStatus}</td>
              </tr>
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
