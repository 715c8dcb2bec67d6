import { describe, expect, it } from 'vitest';
import { demoStatement } from '../../../test-support/api-replies.ts';
import { carryFiled, takeFiled } from '../stores/filed.ts';

/** A tab's storage as the browser's sessionStorage behaves, in memory. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const intake = { dueDate: '2026-12-03', workingDaysLeft: 3, provisional: false };
const review = { dueDate: '2027-01-20', workingDaysLeft: 30, provisional: true };

describe('the statement just filed, carried to the list', () => {
  it('is read once, with its number and both terms', () => {
    const storage = memoryStorage();
    carryFiled({ ...demoStatement, id: 7, visibleId: 42, intakeDeadline: intake, reviewDeadline: review }, storage);
    expect(takeFiled(storage)).toEqual({ id: 7, visibleId: 42, intakeDeadline: intake, reviewDeadline: review });
    expect(takeFiled(storage)).toBeNull();
  });

  it('keeps a term the server did not give as none', () => {
    const storage = memoryStorage();
    carryFiled({ ...demoStatement, id: 8, visibleId: 43, intakeDeadline: null, reviewDeadline: null }, storage);
    expect(takeFiled(storage)).toMatchObject({ visibleId: 43, intakeDeadline: null, reviewDeadline: null });
  });

  it('ignores what is not a filed statement, and a tab without storage', () => {
    const storage = memoryStorage();
    storage.setItem('portal.filed-statement', '{"id":"7"}');
    expect(takeFiled(storage)).toBeNull();
    storage.setItem('portal.filed-statement', 'not json');
    expect(takeFiled(storage)).toBeNull();
    expect(takeFiled(null)).toBeNull();
  });
});
