import { useStore } from '@nanostores/react';
import DateRangePicker from '../../../../components/ui/DateRangePicker.tsx';
import SearchToggle from '../../../../components/ui/SearchToggle.tsx';
import type { StatementTable } from '../../stores/in-work.ts';
import { tableTexts } from './texts.ts';

/** The table's toolbar: the date range of spec §5 and the search. */
export default function TableToolbar({ table }: { table: StatementTable }) {
  const range = useStore(table.$range);
  const search = useStore(table.$search);

  return (
    <search className="list-toolbar" aria-label={tableTexts.toolbar}>
      <DateRangePicker start={range.start} end={range.end} onStartChange={table.setStart} onEndChange={table.setEnd} />
      <div className="list-toolbar__actions">
        <SearchToggle value={search} onChange={table.setSearch} />
      </div>
    </search>
  );
}
