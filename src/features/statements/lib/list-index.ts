// What a statement list shows (docs/product.md «List filters»): status filter, date range, search and sort over an
// index built once.
import type { Virtualizer } from '@tanstack/react-virtual';
import type { StatementListItem, StatementStatus } from '#domain/contract.ts';
import { decodeListColumns, isListColumns } from '#domain/list-columns.ts';
import { dayKey, parseDate } from '#lib/dates.ts';
import { type DateRange, dayBounds, defaultRange, isDayInBounds } from './date-range.ts';
import { matchesQuery, normalizeQuery, type Searchable, searchKey } from './search.ts';

/** The statements of a list response (the array, or its columns); any other body is none. */
export function statementsOf(data: unknown): StatementListItem[] {
  if (isListColumns(data)) return decodeListColumns(data);
  return Array.isArray(data) ? (data as StatementListItem[]) : [];
}

/**
 * A list the client held, brought up to date by a delta (`?since=`, docs/product.md «Live updates»): the removed and
 * changed items leave, the changed come back, in the server's order (newest `dateCreate` first, then the higher id).
 */
export function applyListDelta(
  items: readonly StatementListItem[],
  delta: { changed: readonly StatementListItem[]; removed: readonly number[] },
): StatementListItem[] {
  if (delta.changed.length === 0 && delta.removed.length === 0) return [...items];
  const gone = new Set<number>(delta.removed);
  for (const item of delta.changed) gone.add(item.id);
  const kept = items.filter((item) => !gone.has(item.id));
  const incoming = [...delta.changed].sort(serverOrder);
  // Both are in the server's order: merge them.
  const merged: StatementListItem[] = [];
  let k = 0;
  for (const item of incoming) {
    while (k < kept.length && serverOrder(kept[k] as StatementListItem, item) < 0)
      merged.push(kept[k++] as StatementListItem);
    merged.push(item);
  }
  while (k < kept.length) merged.push(kept[k++] as StatementListItem);
  return merged;
}

/** The server's list order: newest `dateCreate` first, then the higher id (ISO strings compare as times). */
function serverOrder(a: StatementListItem, b: StatementListItem): number {
  if (a.dateCreate !== b.dateCreate) return a.dateCreate < b.dateCreate ? 1 : -1;
  return b.id - a.id;
}

/** Order of a list by creation date; newest first by default. */
export type SortOrder = 'newest' | 'oldest';
/** The order a list opens with. */
export const DEFAULT_SORT_ORDER: SortOrder = 'newest';
/** Which statuses a list shows: one, or every one. */
export type StatusFilter = 'all' | StatementStatus;

/** What the index needs of a statement. */
export interface Listable extends Searchable {
  id: number;
  status: string;
  dateCreate: string;
}

/** A statement with what the filters compare, computed once when the list loads (the search text when first needed). */
export interface ListEntry<T> {
  item: T;
  /** Lower-cased search text (`searchKey`). */
  readonly key: string;
  /** Creation date. */
  date: Date;
  /** Local calendar day of the creation date (`dayKey`). */
  day: number;
}

/** The filters in force. */
export interface ListQuery {
  status: StatusFilter;
  range: DateRange;
  search: string;
  order: SortOrder;
}

/**
 * The list's index: every item with a valid creation date (others are never shown), newest first,
 * equal dates by id, higher first; with search keys and days precomputed.
 */
export function indexStatements<T extends Listable>(items: readonly T[]): ListEntry<T>[] {
  const entries: ListEntry<T>[] = [];
  for (const item of items) {
    const date = parseDate(item.dateCreate);
    if (date) entries.push(new Entry(item, date, dayKey(date)));
  }
  return entries.sort((a, b) => b.date.getTime() - a.date.getTime() || b.item.id - a.item.id);
}

/** An index entry whose search text is made when first read: the list draws before 10,000 of them are lower-cased. */
class Entry<T extends Listable> implements ListEntry<T> {
  readonly item: T;
  readonly date: Date;
  readonly day: number;
  #key: string | undefined;
  constructor(item: T, date: Date, day: number) {
    this.item = item;
    this.date = date;
    this.day = day;
  }
  get key(): string {
    this.#key ??= searchKey(this.item);
    return this.#key;
  }
}

const whenIdle = (work: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(work, { timeout: 1000 }) : setTimeout(work, 0);

/**
 * Makes the index's search texts a slice at a time while the page is idle, after the list is drawn, so the first
 * keystroke of a search finds them made. An index replaced meanwhile is simply finished or left.
 */
export function prepareSearch(entries: ReadonlyArray<ListEntry<unknown>>, slice = 1000): void {
  let next = 0;
  const step = () => {
    const end = Math.min(entries.length, next + slice);
    for (; next < end; next++) void entries[next]?.key;
    if (next < entries.length) whenIdle(step);
  };
  if (entries.length > 0) whenIdle(step);
}

/** The default date range of an index (earliest and latest creation days). */
export function indexRange(entries: ReadonlyArray<ListEntry<unknown>>): DateRange {
  const newest = entries[0];
  const oldest = entries[entries.length - 1];
  return defaultRange(newest && oldest ? [oldest.date, newest.date] : []);
}

/** The items the list shows: in the status, within the range (days inclusive), matching the search, in order. */
export function selectStatements<T extends Listable>(entries: ReadonlyArray<ListEntry<T>>, query: ListQuery): T[] {
  const bounds = dayBounds(query.range);
  const search = normalizeQuery(query.search);
  const selected: T[] = [];
  for (const entry of entries) {
    if (query.status !== 'all' && entry.item.status !== query.status) continue;
    if (!isDayInBounds(entry.day, bounds)) continue;
    if (search !== '' && !matchesQuery(entry.key, search)) continue;
    selected.push(entry.item);
  }
  return query.order === 'newest' ? selected : selected.reverse();
}

/**
 * A row's size as the virtualised lists (the company's cards, the examiner's table) record it: read from the
 * ResizeObserver's entry, which comes after the browser's own layout. When a row is mounted (no entry yet) its known
 * size or the estimate stands, so mounting rows never forces a synchronous layout (tanstack's default reads
 * offsetHeight then, once per row, in the middle of React's commit). Estimates should be the common row height: each
 * size that differs from its estimate makes the virtualiser recompute the positions of every row after it.
 */
export function rowSize<Scroller extends Element | Window>(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<Scroller, Element>,
): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  if (entry) return Math.round((element as HTMLElement).offsetHeight);
  const index = instance.indexFromElement(element);
  return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
}
