import type { StatementListColumns, StatementListItem } from '#domain/contract.ts';
import { decodeListColumnsInSlices, encodeListColumns, isListColumns } from '#domain/list-columns.ts';
import { yieldToPage } from '#lib/browser.ts';
import { tabStorage as storage } from '#lib/tab-storage.ts';
import { $session } from '#stores/session.ts';
import { KEPT_LIST_PREFIX as PREFIX, removeKeptLists } from './kept-lists.ts';

/**
 * Statement lists kept for the tab's life (docs/product.md «Live updates»): each list as last read, with the revision
 * the server gave it, in this tab's sessionStorage, in columns (domain/list-columns.ts: the examiner's 10,000 rows
 * are ~1 MB, read without unpacking; gzipped only when the tab's storage will not take that). The next page shows
 * them at once and asks the server only for what changed. Kept per user; gone when the tab closes, and cleared when
 * the session ends (logout in any tab, expiry).
 */
export interface KeptList {
  revision: string;
  items: StatementListItem[];
}

/** Bumped when the kept lists are forgotten: a copy still being compressed then is not written after it. */
let generation = 0;

const canCompress = () => typeof CompressionStream !== 'undefined' && typeof DecompressionStream !== 'undefined';

/** A kept list as stored: whose, its revision, and its columns (as they are, or gzipped JSON of them: `data`). */
interface Stored {
  userId: number;
  revision: string;
  columns?: unknown;
  data?: string;
}

/** A kept list read from the storage, whoever's it is: checked against the session's user before it is shown. */
interface Read {
  userId: number;
  list: KeptList;
  /** The `generation` when the read began: a read from before the session ended is never shown. */
  generation: number;
}

async function gzip(text: string): Promise<string> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

async function gunzip(base64: string): Promise<string> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).text();
}

/** Rows unpacked between two turns of the page (a few milliseconds on a slow phone). */
const SLICE = 500;

/** A list's items from its columns, a slice at a time: unpacking 10,000 rows holds up nothing else on the page. */
export async function unpackListColumns(columns: StatementListColumns): Promise<StatementListItem[]> {
  const steps = decodeListColumnsInSlices(columns, SLICE);
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    await yieldToPage();
  }
}

/** Reads begun before the user was known (`startReadingKeptList`), each taken once. */
const reads = new Map<string, Promise<Read | null>>();

async function readStored(key: string): Promise<Read | null> {
  const began = generation;
  const raw = storage()?.getItem(PREFIX + key);
  if (!raw) return null;
  try {
    // Parsed and unpacked after what the page has to do first (its refresh, its first screen).
    await yieldToPage();
    const stored = JSON.parse(raw) as Stored;
    if (typeof stored.userId !== 'number' || typeof stored.revision !== 'string') return null;
    let body = stored.columns;
    if (body === undefined && typeof stored.data === 'string' && canCompress())
      body = JSON.parse(await gunzip(stored.data)) as unknown;
    // An array: kept before lists were kept in columns.
    const items = isListColumns(body) ? await unpackListColumns(body) : Array.isArray(body) ? body : null;
    return items ? { userId: stored.userId, list: { revision: stored.revision, items }, generation: began } : null;
  } catch {
    return null;
  }
}

/**
 * Starts reading the list kept under `key` while the session's refresh is still on its way: the page draws the rows
 * as soon as it knows the user, instead of reading them only then. `readKeptList` decides whether they may be shown;
 * `prepare` is given the rows once unpacked, before that, for work that shows nothing (an index of them).
 */
export function startReadingKeptList(key: string, prepare?: (items: StatementListItem[]) => void): void {
  if (reads.has(key)) return;
  const read = readStored(key);
  reads.set(key, read);
  if (prepare) void read.then((found) => found && yieldToPage().then(() => prepare(found.list.items)));
}

/**
 * The list kept under `key` for this user, or null (none, another user's, unreadable, or read before the session
 * ended). Takes the read `startReadingKeptList` began, if any.
 */
export async function readKeptList(key: string, userId: number): Promise<KeptList | null> {
  const read = reads.get(key) ?? readStored(key);
  reads.delete(key);
  const found = await read;
  if (!found || found.userId !== userId || found.generation !== generation) return null;
  return found.list;
}

