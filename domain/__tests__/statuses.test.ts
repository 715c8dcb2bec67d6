import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countByStatus, countStatuses, STATEMENT_STATUSES, statusLabel } from '../statuses.ts';

describe('statusLabel', () => {
  it.each([
    ['sent', 'company', 'Отправлено'],
    ['sent', 'examiner', 'Новое'],
    ['under_review', 'company', 'На рассмотрении'],
    ['has_comments', 'company', 'Есть замечания'],
    ['has_comments', 'examiner', 'На доработке'],
    ['approved', 'examiner', 'Согласовано'],
    ['rejected', 'company', 'Отклонено'],
    ['not_accepted', 'company', 'Отказано в приёме'],
    ['not_accepted', 'examiner', 'Отказано в приёме'],
    ['withdrawn', 'company', 'Отозвано'],
    ['withdrawn', 'examiner', 'Отозвано'],
    ['archived', 'company', 'Неизвестный статус'],
    [null, 'examiner', 'Неизвестный статус'],
  ] as const)('%s for %s -> %s', (status, view, label) => {
    expect(statusLabel(status, view)).toBe(label);
  });
});

describe('countByStatus', () => {
  it.each([
    [[], { sent: 0, under_review: 0, has_comments: 0, approved: 0, rejected: 0, not_accepted: 0, withdrawn: 0 }],
    [
      [{ status: 'sent' }, { status: 'sent' }, { status: 'approved' }, { status: 'bogus' }],
      { sent: 2, under_review: 0, has_comments: 0, approved: 1, rejected: 0, not_accepted: 0, withdrawn: 0 },
    ],
  ])('%j', (items, counts) => {
    expect(countByStatus(items)).toEqual(counts);
  });
});

// WCAG 2.x relative luminance and contrast ratio.
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('status badge colours (tokens.css) pass WCAG AA for normal text', () => {
  const tokens = readFileSync(join(import.meta.dirname, '..', '..', 'src', 'styles', 'tokens.css'), 'utf8');
  const token = (name: string) => tokens.match(new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{6});`))?.[1];

  it.each(['sent', 'review', 'comments', 'approved', 'rejected', 'not-accepted', 'withdrawn', 'unknown'])(
    '%s',
    (badge) => {
      const text = token(`badge-${badge}-text`);
      const background = token(`badge-${badge}-bg`);
      expect(text && background).toBeTruthy();
      expect(contrast(text as string, background as string)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(STATEMENT_STATUSES)('every status has its own badge: %s', (status) => {
    const components = readFileSync(join(import.meta.dirname, '..', '..', 'src', 'styles', 'components.css'), 'utf8');
    const rule = components.match(new RegExp(`\\.badge--${status} \\{([^}]*)\\}`))?.[1] ?? '';
    expect(rule).toMatch(/color: var\(--badge-[a-z-]+-text\);/);
    expect(rule).toMatch(/background: var\(--badge-[a-z-]+-bg\);/);
  });
});

describe('countStatuses: the total leaves sent, not_accepted and withdrawn out', () => {
  it.each([
    [
      [],
      { sent: 0, under_review: 0, has_comments: 0, approved: 0, rejected: 0, not_accepted: 0, withdrawn: 0, total: 0 },
    ],
    [
      [{ status: 'sent' }, { status: 'sent' }],
      { sent: 2, under_review: 0, has_comments: 0, approved: 0, rejected: 0, not_accepted: 0, withdrawn: 0, total: 0 },
    ],
    [
      ['sent', 'under_review', 'has_comments', 'approved', 'rejected', 'rejected', 'bogus'].map((status) => ({
        status,
      })),
      { sent: 1, under_review: 1, has_comments: 1, approved: 1, rejected: 2, not_accepted: 0, withdrawn: 0, total: 5 },
    ],
    [
      ['not_accepted', 'withdrawn', 'withdrawn', 'approved'].map((status) => ({ status })),
      { sent: 0, under_review: 0, has_comments: 0, approved: 1, rejected: 0, not_accepted: 1, withdrawn: 2, total: 1 },
    ],
  ])('%j', (items, counters) => {
    expect(countStatuses(items)).toEqual(counters);
  });
});
