import { describe, expect, it } from 'vitest';
import { itMaps } from '#domain/__tests__/table.ts';
import type { Stage, Statement } from '#domain/contract.ts';
import { statementItem } from '../../test-support/statements.ts';
import {
  type Actor,
  canAddVersion,
  canDeleteStatement,
  canWithdrawStatement,
  companyChangesSinceSubmission,
  formatDateTime,
  roundTitle,
  statementHeading,
  submissionRounds,
} from '../statement.ts';

function stage(n: number, isGovernmentAgency: boolean, dateCreate = `2024-05-0${n}T09:00:00`): Stage {
  return {
    id: 100 + n,
    n,
    applicantId: isGovernmentAgency ? 3 : 1,
    applicant: isGovernmentAgency ? 'Эксперт' : 'Заявитель',
    applicantPhone: null,
    applicantPosition: null,
    applicantMail: null,
    isGovernmentAgency,
    status: null,
    comment: null,
    dateCreate,
    files: [],
    absentFiles: [],
  };
}

const shape = (stages: Stage[]) =>
  submissionRounds(stages).map((round) => [round.base.n, round.comments.map((comment) => comment.n)]);

describe('submissionRounds: a company stage opens a round, committee replies join the one before', () => {
  it.each([
    ['nothing', [], []],
    ['just sent', [stage(1, false)], [[1, []]]],
    ['with comments', [stage(1, false), stage(2, true)], [[1, [2]]]],
    [
      'a new version after comments',
      [stage(1, false), stage(2, true), stage(3, false)],
      [
        [1, [2]],
        [3, []],
      ],
    ],
    [
      'two replies, out of order in the answer',
      [stage(4, true), stage(3, false), stage(1, false), stage(2, true), stage(5, true)],
      [
        [1, [2]],
        [3, [4, 5]],
      ],
    ],
    ['a reply with nothing before it opens a round', [stage(1, true)], [[1, []]]],
  ])('%s', (_name, stages, expected) => {
    expect(shape(stages)).toEqual(expected);
  });

  it('the applicant’s withdrawal ends the round it follows instead of opening one', () => {
    const withdrawal = { ...stage(3, false), status: 'withdrawn' as const, comment: 'Проект будет переработан' };
    const rounds = submissionRounds([stage(1, false), stage(2, true), withdrawal]);
    expect(shape([stage(1, false), stage(2, true), withdrawal])).toEqual([[1, [2]]]);
    expect(rounds[0]?.withdrawal).toBe(withdrawal);
    expect(submissionRounds([stage(1, false), stage(2, true)])[0]?.withdrawal).toBeUndefined();
  });
});

describe('roundTitle', () => {
  const rounds = submissionRounds([stage(1, false), stage(2, true), stage(3, false), stage(4, true), stage(5, false)]);
  it.each([
    [0, 'Документы'],
    [1, 'Повторная подача №1 — 3 мая, 2024'],
    [2, 'Повторная подача №2 — 5 мая, 2024'],
  ])('round %d -> %j', (index, expected) => {
    const round = rounds[index];
    if (!round) throw new Error('no round');
    expect(roundTitle(index, round)).toBe(expected);
  });
});

describe('statementHeading: work type, category and address; an approval, its object', () => {
  const base = {
    title: 'ТЦ «Квартал»',
    catalogWorkType: null,
    categoryName: null,
    address: null,
    status: 'under_review' as const,
  };
  const full = {
    ...base,
    catalogWorkType: 'Реконструкция',
    categoryName: 'Объект торговли',
    address: 'ул. Садовая, 3',
  };
  itMaps('%j -> %j', statementHeading, [
    [full, 'Реконструкция · Объект торговли · ул. Садовая, 3'],
    [{ ...full, status: 'approved' as const }, 'ТЦ «Квартал»'],
    [{ ...full, status: 'rejected' as const }, 'Реконструкция · Объект торговли · ул. Садовая, 3'],
    [{ ...base, catalogWorkType: 'Реконструкция', address: ' ' }, 'Реконструкция'],
    [base, 'ТЦ «Квартал»'],
  ]);
});

