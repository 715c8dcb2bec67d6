import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegistryPage } from '#domain/contract.ts';
import {
  $registry,
  $registryFacets,
  $registryQuery,
  changeRegistryQuery,
  followAddress,
  loadRegistry,
  loadRegistryFacets,
} from '../registry.ts';
import { EMPTY_QUERY } from '../registry-query.ts';

const entry = {
  visibleId: 4,
  decidedAt: '2026-10-27',
  outcome: 'approved' as const,
  objectName: 'Поликлиника на 300 посещений',
  address: 'ул. Гагарина, 27',
  cadastralNumber: null,
  objectCategory: 'Здравоохранение',
  workType: 'Новое строительство',
  companyName: 'ООО «СтройПроект»',
  companyInn: '7701234560',
  checkToken: 'abc',
};
const page = (total: number): RegistryPage => ({ items: [entry], total, page: 1, pageSize: 20 });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();
const pushState = vi.fn();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('history', { pushState });
  vi.stubGlobal('location', { pathname: '/registry', search: '' });
  $registryQuery.set(EMPTY_QUERY);
  $registry.set({ status: 'loading', previous: null });
});

afterEach(() => {
  fetchMock.mockReset();
  pushState.mockReset();
  vi.unstubAllGlobals();
});

describe('the register store', () => {
  it('asks the public API for the address query without credentials, and holds the page it answers', async () => {
    fetchMock.mockResolvedValueOnce(json(page(1)));
    followAddress('?outcome=approved&page=2');
    await vi.waitFor(() => expect($registry.get().status).toBe('ready'));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/public/registry?outcome=approved&sort=date_desc&page=2&pageSize=20');
    expect(init?.credentials).toBe('omit');
    expect($registry.get()).toEqual({ status: 'ready', page: page(1) });
  });

  it('keeps the previous page on screen while the next loads', async () => {
    $registry.set({ status: 'ready', page: page(30) });
    fetchMock.mockReturnValueOnce(new Promise(() => {}));
    void loadRegistry();
    expect($registry.get()).toEqual({ status: 'loading', previous: page(30) });
  });

  it('tells a rate limit from any other failure', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'Слишком много' }, 429));
    await loadRegistry();
    expect($registry.get()).toEqual({ status: 'error', reason: 'tooMany' });
    fetchMock.mockResolvedValueOnce(json({}, 500));
    await loadRegistry();
    expect($registry.get()).toEqual({ status: 'error', reason: 'failed' });
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await loadRegistry();
    expect($registry.get()).toEqual({ status: 'error', reason: 'failed' });
  });

  it('shows the answer to the last query, never an older one that came late', async () => {
    let answerFirst: (response: Response) => void = () => {};
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((resolve, reject) => {
          answerFirst = resolve;
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    fetchMock.mockResolvedValueOnce(json(page(2)));
    const first = loadRegistry();
    const second = loadRegistry();
    answerFirst(json(page(99)));
    await Promise.all([first, second]);
    expect($registry.get()).toEqual({ status: 'ready', page: page(2) });
  });

  it('puts a changed search in the address (a new history entry) from the first page, and loads it', async () => {
    $registryQuery.set({ ...EMPTY_QUERY, page: 3 });
    fetchMock.mockResolvedValue(json(page(1)));
    changeRegistryQuery({ query: 'Гагарина' });
    expect($registryQuery.get()).toEqual({ ...EMPTY_QUERY, query: 'Гагарина' });
    expect(pushState).toHaveBeenCalledWith(
      null,
      '',
      '/registry?query=%D0%93%D0%B0%D0%B3%D0%B0%D1%80%D0%B8%D0%BD%D0%B0',
    );
    await vi.waitFor(() => expect($registry.get().status).toBe('ready'));
  });

  it('adds no history entry and no request when nothing changed', () => {
    changeRegistryQuery({ query: '  ' });
    expect(pushState).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the facets failed, so the filters offer «all» and the passport says it is unavailable', async () => {
    $registryFacets.set(null);
    fetchMock.mockResolvedValueOnce(json({}, 429));
    await loadRegistryFacets();
    expect($registryFacets.get()).toBe('failed');
  });
});
