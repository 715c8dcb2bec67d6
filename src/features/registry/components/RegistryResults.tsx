import { type MouseEvent, type ReactNode, useSyncExternalStore } from 'react';
import type { RegistryEntry, RegistryPage } from '#domain/contract.ts';
import { routes } from '#domain/routes.ts';
import { formatNumericDay, orDash } from '#domain/russian.ts';
import { changeRegistryQuery } from '../stores/registry.ts';
import {
  changedQuery,
  type DecisionOutcome,
  isNarrowed,
  pageCount,
  type RegistryQuery,
  registrySearch,
} from '../stores/registry-query.ts';
import { registryTexts as t } from '../texts/registry.ts';

// The register's answer: its entries (a table on wide screens, cards on narrow ones), paging, or why it is empty.
// Loaded beside the page's first request, after the page's own code (the initial JS budget): nothing of it is in the
// prerendered HTML, which has no answer yet.

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

/** Where the cards replace the table (registry.css holds the same width). */
const NARROW = '(max-width: 767.98px)';

function subscribeNarrow(onChange: () => void): () => void {
  const media = window.matchMedia(NARROW);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** True on a narrow screen, following the window as it is resized. */
function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribeNarrow,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}

/** The entries of the answered page with its paging, or what the empty answer means. */
export default function RegistryResults({ query, page }: { query: RegistryQuery; page: RegistryPage }) {
  // Only the form this width shows is made: half the page's work on a phone.
  const narrow = useNarrow();
  if (page.items.length === 0) {
    return (
      <div className="empty-state">
        <p className="empty-state__title">{isNarrowed(query) ? t.empty : t.emptyRegister}</p>
        {isNarrowed(query) && <p>{t.emptyHint}</p>}
      </div>
    );
  }
  return (
    <>
      {narrow ? <RegistryList entries={page.items} /> : <RegistryTable entries={page.items} />}
      <Pager query={query} total={page.total} />
    </>
  );
}
