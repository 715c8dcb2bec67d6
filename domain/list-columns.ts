import type { StatementListColumns, StatementListItem, StatementListTextColumn } from './contract.ts';

/**
 * A whole statement list column by column (docs/decisions.md «Compact list columns»): the same items in the same
 * order, each repeated text sent once and numbers as small differences, so that compression has little left to find
 * (the examiner's 10,000 rows: 6.5 MB of JSON, ~1 MB of columns). The API sends it to a client that asks
 * (`Accept: application/vnd.portal.list-columns+json`), and the site keeps its lists in this form in the tab.
 */
export const LIST_COLUMNS_TYPE = 'application/vnd.portal.list-columns+json';

type TextField = StatementListTextColumn['field'];

/** The text fields in the order they are sent: a field may say "the same as the one before" (address after name). */
const TEXT_FIELDS = [
  'status',
  'cipher',
  'title',
  'name',
  'address',
  'cadastralNumber',
  'categoryName',
  'catalogWorkType',
  'companyName',
  'externalNumber',
  'governmentAgencyName',
] as const satisfies readonly TextField[];

// Every field of an item is written by encodeListColumns: a new one fails here until the codec carries it.
type Carried =
  | TextField
  | 'id'
  | 'visibleId'
  | 'dateCreate'
  | 'lastUpdate'
  | 'examinerId'
  | 'reviewDeadline'
  | 'intakeDeadline'
  | 'openRequiredRemarks'
  | 'awaitingSignature';
const everyFieldCarried: [Exclude<keyof StatementListItem, Carried>] extends [never] ? true : never = true;
void everyFieldCarried;

const NEXT = 0;
const NULL = -1;
const AS_BEFORE = -2;

/** A date as milliseconds after `base`, or as itself when `toISOString` would not give it back. */
function encodeDate(value: string, base: number): number | string {
  const time = Date.parse(value);
  return Number.isFinite(time) && new Date(time).toISOString() === value ? time - base : value;
}

function encodeText(items: readonly StatementListItem[], field: TextField, before: TextField | null) {
  const values: string[] = [];
  const seen = new Map<string, number>();
  const refs = items.map((item) => {
    const value = item[field];
    if (value === null) return NULL;
    if (before !== null && value === item[before]) return AS_BEFORE;
    const at = seen.get(value);
    if (at !== undefined) return values.length - at;
    seen.set(value, values.length);
    values.push(value);
    return NEXT;
  });
  return { field, values, refs };
}

/** A list in columns (the server's answer, the tab's copy). */
export function encodeListColumns(items: readonly StatementListItem[]): StatementListColumns {
  let lastId = 0;
  let lastCreated = 0;
  const held = items.flatMap((item, row) => (item.awaitingSignature ? [row] : []));
  return {
    ...(held.length > 0 ? { awaitingSignature: held } : {}),
    count: items.length,
    id: items.map((item) => {
      const step = item.id - lastId;
      lastId = item.id;
      return step;
    }),
    visibleId: items.map((item) => item.visibleId - item.id),
    dateCreate: items.map((item) => {
      const value = encodeDate(item.dateCreate, lastCreated);
      if (typeof value === 'number') lastCreated += value;
      return value;
    }),
    lastUpdate: items.map((item) => {
      const created = Date.parse(item.dateCreate);
      return encodeDate(item.lastUpdate, Number.isFinite(created) ? created : 0);
    }),
    text: TEXT_FIELDS.map((field, i) => encodeText(items, field, i === 0 ? null : (TEXT_FIELDS[i - 1] ?? null))),
    examinerId: items.map((item) => item.examinerId),
    reviewDeadline: items.map((item) => item.reviewDeadline),
    intakeDeadline: items.map((item) => item.intakeDeadline),
    openRequiredRemarks: items.map((item) => item.openRequiredRemarks ?? 0),
  };
}

/** True for a `StatementListColumns` answer (as against the array or a delta). */
export function isListColumns(data: unknown): data is StatementListColumns {
  return (
    typeof data === 'object' &&
    data !== null &&
    !Array.isArray(data) &&
    typeof (data as StatementListColumns).count === 'number' &&
    Array.isArray((data as StatementListColumns).text)
  );
}

function column<T>(values: readonly T[] | undefined, count: number, name: string): readonly T[] {
  if (!Array.isArray(values) || values.length !== count) throw new Error(`list columns: ${name} is not ${count} long`);
  return values;
}

