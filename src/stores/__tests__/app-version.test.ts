import { describe, expect, it, vi } from 'vitest';
import { APP_VERSION_KEY, checkAppVersion } from '../app-version.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

describe('checkAppVersion', () => {
  it('reloads once when the deployed version differs from the stored one, and stores it', async () => {
    const storage = memoryStorage({ [APP_VERSION_KEY]: '0.1.0' });
    const reload = vi.fn();
    expect(await checkAppVersion({ fetchVersion: async () => '0.2.0', storage, reload })).toBe('reloaded');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.items.get(APP_VERSION_KEY)).toBe('0.2.0');
    expect(await checkAppVersion({ fetchVersion: async () => '0.2.0', storage, reload })).toBe('same');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('stores the version on a first visit without reloading', async () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(await checkAppVersion({ fetchVersion: async () => '0.1.0', storage, reload })).toBe('first-visit');
    expect(reload).not.toHaveBeenCalled();
    expect(storage.items.get(APP_VERSION_KEY)).toBe('0.1.0');
  });

  it('only logs when the check fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    const result = await checkAppVersion({
      fetchVersion: async () => {
        throw new Error('offline');
      },
      storage: memoryStorage(),
      reload,
    });
    expect(result).toBe('failed');
    expect(reload).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
