import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $toasts,
  carryToast,
  dismissToast,
  holdToasts,
  showCarriedToasts,
  showToast,
  TOAST_HIDE_MS,
} from '../toasts.ts';

// The toast region watches the queue, as on a page where it has hydrated.
let stopWatching: () => void = () => {};

beforeEach(() => {
  vi.useFakeTimers();
  $toasts.set([]);
  stopWatching = $toasts.listen(() => {});
});

afterEach(() => {
  stopWatching();
  vi.advanceTimersByTime(2000); // nanostores unmounts a store a second after its last listener left
  vi.useRealTimers();
});

describe('toasts', () => {
  it('queues toasts in order', () => {
    showToast('success', 'Заявление создано');
    showToast('error', 'Не удалось удалить заявление');
    expect($toasts.get().map((t) => [t.kind, t.text])).toEqual([
      ['success', 'Заявление создано'],
      ['error', 'Не удалось удалить заявление'],
    ]);
  });

  it('hides a toast after 5000 ms', () => {
    showToast('info', 'Ответ на заявление был отправлен');
    vi.advanceTimersByTime(TOAST_HIDE_MS - 1);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toHaveLength(0);
    expect(TOAST_HIDE_MS).toBe(5000);
  });

  it('counts the 5 s of a toast raised before the region hydrates (client:idle) from when it watches', () => {
    stopWatching();
    vi.advanceTimersByTime(2000);
    showToast('success', 'Заявление создано');
    vi.advanceTimersByTime(TOAST_HIDE_MS * 2);
    expect($toasts.get().map((t) => t.text)).toEqual(['Заявление создано']);
    stopWatching = $toasts.listen(() => {});
    vi.advanceTimersByTime(TOAST_HIDE_MS - 1);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toHaveLength(0);
  });

  it('keeps an error toast until it is closed', () => {
    const id = showToast('error', 'Не удалось удалить заявление');
    vi.advanceTimersByTime(TOAST_HIDE_MS * 20);
    expect($toasts.get().map((t) => t.text)).toEqual(['Не удалось удалить заявление']);
    dismissToast(id);
    expect($toasts.get()).toEqual([]);
  });

  it('stands still while hovered or focused and goes on from where it stood', () => {
    showToast('info', 'Ответ на заявление был отправлен');
    vi.advanceTimersByTime(3000);
    holdToasts('pointer', true);
    vi.advanceTimersByTime(TOAST_HIDE_MS * 3);
    holdToasts('focus', true);
    holdToasts('pointer', false);
    vi.advanceTimersByTime(TOAST_HIDE_MS * 3);
    expect($toasts.get()).toHaveLength(1);
    holdToasts('focus', false);
    vi.advanceTimersByTime(1999);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toHaveLength(0);
  });

  it('a toast raised while held waits for the hold to end', () => {
    holdToasts('pointer', true);
    showToast('success', 'Сохранено');
    vi.advanceTimersByTime(TOAST_HIDE_MS * 2);
    expect($toasts.get()).toHaveLength(1);
    holdToasts('pointer', false);
    vi.advanceTimersByTime(TOAST_HIDE_MS);
    expect($toasts.get()).toHaveLength(0);
  });

  it('dismisses a toast at once', () => {
    const first = showToast('info', 'Первое');
    showToast('info', 'Второе');
    dismissToast(first);
    expect($toasts.get().map((t) => t.text)).toEqual(['Второе']);
  });
});

describe('toasts carried to the next page', () => {
  function memoryStorage() {
    const data = new Map<string, string>();
    return {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, value),
      removeItem: (key: string) => void data.delete(key),
    };
  }

  it('keeps a toast for the next page and shows it there once', () => {
    const storage = memoryStorage();
    carryToast('success', 'Заявление создано', storage);
    expect($toasts.get()).toEqual([]);
    showCarriedToasts(storage, 'the next page');
    expect($toasts.get().map((t) => [t.kind, t.text])).toEqual([['success', 'Заявление создано']]);
    $toasts.set([]);
    showCarriedToasts(storage, 'the next page');
    expect($toasts.get()).toEqual([]);
  });

  it('never shows a toast on the page that carried it (its toast region may hydrate after the carrying)', () => {
    const storage = memoryStorage();
    carryToast('error', 'Не удалось загрузить заявление', storage);
    showCarriedToasts(storage); // this page's region, hydrating late
    expect($toasts.get()).toEqual([]);
    showCarriedToasts(storage, 'the next page');
    expect($toasts.get().map((t) => t.text)).toEqual(['Не удалось загрузить заявление']);
  });

  it('shows the toast at once without storage, and drops a damaged entry', () => {
    carryToast('success', 'Заявление удалено', null);
    expect($toasts.get().map((t) => t.text)).toEqual(['Заявление удалено']);
    const storage = memoryStorage();
    storage.setItem('portal-carried-toasts', '{not json');
    $toasts.set([]);
    showCarriedToasts(storage);
    expect($toasts.get()).toEqual([]);
  });
});
