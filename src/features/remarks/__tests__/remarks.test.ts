import { describe, expect, it } from 'vitest';
import { remarkItem } from '../../../test-support/remarks.ts';
import {
  answerErrors,
  answersToSend,
  draftCount,
  mergeTimelines,
  openRequiredCount,
  remarkPlace,
  remarksSummary,
  remarkTimelineEntries,
  remarkTitle,
} from '../remarks.ts';

const remarks = [
  remarkItem({ id: 1, number: 1, status: 'resolved' }),
  remarkItem({ id: 2, number: 2, status: 'reopened' }),
  remarkItem({ id: 3, number: 3, status: 'open', severity: 'advisory' }),
  remarkItem({ id: 4, number: 4, status: 'answered' }),
  remarkItem({ id: 5, number: null, status: 'draft', publishedAt: null, round: null }),
];

describe('remarks on the site', () => {
  it('sums up the published ones: total and resolved', () => {
    expect(remarksSummary(remarks)).toBe('Замечания: 4, снято 1');
    expect(remarksSummary([remarkItem({ status: 'draft', number: null })])).toBeNull();
  });

  it('counts open required remarks and drafts', () => {
    expect(openRequiredCount(remarks)).toBe(2);
    expect(draftCount(remarks)).toBe(1);
  });

  it('asks an answer for every required remark that waits for one, and sends the non-blank answers trimmed', () => {
    expect(answerErrors(remarks, { 2: '  ' })).toEqual({ 2: 'Ответьте на замечание № 2' });
    expect(answerErrors(remarks, { 2: 'Исправлено' })).toEqual({});
    expect(answersToSend(remarks, { 1: 'поздно', 2: ' Исправлено ', 3: '', 4: 'Ещё раз' })).toEqual([
      { remarkId: 2, text: 'Исправлено' },
      { remarkId: 4, text: 'Ещё раз' },
    ]);
  });

  it('names a remark and its place on the drawing', () => {
    expect(remarkTitle(remarks[1] ?? remarkItem())).toBe('№ 2');
    expect(remarkTitle(remarks[4] ?? remarkItem())).toBe('Черновик');
    const pinned = remarkItem({
      pin: { fileId: 7, page: 2, x: 0.5, y: 0.5, width: null, height: null },
      fileName: 'Фасады.pdf',
    });
    expect(remarkPlace(pinned)).toBe('Фасады.pdf, стр. 2');
    expect(remarkPlace(remarkItem())).toBeNull();
  });
});

describe('remarks in the history', () => {
  it('makes one entry of what happened together, by the side that did it, merged with the status changes by time', () => {
    const published = { kind: 'published' as const, at: '2026-11-20T10:00:00.000Z', actor: 'Смирнов А. П.' };
    const entries = remarkTimelineEntries([
      remarkItem({
        number: 1,
        history: [
          published,
          { kind: 'answered', at: '2026-11-21T10:00:00.000Z', actor: 'Иванов И. И.' },
          { kind: 'resolved', at: '2026-11-22T10:00:00.000Z', actor: 'Смирнов А. П.' },
        ],
      }),
      remarkItem({
        number: 2,
        history: [published, { kind: 'answered', at: '2026-11-21T10:00:00.000Z', actor: 'Иванов И. И.' }],
      }),
    ]);
    expect(entries.map((entry) => [entry.label, entry.side, entry.actor])).toEqual([
      ['Отправлены замечания: 2', 'Комитет', 'Смирнов А. П.'],
      ['Даны ответы на замечания: 2', 'Заявитель', 'Иванов И. И.'],
      ['Снято: № 1', 'Комитет', 'Смирнов А. П.'],
    ]);
    const rework = {
      ...entries[0],
      label: 'Отправлено на доработку',
      event: 'rework' as const,
    } as (typeof entries)[number];
    expect(
      mergeTimelines([rework], entries)
        .map((entry) => entry.label)
        .slice(0, 2),
    ).toEqual(['Отправлено на доработку', 'Отправлены замечания: 2']);
  });
});
