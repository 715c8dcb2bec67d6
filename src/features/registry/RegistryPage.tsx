import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import Button from '#components/ui/Button.tsx';
import LazyChunk, { chunk } from '#components/ui/LazyChunk.tsx';
import LoadFailed from '#components/ui/LoadFailed.tsx';
import type { RegistryFacets } from '#domain/contract.ts';
import { useStore } from '#stores/prerendered.ts';
import {
  $registry,
  $registryFacets,
  $registryQuery,
  changeRegistryQuery,
  loadRegistry,
  startRegistry,
} from './stores/registry.ts';
import {
  DECISION_OUTCOMES,
  type DecisionOutcome,
  MAX_QUERY_LENGTH,
  type RegistryQuery,
  type RegistrySort,
} from './stores/registry-query.ts';
import { registryTexts as t } from './texts/registry.ts';

// Loaded after the page's own code (the initial JS budget), and rendered only once their data answered (never in the
// prerendered HTML: no streaming scripts for Suspense inline): the entries, whose code loads beside the first request,
// and below them the downloads and the passport.
const loadResults = chunk(() => import('./components/RegistryResults.tsx'));
const loadOpenData = chunk(() => import('./components/OpenData.tsx'));
const OPEN_DATA_PENDING = <section className="card registry-block registry-open-data--pending" aria-busy="true" />;

/** A select's value as a number, or null for «all». */
const idOrNull = (value: string): number | null => (value === '' ? null : Number(value));

/** A select of the filters; '' is «all». */
function Filter({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="field registry-filter">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="input select" value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        {children}
      </select>
    </div>
  );
}

/** Search, filters and sort; the search applies on Enter or «Найти», a select at once. */
function Toolbar({ query, facets }: { query: RegistryQuery; facets: RegistryFacets | null }) {
  const searchId = useId();
  const [text, setText] = useState(query.query);
  // Back/Forward bring another query: the field follows it.
  useEffect(() => setText(query.query), [query.query]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    changeRegistryQuery({ query: text.trim() });
  };
  return (
    <search className="registry-toolbar" aria-label={t.searchRegion}>
      <form className="registry-search" onSubmit={onSubmit}>
        <div className="field registry-search__field">
          <label className="field__label" htmlFor={searchId}>
            {t.search}
          </label>
          <span className="field__hint" id={`${searchId}-hint`}>
            {t.searchHint}
          </span>
          <div className="registry-search__row">
            <input
              id={searchId}
              className="input"
              type="search"
              name="query"
              value={text}
              maxLength={MAX_QUERY_LENGTH}
              aria-describedby={`${searchId}-hint`}
              onChange={(event) => setText(event.currentTarget.value)}
            />
            <Button type="submit">{t.find}</Button>
          </div>
        </div>
      </form>
      <fieldset className="registry-filters">
        <legend className="visually-hidden">{t.filters}</legend>
        <Filter
          label={t.outcome}
          value={query.outcome ?? ''}
          onChange={(value) => changeRegistryQuery({ outcome: (value || null) as DecisionOutcome | null })}
        >
          <option value="">{t.anyOutcome}</option>
          {DECISION_OUTCOMES.map((outcome) => (
            <option key={outcome} value={outcome}>
              {t.outcomes[outcome]}
            </option>
          ))}
        </Filter>
        <Filter
          label={t.year}
          value={query.year === null ? '' : String(query.year)}
          onChange={(value) => changeRegistryQuery({ year: idOrNull(value) })}
        >
          <option value="">{t.anyYear}</option>
          {withCurrent(facets?.years ?? [], query.year).map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </Filter>
        <Filter
          label={t.category}
          value={query.categoryId === null ? '' : String(query.categoryId)}
          onChange={(value) => changeRegistryQuery({ categoryId: idOrNull(value) })}
        >
          <option value="">{t.anyCategory}</option>
          {(facets?.categories ?? []).map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </Filter>
        <Filter
          label={t.workType}
          value={query.workTypeId === null ? '' : String(query.workTypeId)}
          onChange={(value) => changeRegistryQuery({ workTypeId: idOrNull(value) })}
        >
          <option value="">{t.anyWorkType}</option>
          {(facets?.workTypes ?? []).map((workType) => (
            <option key={workType.id} value={workType.id}>
              {workType.name}
            </option>
          ))}
        </Filter>
        <Filter
          label={t.sort}
          value={query.sort}
          onChange={(value) => changeRegistryQuery({ sort: value as RegistrySort })}
        >
          <option value="date_desc">{t.newestFirst}</option>
          <option value="date_asc">{t.oldestFirst}</option>
        </Filter>
      </fieldset>
    </search>
  );
}

/** The years of the facets, with the address's year kept even before the facets arrive (a select shows its value). */
function withCurrent(years: readonly number[], current: number | null): number[] {
  return current === null || years.includes(current) ? [...years] : [current, ...years];
}

/** The public register's island: search, filters, the decisions of the page, paging. */
export default function RegistryPage() {
  const query = useStore($registryQuery);
  const load = useStore($registry);
  const facetsLoad = useStore($registryFacets);
  const facets = facetsLoad === 'failed' ? null : facetsLoad;
  useEffect(() => {
    // The entries' code over the network beside the first page of them; a failure shows where they would be.
    loadResults().catch(() => {});
    return startRegistry();
  }, []);

  const page = load.status === 'ready' ? load.page : load.status === 'loading' ? load.previous : null;
  const busy = load.status === 'loading';
  let count: string = busy && !page ? t.loading : '';
  if (load.status === 'ready') count = t.found(load.page.total);

  return (
    <div className="registry">
      <Toolbar query={query} facets={facets} />
      <p className="registry-count" role="status">
        {count}
      </p>
      {load.status === 'error' ? (
        <LoadFailed
          text={load.reason === 'tooMany' ? t.tooMany : t.failed}
          retryLabel={t.retry}
          onRetry={() => void loadRegistry()}
        />
      ) : (
        <div className="registry-results" aria-busy={busy}>
          {page && (
            <LazyChunk
              load={loadResults}
              props={{ query, page }}
              fallback={null}
              failedText={t.partFailed}
              retryLabel={t.retry}
            />
          )}
        </div>
      )}
      {facetsLoad ? (
        <LazyChunk
          load={loadOpenData}
          props={{ facets }}
          fallback={OPEN_DATA_PENDING}
          failedText={t.partFailed}
          retryLabel={t.retry}
        />
      ) : (
        OPEN_DATA_PENDING
      )}
    </div>
  );
}