function decodeText(text: StatementListTextColumn, count: number): Array<string | null | typeof AS_BEFORE> {
  const refs = column(text.refs, count, text.field);
  const out = new Array<string | null | typeof AS_BEFORE>(count);
  let next = 0;
  for (let row = 0; row < count; row++) {
    const ref = refs[row] ?? NULL;
    if (ref === NEXT) {
      const value = text.values[next];
      if (value === undefined) throw new Error(`list columns: ${text.field} has too few values`);
      out[row] = value;
      next += 1;
    } else if (ref > 0) {
      const value = text.values[next - ref];
      if (value === undefined || ref > next) throw new Error(`list columns: ${text.field} refers before its values`);
      out[row] = value;
    } else out[row] = ref === AS_BEFORE ? AS_BEFORE : null;
  }
  return out;
}

function decodeDate(value: number | string | undefined, base: number): string {
  return typeof value === 'string' ? value : new Date(base + (value ?? 0)).toISOString();
}

/** The items of a list in columns; throws on columns that do not fit together. */
export function decodeListColumns(columns: StatementListColumns): StatementListItem[] {
  const steps = decodeListColumnsInSlices(columns, Number.POSITIVE_INFINITY);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/**
 * `decodeListColumns` a slice of `slice` rows at a time: the generator pauses after each slice, and returns the items.
 * The site unpacks the tab's copy of a list this way, giving the page its turn between slices (the session's refresh
 * goes out in the middle of it instead of after it).
 */
export function* decodeListColumnsInSlices(
  columns: StatementListColumns,
  slice: number,
): Generator<void, StatementListItem[], void> {
  const count = columns.count;
  const ids = column(columns.id, count, 'id');
  const visibleIds = column(columns.visibleId, count, 'visibleId');
  const created = column(columns.dateCreate, count, 'dateCreate');
  const updated = column(columns.lastUpdate, count, 'lastUpdate');
  const examiners = column(columns.examinerId, count, 'examinerId');
  const review = column(columns.reviewDeadline, count, 'reviewDeadline');
  const intake = column(columns.intakeDeadline, count, 'intakeDeadline');
  const remarks = column(columns.openRequiredRemarks, count, 'openRequiredRemarks');
  const held = new Set(columns.awaitingSignature ?? []);
  const byField = new Map(columns.text.map((text) => [text.field, decodeText(text, count)]));
  const texts = TEXT_FIELDS.map((field) => {
    const values = byField.get(field);
    if (!values) throw new Error(`list columns: no ${field}`);
    return values;
  });
  const items = new Array<StatementListItem>(count);
  let id = 0;
  let lastCreated = 0;
  for (let row = 0; row < count; row++) {
    if (row > 0 && row % slice === 0) yield;
    id += ids[row] ?? 0;
    const createdValue = created[row];
    if (typeof createdValue === 'number') lastCreated += createdValue;
    const dateCreate = typeof createdValue === 'string' ? createdValue : new Date(lastCreated).toISOString();
    const createdAt = Date.parse(dateCreate);
    const text = {} as Record<TextField, string | null>;
    for (let f = 0; f < TEXT_FIELDS.length; f++) {
      const field = TEXT_FIELDS[f] as TextField;
      const value = texts[f]?.[row] ?? null;
      text[field] = value === AS_BEFORE ? (text[TEXT_FIELDS[f - 1] as TextField] ?? null) : value;
    }
    const item: StatementListItem = {
      id,
      visibleId: id + (visibleIds[row] ?? 0),
      status: text.status as StatementListItem['status'],
      dateCreate,
      lastUpdate: decodeDate(updated[row], Number.isFinite(createdAt) ? createdAt : 0),
      cipher: text.cipher,
      title: text.title ?? '',
      name: text.name,
      address: text.address,
      cadastralNumber: text.cadastralNumber,
      categoryName: text.categoryName,
      catalogWorkType: text.catalogWorkType,
      examinerId: examiners[row] ?? null,
      companyName: text.companyName ?? '',
      externalNumber: text.externalNumber,
      governmentAgencyName: text.governmentAgencyName,
      reviewDeadline: review[row] ?? null,
      intakeDeadline: intake[row] ?? null,
    };
    const open = remarks[row] ?? 0;
    if (open > 0) item.openRequiredRemarks = open;
    if (held.has(row)) item.awaitingSignature = true;
    items[row] = item;
  }
  return items;
}
