// Plain data with type-only imports, so the e2e specs can use it as well as the unit tests.
import type { Remark } from '#domain/contract.ts';

/** A remark as the remarks endpoints send it: № 1, required, open, unpinned, with `fields` changed. */
export function remarkItem(fields: Partial<Remark> = {}): Remark {
  return {
    id: 1,
    number: 1,
    text: 'Отметка карниза не совпадает с разрезом',
    severity: 'required',
    pin: null,
    fileName: null,
    status: 'open',
    author: 'Смирнов Алексей Петрович',
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    publishedAt: '2026-11-20T10:00:00.000Z',
    round: 2,
    answer: null,
    resolution: null,
    history: [],
    ...fields,
  };
}
