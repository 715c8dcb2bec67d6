import Button from '#components/ui/Button.tsx';
import DateRangePicker from '#components/ui/DateRangePicker.tsx';
import { ReloadIcon, SortIcon } from '#components/ui/icons.tsx';
import SearchToggle from '#components/ui/SearchToggle.tsx';
import { useStore } from '#stores/prerendered.ts';
import {
  $companyDateRange,
  $companySearch,
  $companySortOrder,
  $companyStatements,
  reloadCompanyStatements,
  setCompanyRangeEnd,
  setCompanyRangeStart,
  setCompanySearch,
  toggleCompanySortOrder,
} from '../../stores/lists.ts';
import { listTexts } from './texts.ts';

/** The list's toolbar: date range, sort toggle, search and a manual reload. */
export default function ListToolbar() {
  const range = useStore($companyDateRange);
  const order = useStore($companySortOrder);
  const { status } = useStore($companyStatements);
  const query = useStore($companySearch);

  return (
    <search className="list-toolbar" aria-label={listTexts.toolbar}>
      <DateRangePicker
        start={range.start}
        end={range.end}
        onStartChange={setCompanyRangeStart}
        onEndChange={setCompanyRangeEnd}
      />
      <div className="list-toolbar__actions">
        <Button
          variant="secondary"
          className="button--compact"
          title={listTexts.sortHint}
          onClick={toggleCompanySortOrder}
        >
          <SortIcon />
          {order === 'newest' ? listTexts.newestFirst : listTexts.oldestFirst}
        </Button>
        <SearchToggle value={query} onChange={setCompanySearch} />
        <button
          type="button"
          className="icon-button list-toolbar__reload"
          aria-label={listTexts.reload}
          title={listTexts.reload}
          // Not disabled while loading: a disabled button would drop the keyboard focus; the reload is single-flight.
          aria-busy={status === 'loading' || undefined}
          onClick={() => void reloadCompanyStatements()}
        >
          <ReloadIcon />
        </button>
      </div>
    </search>
  );
}
