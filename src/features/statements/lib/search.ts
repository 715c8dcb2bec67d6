// Search of the statement lists (docs/product.md «List filters»): a case-insensitive substring over the fields below.
import type { StatementListItem } from '#domain/contract.ts';

/** The fields docs/product.md «List filters» searches, plus the number the cards show ('№ {visibleId}'). */
export const SEARCH_FIELDS = [
  'title',
  'name',
  'externalNumber',
  'cipher',
  'companyName',
  'categoryName',
  'catalogWorkType',
  'governmentAgencyName',
  'id',
  'visibleId',
] as const satisfies ReadonlyArray<keyof StatementListItem>;

/** The part of a statement the search reads. */
export type Searchable = Partial<Pick<StatementListItem, (typeof SEARCH_FIELDS)[number]>>;

// A separator no one types, so a query never matches across two fields.
const FIELD_SEPARATOR = '\u0000';

/** Lower-cased searchable text of a statement; computed once per item when the list loads. */
export function searchKey(item: Searchable): string {
  const parts: string[] = [];
  for (const field of SEARCH_FIELDS) {
    const value = item[field];
    if (value !== null && value !== undefined && value !== '') parts.push(String(value).toLowerCase());
  }
  return parts.join(FIELD_SEPARATOR);
}

/** A query as it is compared: trimmed and lower-cased. */
export function normalizeQuery(query: string): string {
  return query.trim().toLowerCase();
}

/** True when a normalised query is empty or occurs in the key. */
export function matchesQuery(key: string, normalizedQuery: string): boolean {
  return normalizedQuery === '' || key.includes(normalizedQuery);
}
