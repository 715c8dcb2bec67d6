import type { Page } from '@playwright/test';
import type { StatementListItem } from '../../domain/contract.ts';
import { decodeListColumns, encodeListColumns, isListColumns } from '../../domain/list-columns.ts';

/** A statement as the list endpoints send it, as far as the specs read it. */
export interface Listed {
  id: number;
  visibleId: number;
  title: string;
  status: string;
  /** A refusal to accept waits for its signature: the statement is out of 'Новые заявления'. */
  awaitingSignature?: true;
}

/**
 * A list endpoint's answer as the statements it stands for, in whichever form the site asked for it: the site asks for
 * columns (domain/list-columns.ts), another client gets the array.
 */
export function listItems<T = Listed>(body: unknown): T[] {
  return (isListColumns(body) ? decodeListColumns(body) : body) as T[];
}

/** A list answer with its statements changed by `change`, in the form it came in. */
export function rewriteList(body: unknown, change: (items: StatementListItem[]) => StatementListItem[]): unknown {
  if (isListColumns(body)) return encodeListColumns(change(decodeListColumns(body)));
  return change(body as StatementListItem[]);
}

/** A list call's URL without `since`: the server answers it with the whole list. */
export function wholeListUrl(url: string): string {
  const whole = new URL(url);
  whole.searchParams.delete('since');
  return whole.toString();
}

/** Pages whose list calls already ask for whole lists (`forgetKeptLists`). */
const wholeListPages = new WeakSet<Page>();

/**
 * Forgets the lists this tab kept (docs/product.md «Live updates»), so the next page reads its list whole: a spec that
 * reads the list's answer wants every statement, not only what changed since its last visit. The page on screen may
 * still be writing its copy (gzipped off the main path) after the storage is cleared, so from now on this page's list
 * calls also go without `since`, and the server answers them whole.
 */
export async function forgetKeptLists(page: Page): Promise<void> {
  if (!wholeListPages.has(page)) {
    wholeListPages.add(page);
    await page.route(
      (url) =>
        url.pathname.startsWith('/api/') && url.pathname.endsWith('/statements') && url.searchParams.has('since'),
      // fallback, not continue: a spec's own handler of the list call still runs (it asks with wholeListUrl too: the
      // handlers of a request run latest first, whichever was routed first).
      (route) => route.fallback({ url: wholeListUrl(route.request().url()) }),
    );
  }
  if (!page.url().startsWith('http')) return;
  await page.evaluate(() => {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith('portal-list:')) sessionStorage.removeItem(key);
  });
}

/** Runs `open` and returns the statements that GET `apiPath` answered meanwhile: what the page's list was built from. */
export async function listedWhile(page: Page, apiPath: string, open: () => Promise<unknown>): Promise<Listed[]> {
  await forgetKeptLists(page);
  const listed = page.waitForResponse((response) => new URL(response.url()).pathname === apiPath);
  await open();
  return listItems(await (await listed).json());
}

/** The first statement under review in examiner1's own list, as /instance/filter/under_review loads it. */
export async function statementUnderReview(page: Page): Promise<Listed> {
  const listed = await listedWhile(page, '/api/instance/me/statements', () =>
    page.goto('/instance/filter/under_review'),
  );
  const statement = listed.find((item) => item.status === 'under_review');
  if (!statement) throw new Error('no statement under review seeded for examiner1');
  return statement;
}
