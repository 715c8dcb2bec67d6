// Where a statement's back link leads: to the list the statement was opened from, when the previous
// page was one of the area's lists, else to the area's default list (docs/product.md «Beyond the spec»).
import { normalizePath } from '#domain/routes.ts';

/** A back link: where it goes and what it says. */
export interface BackTarget {
  href: string;
  label: string;
}

/**
 * The list among `lists` that `referrer` (the previous page's address) is, or `fallback`: only a page of this
 * site counts, and the link keeps the list's path (without query or hash) and says the list's name.
 */
export function backTarget(
  referrer: string,
  origin: string,
  lists: readonly BackTarget[],
  fallback: BackTarget,
): BackTarget {
  let path: string;
  try {
    const previous = new URL(referrer);
    if (previous.origin !== origin) return fallback;
    path = normalizePath(previous.pathname);
  } catch {
    return fallback;
  }
  return lists.find((list) => normalizePath(list.href) === path) ?? fallback;
}
