import { atom } from 'nanostores';
import { API_BASE_URL, REQUEST_TIMEOUT_MS } from '../lib/api/base.ts';

/** The deployed version as /version.json said it (the sidebar's footer shows it), null until it answered. */
export const $appVersion = atom<string | null>(null);

/** Local storage key of the app version this browser last ran (docs/product.md «Constants and limits»). */
export const APP_VERSION_KEY = 'app-version';

/** Where the outcome of a version check may go: keep, or reload onto a new deploy. */
export type VersionCheck = 'same' | 'first-visit' | 'reloaded' | 'failed';

interface VersionDeps {
  fetchVersion: () => Promise<string | null>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
}

const browserDeps = (): VersionDeps => ({
  // A plain fetch (the public /version.json of the contract needs no session): every page runs this check, and the
  // typed client would put openapi-fetch into the login page's initial JS.
  async fetchVersion() {
    const response = await fetch(`${API_BASE_URL}/version.json`, {
      cache: 'no-store',
      credentials: 'include',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    const version = (body as { version?: unknown } | null)?.version;
    return typeof version === 'string' ? version : null;
  },
  storage: localStorage,
  reload: () => location.reload(),
});

/**
 * Compares the deployed version with the stored one; when it differs, stores it and reloads so the browser runs the
 * new build. A first visit only stores it. Errors are logged only (docs/product.md «Session behaviour on the site»).
 */
export async function checkAppVersion(deps: VersionDeps = browserDeps()): Promise<VersionCheck> {
  try {
    const version = await deps.fetchVersion();
    if (!version) return 'failed';
    $appVersion.set(version);
    const stored = deps.storage.getItem(APP_VERSION_KEY);
    if (stored === version) return 'same';
    deps.storage.setItem(APP_VERSION_KEY, version);
    if (stored === null) return 'first-visit';
    deps.reload();
    return 'reloaded';
  } catch (error) {
    console.error('Не удалось проверить версию приложения', error);
    return 'failed';
  }
}

/** Adds the `is-iphone` class to the page on an iPhone user agent (docs/product.md «Constants and limits»). */
export function markPlatform(root: HTMLElement, userAgent: string): void {
  if (/iPhone/.test(userAgent)) root.classList.add('is-iphone');
}
