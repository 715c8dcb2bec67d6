import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { type ExaminerFilter, routes } from '#domain/routes.ts';
import { useStore } from '#stores/prerendered.ts';
import ListBody from './components/list/ListBody.tsx';
import { useListRows } from './components/list/use-list-rows.ts';
import TableToolbar from './components/table/TableToolbar.tsx';
import { tableTexts } from './components/table/texts.ts';
import VirtualTable from './components/table/VirtualTable.tsx';
import { matchesTeamFilter, parseTeamFilter, type TeamFilter } from './lib/team-figures.ts';
import { $now, statementTables, type TableSource } from './stores/in-work.ts';
import { $team } from './stores/team.ts';
import { teamTexts } from './texts/team.ts';

/**
 * The note over /instance/all opened from a figure of the team's workload ('Просрочено: Смирнов Алексей Петрович'),
 * with the way back to every statement. The name comes from the head's team figures (watched only here).
 */
function TeamFilterNote({ filter }: { filter: TeamFilter }) {
  const team = useStore($team).team;
  const fio = team?.examiners.find((row) => row.examinerId === filter.examinerId)?.fio;
  return (
    <p className="list-filter">
      {teamTexts.filterNote(filter.figure, fio ?? teamTexts.examinerNumber(filter.examinerId))}{' '}
      <a href={routes.examinerAll}>{teamTexts.showAll}</a>
    </p>
  );
}

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
  // /instance/all?examiner={id}&figure={figure}: one examiner's statements behind a figure of the team's workload.
  const [teamFilter, setTeamFilter] = useState<TeamFilter | null>(null);
  useEffect(() => {
    if (source === 'all') setTeamFilter(parseTeamFilter(window.location.search));
  }, [source]);
  const narrowed = useMemo(() => {
    if (!teamFilter) return current;
    const at = new Date(now);
    return current.filter((item) => matchesTeamFilter(item, teamFilter, at));
  }, [current, teamFilter, now]);
  const visible = useListRows(narrowed);

  return (
    <>
      <div className="page-header">
        <h1>{tableTexts.title}</h1>
      </div>
      {source === 'mine' && (
        <p className="list-filter">{filter === 'all' ? tableTexts.mine : tableTexts.filter(filter)}</p>
      )}
      {teamFilter && <TeamFilterNote filter={teamFilter} />}
      <TableToolbar table={table} canExport={list.status === 'ready' && current.length > 0 && !teamFilter} />
      <p className="visually-hidden" aria-live="polite">
        {list.status === 'ready' ? tableTexts.shown(visible.length) : ''}
      </p>
      <ListBody
        failed={list.status === 'error'}
        loading={list.status === 'loading' && list.items.length === 0}
        nothingFound={visible.length === 0}
        texts={tableTexts}
        onRetry={() => void table.reload()}
      >
        <VirtualTable statements={visible} now={now} sort={sort} onSort={table.sortBy} />
      </ListBody>
    </>
  );
}
