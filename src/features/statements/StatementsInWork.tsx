import { useDeferredValue, useLayoutEffect } from 'react';
import type { ExaminerFilter } from '#domain/routes.ts';
import { useStore } from '#stores/prerendered.ts';
import ListBody from './components/list/ListBody.tsx';
import TableToolbar from './components/table/TableToolbar.tsx';
import { tableTexts } from './components/table/texts.ts';
import VirtualTable from './components/table/VirtualTable.tsx';
import { $now, statementTables, type TableSource } from './stores/in-work.ts';

/** Props of StatementsInWork. */
export interface StatementsInWorkProps {
  /** 'all': every statement in work (/instance/all); 'mine': the examiner's own (/instance/filter/{filter}). */
  source: TableSource;
  /** The route's status filter; 'all' shows every status of the source. */
  filter: ExaminerFilter;
}

/** 'Заявления в работе', the one island of /instance/all and /instance/filter/{filter}. */
export default function StatementsInWork({ source, filter }: StatementsInWorkProps) {
  const table = statementTables[source];
  useLayoutEffect(() => table.setStatus(filter), [table, filter]);
  const list = useStore(table.$list);
  const sort = useStore(table.$sort);
  const now = useStore($now);
  // Typing stays immediate; the rows follow when React has time (10,000 statements).
  const current = useStore(table.$visible);
  const visible = useDeferredValue(current);
  // Rows just loaded but not yet rendered are still loading, not 'Ничего не найдено'.
  const rendering = visible.length === 0 && current.length > 0;

  return (
    <>
      <div className="page-header">
        <h1>{tableTexts.title}</h1>
      </div>
      {source === 'mine' && (
        <p className="list-filter">{filter === 'all' ? tableTexts.mine : tableTexts.filter(filter)}</p>
      )}
      <TableToolbar table={table} canExport={list.status === 'ready' && current.length > 0} />
      <p className="visually-hidden" aria-live="polite">
        {list.status === 'ready' ? tableTexts.shown(visible.length) : ''}
      </p>
      <ListBody
        failed={list.status === 'error'}
        loading={(list.status === 'loading' && list.items.length === 0) || rendering}
        nothingFound={visible.length === 0}
        texts={tableTexts}
        onRetry={() => void table.reload()}
      >
        <VirtualTable statements={visible} now={now} sort={sort} onSort={table.sortBy} />
      </ListBody>
    </>
  );
}
