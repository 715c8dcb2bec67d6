import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import type { StatementListItem } from '#domain/contract.ts';
import { rowSize } from '../../lib/list-index.ts';
import StatementCard from './StatementCard.tsx';
import { listTexts } from './texts.ts';

/** A card's height before it is measured: the common one (one line of title on a wide screen). */
const ESTIMATED_CARD_HEIGHT = 103;

/**
 * The cards, virtualised against the page's scroll: only those near the viewport are in the DOM, so 10,000
 * statements scroll and filter smoothly. Row positions are set through the CSSOM (React `style`), which the
 * CSP does not govern; the static HTML never carries them.
 */
function VirtualStatementList({ statements }: { statements: StatementListItem[] }) {
  const listRef = useRef<HTMLUListElement>(null);
  const [offset, setOffset] = useState(0);

  // The list's distance from the top of the page moves when the toolbar wraps or the search opens: measured once,
  // then whenever the column holding the list changes size (never during a scroll, which would force a layout).
  useLayoutEffect(() => {
    const list = listRef.current;
    const column = list?.parentElement;
    if (!list || !column) return;
    const measure = () => setOffset(list.getBoundingClientRect().top + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(column);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: statements.length,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    overscan: 6,
    scrollMargin: offset,
    getItemKey: (index) => statements[index]?.id ?? index,
    measureElement: rowSize,
  });

  return (
    <ul
      ref={listRef}
      className="statement-list"
      aria-label={listTexts.list}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((row) => {
        const statement = statements[row.index];
        if (!statement) return null;
        return (
          <li
            key={row.key}
            ref={virtualizer.measureElement}
            data-index={row.index}
            className="statement-list__item"
            aria-setsize={statements.length}
            aria-posinset={row.index + 1}
            style={{ transform: `translateY(${row.start - offset}px)` }}
          >
            <StatementCard statement={statement} />
          </li>
        );
      })}
    </ul>
  );
}

/** Memoised: a keystroke re-renders the list's island at once, the cards only when the deferred list changes. */
export default memo(VirtualStatementList);