describe('canDeleteStatement', () => {
  const owner: Actor = {
    id: 1,
    isOwner: true,
    company: { id: 1, legalEntity: 'ООО', state: 'active' },
    instance: null,
  };
  const applicant: Actor = {
    id: 2,
    isOwner: false,
    company: { id: 1, legalEntity: 'ООО', state: 'active' },
    instance: null,
  };
  const colleague: Actor = {
    id: 5,
    isOwner: false,
    company: { id: 1, legalEntity: 'ООО', state: 'active' },
    instance: null,
  };
  const byApplicant = { ...stage(1, false), applicantId: 2 };
  const sent = { status: 'sent' as const, examinerId: null, stages: [byApplicant] };
  it.each([
    ['the applicant, sent, no examiner', sent, applicant, true],
    ['an owner who did not apply', sent, owner, true],
    ['a colleague who did not apply', sent, colleague, false],
    ['nobody signed in', sent, null, false],
    ['an examiner assigned', { ...sent, examinerId: 3 }, owner, false],
    ['under review', { ...sent, status: 'under_review' as const }, applicant, false],
    ['no stages, not the owner', { ...sent, stages: [] }, applicant, false],
  ])('%s -> %s', (_name, statement, user, expected) => {
    expect(canDeleteStatement(statement, user)).toBe(expected);
  });
});

describe('canWithdrawStatement: before a decision, by the applicant or an owner', () => {
  const owner: Actor = {
    id: 1,
    isOwner: true,
    company: { id: 1, legalEntity: 'ООО', state: 'active' },
    instance: null,
  };
  const applicant: Actor = {
    id: 2,
    isOwner: false,
    company: { id: 1, legalEntity: 'ООО', state: 'active' },
    instance: null,
  };
  const colleague: Actor = {
    id: 5,
    isOwner: false,
    company: { id: 1, legalEntity: 'ООО', state: 'active' },
    instance: null,
  };
  const of = (status: Statement['status']) => ({ status, stages: [{ ...stage(1, false), applicantId: 2 }] });
  it.each([
    ['the applicant, sent', of('sent'), applicant, true],
    ['the applicant, under review', of('under_review'), applicant, true],
    ['the applicant, with comments', of('has_comments'), applicant, true],
    ['an owner who did not apply, under review', of('under_review'), owner, true],
    ['a colleague who did not apply', of('under_review'), colleague, false],
    ['nobody signed in', of('sent'), null, false],
    ['approved', of('approved'), owner, false],
    ['rejected', of('rejected'), applicant, false],
    ['refused to accept', of('not_accepted'), applicant, false],
    ['already withdrawn', of('withdrawn'), owner, false],
  ])('%s -> %s', (_name, statement, user, expected) => {
    expect(canWithdrawStatement(statement, user)).toBe(expected);
  });
});

describe('canAddVersion: the last round only, only with comments', () => {
  it.each([
    ['has_comments', 1, 2, true],
    ['has_comments', 0, 2, false],
    ['under_review', 1, 2, false],
    ['sent', 0, 1, false],
  ] as const)('%s, round %d of %d -> %s', (status, index, count, expected) => {
    expect(canAddVersion({ status }, index, count)).toBe(expected);
  });
});

describe('formatDateTime', () => {
  itMaps('%j -> %j', formatDateTime, [
    ['2024-05-05T14:30:00', '5 мая, 2024 в 14:30'],
    ['', ''],
    ['not a date', ''],
  ]);
});

describe('companyChangesSinceSubmission: what changed in the applicant company since submission', () => {
  const submitted = {
    submittedAt: '2026-03-02T09:00:00.000Z',
    companyName: 'ООО «Старое имя»',
    companyInn: '7701234567',
    companyOgrn: '1027700000001',
    companyKpp: '770101001',
    companyDirector: 'Иванов И. И.',
    companyDirectorPhone: null,
  };
  const current = {
    companyName: 'ООО «Старое имя»',
    companyInn: '7701234567',
    companyOgrn: '1027700000001',
    companyKpp: '770101001',
    companyDirector: 'Иванов И. И.',
    companyDirectorPhone: '',
  };

  it('names nothing when the portal kept no values at submission', () => {
    expect(companyChangesSinceSubmission(statementItem({ ...current, companyName: 'Другое' }))).toEqual([]);
  });

  it('names nothing when nothing changed (blank and missing are the same)', () => {
    expect(companyChangesSinceSubmission(statementItem({ ...current, companyAtSubmission: submitted }))).toEqual([]);
  });

  it('names each changed field with its value then and now, in the order of the details', () => {
    const statement = statementItem({
      ...current,
      companyInn: '7709876543',
      companyName: 'ООО «Новое имя»',
      companyDirectorPhone: '+7 900 000-00-00',
      companyAtSubmission: submitted,
    });
    expect(companyChangesSinceSubmission(statement)).toEqual([
      { field: 'companyName', submitted: 'ООО «Старое имя»', now: 'ООО «Новое имя»' },
      { field: 'companyInn', submitted: '7701234567', now: '7709876543' },
      { field: 'companyDirectorPhone', submitted: null, now: '+7 900 000-00-00' },
    ]);
  });
});
