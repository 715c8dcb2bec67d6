import { type FormEvent, lazy, type MouseEvent, type ReactNode, Suspense, useEffect, useId, useState } from 'react';
import Button from '#components/ui/Button.tsx';
import LoadFailed from '#components/ui/LoadFailed.tsx';
import type { RegistryEntry, RegistryFacets } from '#domain/contract.ts';
import { routes } from '#domain/routes.ts';
import { formatNumericDay, orDash } from '#domain/russian.ts';
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
  changedQuery,
  DECISION_OUTCOMES,
  type DecisionOutcome,
  isNarrowed,
  MAX_QUERY_LENGTH,
  pageCount,
  type RegistryQuery,
  type RegistrySort,
  registrySearch,
} from './stores/registry-query.ts';
import { registryTexts as t } from './texts/registry.ts';

// Below the first screen: the downloads and the passport load after the page's own code (the initial JS budget).
// Rendered only once the facets answered (never in the prerendered HTML): no streaming scripts for Suspense inline.
const OpenData = lazy(() => import('./components/OpenData.tsx'));
const OPEN_DATA_PENDING = <section className="card registry-block registry-open-data--pending" aria-busy="true" />;

/** A select's value as a number, or null for «all». */
const idOrNull = (value: string): number | null => (value === '' ? null : Number(value));

function CheckLink({ entry }: { entry: RegistryEntry }) {
  if (entry.outcome !== 'approved' || !entry.checkToken) return <>{t.dash}</>;
  return (
    <a href={routes.certificateCheck(entry.checkToken)} aria-label={t.checkCertificateOf(entry.visibleId)}>
      {t.checkCertificate}
    </a>
  );
}

function Outcome({ outcome }: { outcome: DecisionOutcome }) {
  return <span className={`registry-outcome registry-outcome--${outcome}`}>{t.outcomes[outcome]}</span>;
}

/** Wide screens: a table with a caption and column headers. */
function RegistryTable({ entries }: { entries: readonly RegistryEntry[] }) {
  return (
    <div className="registry-table">
      <table className="registry-table__table">
        <caption className="visually-hidden">{t.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.number}</th>
            <th scope="col">{t.decidedAt}</th>
            <th scope="col">{t.outcome}</th>
            <th scope="col">{t.object}</th>
            <th scope="col">{t.company}</th>
            <th scope="col">{t.certificate}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.visibleId}>
              <th scope="row" className="registry-table__number">
                {t.numberValue(entry.visibleId)}
              </th>
              <td className="registry-table__date">{formatNumericDay(entry.decidedAt)}</td>
              <td>
                <Outcome outcome={entry.outcome} />
              </td>
              <td>
                <span className="registry-table__name">{entry.objectName}</span>
                <span className="registry-table__meta">{orDash(entry.address)}</span>
                <span className="registry-table__meta">
                  {t.cadastralNumber}: {orDash(entry.cadastralNumber)}
                </span>
                <span className="registry-table__meta">
                  {orDash(entry.objectCategory)} · {orDash(entry.workType)}
                </span>
              </td>
              <td>
                <span className="registry-table__name">{entry.companyName}</span>
                <span className="registry-table__meta">
                  {t.companyInn} {orDash(entry.companyInn)}
                </span>
              </td>
              <td>
                <CheckLink entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="registry-card__item">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Narrow screens: a list of cards, each a titled description list. */
function RegistryList({ entries }: { entries: readonly RegistryEntry[] }) {
  return (
    <ol className="registry-list" aria-label={t.caption}>
      {entries.map((entry) => (
        <li key={entry.visibleId} className="registry-card">
          <h3 className="registry-card__title">
            {t.numberValue(entry.visibleId)} <Outcome outcome={entry.outcome} />
          </h3>
          <dl className="registry-card__details">
            <Item term={t.decidedAt}>{formatNumericDay(entry.decidedAt)}</Item>
            <Item term={t.objectName}>{entry.objectName}</Item>
            <Item term={t.address}>{orDash(entry.address)}</Item>
            <Item term={t.cadastralNumber}>{orDash(entry.cadastralNumber)}</Item>
            <Item term={t.category}>{orDash(entry.objectCategory)}</Item>
            <Item term={t.workType}>{orDash(entry.workType)}</Item>
            <Item term={t.company}>{entry.companyName}</Item>
            <Item term={t.companyInn}>{orDash(entry.companyInn)}</Item>
          </dl>
          {entry.outcome === 'approved' && entry.checkToken && (
            <p className="registry-card__check">
              <CheckLink entry={entry} />
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

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

/** Previous and next page as links (a page has its own address), with «Страница X из Y». */
function Pager({ query, total }: { query: RegistryQuery; total: number }) {
  const pages = pageCount(total, query.pageSize);
  if (pages <= 1) return null;
  const link = (page: number, label: string, rel: 'prev' | 'next') => {
    const target = changedQuery(query, { page });
    const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      changeRegistryQuery({ page });
    };
    return (
      <a
        className="button button--secondary"
        href={routes.registry(registrySearch(target))}
        rel={rel}
        onClick={onClick}
      >
        {label}
      </a>
    );
  };
  return (
    <nav className="registry-pager" aria-label={t.paging}>
      {query.page > 1 ? link(Math.min(query.page - 1, pages), t.previous, 'prev') : <span />}
      <span className="registry-pager__position">{t.pageOf(Math.min(query.page, pages), pages)}</span>
      {query.page < pages ? link(query.page + 1, t.next, 'next') : <span />}
    </nav>
  );
}

/** The public register's island: search, filters, the decisions of the page, paging. */
export default function RegistryPage() {
  const query = useStore($registryQuery);
  const load = useStore($registry);
  const facetsLoad = useStore($registryFacets);
  const facets = facetsLoad === 'failed' ? null : facetsLoad;
  useEffect(() => startRegistry(), []);

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
          {page && page.items.length > 0 && (
            <>
              <RegistryTable entries={page.items} />
              <RegistryList entries={page.items} />
              <Pager query={query} total={page.total} />
            </>
          )}
          {page && page.items.length === 0 && (
            <div className="empty-state">
              <p className="empty-state__title">{isNarrowed(query) ? t.empty : t.emptyRegister}</p>
              {isNarrowed(query) && <p>{t.emptyHint}</p>}
            </div>
          )}
        </div>
      )}
      {facetsLoad ? (
        <Suspense fallback={OPEN_DATA_PENDING}>
          <OpenData facets={facets} />
        </Suspense>
      ) : (
        OPEN_DATA_PENDING
      )}
    </div>
  );
}
