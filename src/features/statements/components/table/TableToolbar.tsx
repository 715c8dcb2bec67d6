import Button from '#components/ui/Button.tsx';
import DateRangePicker from '#components/ui/DateRangePicker.tsx';
import SearchToggle from '#components/ui/SearchToggle.tsx';
import { useStore } from '#stores/prerendered.ts';
import type { StatementTable } from '../../stores/in-work.ts';
import { tableTexts } from './texts.ts';

/** The table's toolbar: the date range, the search, and the export of the rows shown. */
export default function TableToolbar({ table, canExport }: { table: StatementTable; canExport: boolean }) {
  const range = useStore(table.$range);
  const search = useStore(table.$search);
  const exporting = useStore(table.$exporting);

  return (
    <search className="list-toolbar" aria-label={tableTexts.toolbar}>
      <DateRangePicker start={range.start} end={range.end} onStartChange={table.setStart} onEndChange={table.setEnd} />
      <div className="list-toolbar__actions">
        <SearchToggle value={search} onChange={table.setSearch} />
        <Button variant="secondary" busy={exporting} disabled={!canExport} onClick={() => void table.exportCsv()}>
          {tableTexts.export}
        </Button>
      </div>
    </search>
  );
}
