import { describe, expect, it } from 'vitest';
import { timelineEntries } from '#lib/timeline.ts';

describe('the history of a power of attorney a signature relies on', () => {
  it('names the МЧД and what became of it, on the side that did it, with the reason or the note given', () => {
    const power = { id: 7, number: 'a1b2c3d4-0000-4000-8000-000000000001' };
    const entries = timelineEntries([
      { status: 'sent', at: '2026-11-20T09:00:00Z', byCommittee: false, term: null, actor: 'Петрова Анна Сергеевна' },
      {
        status: 'sent',
        at: '2026-11-20T10:00:00Z',
        byCommittee: true,
        term: null,
        actor: 'Смирнов Алексей Петрович',
        powerOfAttorney: { ...power, event: 'registry_not_revoked', note: 'Проверено на рабочем месте 12' },
      },
      {
        status: 'under_review',
        at: '2026-11-21T10:00:00Z',
        byCommittee: true,
        term: null,
        actor: 'Смирнов Алексей Петрович',
      },
      {
        status: 'under_review',
        at: '2026-11-22T10:00:00Z',
        byCommittee: false,
        term: null,
        actor: 'Иванов Иван Иванович',
        powerOfAttorney: { ...power, event: 'revoked', note: 'Сотрудник уволен' },
      },
      {
        status: 'under_review',
        at: '2026-11-23T10:00:00Z',
        byCommittee: true,
        term: null,
        actor: 'Смирнов Алексей Петрович',
        // A check recorded without a note.
        powerOfAttorney: { ...power, event: 'registry_revoked', note: null },
      },
    ]);
    expect(entries.map((entry) => [entry.label, entry.side, entry.notes])).toEqual([
      ['Заявление подано', 'Заявитель', undefined],
      [
        'Доверенность подписанта проверена в реестре ФНС: не отозвана',
        'Комитет',
        [`Доверенность № ${power.number}`, 'Комментарий: Проверено на рабочем месте 12'],
      ],
      // The status stayed: the next change is still read against `sent`.
      ['Принято в работу', 'Комитет', undefined],
      [
        'Доверенность подписанта отозвана',
        'Заявитель',
        [`Доверенность № ${power.number}`, 'Причина: Сотрудник уволен'],
      ],
      ['Доверенность подписанта отозвана по данным реестра ФНС', 'Комитет', [`Доверенность № ${power.number}`]],
    ]);
  });
});

describe('the history of a certificate attached to an approval given without it', () => {
  it("says 'Свидетельство приложено' with its file, and the approval before it stays 'Согласовано'", () => {
    const approval = { status: 'approved' as const, byCommittee: true, term: null, actor: 'Смирнов Алексей Петрович' };
    const entries = timelineEntries([
      { ...approval, at: '2026-11-20T09:00:00Z' },
      { ...approval, at: '2026-11-25T09:00:00Z', certificate: { fileName: 'Свидетельство_42.pdf' } },
    ]);
    expect(entries.map((entry) => [entry.label, entry.notes ?? []])).toEqual([
      ['Согласовано', []],
      ['Свидетельство приложено', ['Файл: Свидетельство_42.pdf']],
    ]);
  });
});
