import type { StatementListItem } from '#domain/contract.ts';

/**
 * Statement lists kept for the tab's life (docs/product.md «Live updates»): each list as last read, with the revision
 * the server gave it, in this tab's sessionStorage, gzipped (the examiner's 10,000 rows are 6.5 MB of JSON, about
 * 0.5 MB kept). The next page shows them at once and asks the server only for what changed. Kept per user; gone
 * when the tab closes, and cleared when the session ends (logout in any tab, expiry).
 */
export interface KeptList {
  revision: string;
  items: StatementListItem[];
}

const PREFIX = 'portal-list:';

/** Bumped when the kept lists are forgotten: a copy still being compressed then is not written after it. */
let generation = 0;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

const canCompress = () => typeof CompressionStream !== 'undefined' && typeof DecompressionStream !== 'undefined';

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

/** The list kept under `key` for this user, or null (none, another user's, unreadable). */
export async function readKeptList(key: string, userId: number): Promise<KeptList | null> {
  const raw = storage()?.getItem(PREFIX + key);
  if (!raw || !canCompress()) return null;
  try {
    const kept = JSON.parse(raw) as { userId: number; revision: string; data: string };
    if (kept.userId !== userId || typeof kept.revision !== 'string') return null;
    const items = JSON.parse(await gunzip(kept.data)) as unknown;
    return Array.isArray(items) ? { revision: kept.revision, items: items as StatementListItem[] } : null;
  } catch {
    return null;
  }
}

/** Keeps a list as read; a full or disabled storage only costs a whole list on the next page. */
export async function keepList(key: string, userId: number, list: KeptList): Promise<void> {
  const store = storage();
  if (!store || !canCompress()) return;
  const started = generation;
  try {
    const data = await gzip(JSON.stringify(list.items));
    // The session ended meanwhile (clearKeptLists): nothing of it stays in the tab.
    if (generation !== started) return;
    store.setItem(PREFIX + key, JSON.stringify({ userId, revision: list.revision, data }));
  } catch {
    store.removeItem(PREFIX + key);
  }
}

/** Forgets every kept list (the session ended). */
export function clearKeptLists(): void {
  generation++;
  const store = storage();
  if (!store) return;
  for (let i = store.length - 1; i >= 0; i--) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX)) store.removeItem(key);
  }
}