/**
 * Resolves once the page is idle, at most `timeout` ms from now: the copy is written after the page's own work (the
 * rows drawn), in a task of its own, not in the one that shows the list (a long task on a slow phone).
 */
function whenIdle(timeout = 2000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout });
    else setTimeout(resolve, 0);
  });
}

/**
 * Keeps a list as read, in columns (`columns`: as the server sent them for these very items, else encoded here); gzipped
 * when the tab's storage will not take them plain. Written when the page is idle. A full or disabled storage only costs
 * a whole list on the next page.
 */
export async function keepList(
  key: string,
  userId: number,
  list: KeptList,
  columns?: StatementListColumns,
): Promise<void> {
  const store = storage();
  if (!store) return;
  const started = generation;
  await whenIdle();
  // The session ended meanwhile (clearKeptLists): nothing of it stays in the tab.
  if (generation !== started) return;
  try {
    // The columns the server sent, when the list came so: not encoded again (~60 ms for 10,000 rows).
    const body = columns ?? encodeListColumns(list.items);
    try {
      store.setItem(PREFIX + key, JSON.stringify({ userId, revision: list.revision, columns: body } satisfies Stored));
      return;
    } catch {
      // Over the tab's quota: gzipped below.
    }
    if (!canCompress()) {
      store.removeItem(PREFIX + key);
      return;
    }
    const data = await gzip(JSON.stringify(body));
    // The session ended meanwhile (clearKeptLists): nothing of it stays in the tab.
    if (generation !== started) return;
    store.setItem(PREFIX + key, JSON.stringify({ userId, revision: list.revision, data } satisfies Stored));
  } catch {
    store.removeItem(PREFIX + key);
  }
}

/** What follows a kept list's key for the first screen of one of its views. */
const FIRST_SCREEN = '#first:';

/** A view's first screen as stored: whose, and its rows. */
interface StoredFirstScreen {
  userId: number;
  rows: StatementListItem[];
}

/** First screens waiting for the page to be idle, by storage key: the newest rows of each win. */
const firstScreens = new Map<string, StoredFirstScreen>();
let firstScreensDue = false;

/**
 * Keeps the first rows a list screen showed in the view a page opens with (`view`: its route's status, its first
 * order), apart from the whole list: the next page draws them from a few kilobytes while the whole copy is still being
 * unpacked (docs/product.md «Live updates»). Written when the page is idle; the newest rows win.
 */
export function keepFirstScreen(key: string, view: string, userId: number, rows: StatementListItem[]): void {
  if (!storage()) return;
  firstScreens.set(PREFIX + key + FIRST_SCREEN + view, { userId, rows });
  if (firstScreensDue) return;
  firstScreensDue = true;
  const started = generation;
  void whenIdle().then(() => {
    firstScreensDue = false;
    const due = [...firstScreens];
    firstScreens.clear();
    // The session ended meanwhile (clearKeptLists): nothing of it stays in the tab.
    if (generation !== started) return;
    const store = storage();
    for (const [name, screen] of due) {
      try {
        store?.setItem(name, JSON.stringify(screen));
      } catch {
        store?.removeItem(name);
      }
    }
  });
}

/**
 * The first screen kept for `view` of the list kept under `key`, if it is this user's: shown, once the session knows
 * the user, until the whole copy is read.
 */
export function readFirstScreen(key: string, view: string, userId: number): StatementListItem[] | null {
  try {
    const raw = storage()?.getItem(PREFIX + key + FIRST_SCREEN + view);
    if (!raw) return null;
    const stored = JSON.parse(raw) as StoredFirstScreen;
    return stored.userId === userId && Array.isArray(stored.rows) && stored.rows.length > 0 ? stored.rows : null;
  } catch {
    return null;
  }
}

/** Forgets every kept list (the session ended). */
export function clearKeptLists(): void {
  generation++;
  reads.clear();
  firstScreens.clear();
  removeKeptLists();
}

// Nobody signed in (logout in any tab, an expired session): reads and copies on their way are dropped too (the session
// itself removes the stored copies, on pages without a list as well).
$session.listen((session) => {
  if (session.status === 'anonymous') clearKeptLists();
});
