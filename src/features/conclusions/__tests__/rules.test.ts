import { describe, expect, it } from 'vitest';
import { CONCLUSION_TEXTS } from '#domain/conclusions.ts';
import type { Conclusion, Stage } from '#domain/contract.ts';
import { statementItem } from '../../../test-support/statements.ts';
import {
  conclusionTermLine,
  disagreeingBodies,
  openFirst,
  parseDueDays,
  silentBodies,
  validateConclusionAnswer,
  validateConclusionsRequest,
  validateDecisionReasons,
} from '../rules.ts';

const conclusion = (change: Partial<Conclusion> = {}): Conclusion => ({
  id: 1,
  statementId: 7,
  body: { id: 3, name: 'Отдел охраны наследия', kind: 'department', termDays: 5 },
  question: 'Согласуйте фасад',
  round: 1,
  requestedAt: '2026-11-02T07:00:00.000Z',
  requestedBy: 'Петров Пётр Петрович',
  dueDate: '2026-11-09',
  overdue: false,
  status: 'requested',
  verdict: null,
  text: null,
  answeredAt: null,
  answeredBy: null,
  files: [],
  withdrawnReason: null,
  ...change,
});

const stage = (n: number, isGovernmentAgency: boolean) => ({ n, isGovernmentAgency }) as Stage;

describe('conclusionTermLine', () => {
  it.each([
    ['running', conclusion(), { tone: 'running', text: 'до 09.11.2026' }],
    ['overdue, said in words', conclusion({ overdue: true }), { tone: 'overdue', text: 'до 09.11.2026, просрочено' }],
    [
      'answered late is not overdue any more',
      conclusion({ overdue: true, status: 'answered' }),
      { tone: 'stopped', text: 'до 09.11.2026' },
    ],
  ])('%s', (_name, given, expected) => {
    expect(conclusionTermLine(given)).toEqual({ ...expected, provisional: false });
  });
});

describe('silentBodies and disagreeingBodies', () => {
  const heritage = conclusion();
  const transport = conclusion({
    id: 2,
    body: { id: 4, name: 'Департамент транспорта', kind: 'external', termDays: 10 },
    status: 'answered',
    verdict: 'not_agreed',
    round: 1,
  });
  const withdrawn = conclusion({ id: 3, status: 'withdrawn' });

  it('names the unanswered bodies only', () => {
    expect(silentBodies([heritage, transport, withdrawn])).toEqual(['Отдел охраны наследия']);
  });

  it('names a refusal of the version being decided, not of an earlier one', () => {
    const statement = statementItem({ conclusions: [heritage, transport], stages: [stage(1, false)] });
    expect(disagreeingBodies(statement)).toEqual(['Департамент транспорта']);
    const later = statementItem({
      conclusions: [heritage, transport],
      stages: [stage(1, false), stage(2, true), stage(3, false)],
    });
    expect(disagreeingBodies(later)).toEqual([]);
  });
});

describe('validateConclusionsRequest', () => {
  it.each([
    [{ question: ' ', dueDays: '' }, { question: CONCLUSION_TEXTS.questionRequired }],
    [{ question: 'Вопрос', dueDays: '' }, {}],
    [{ question: 'Вопрос', dueDays: '60' }, {}],
    [{ question: 'Вопрос', dueDays: '0' }, { dueDays: 'Укажите целое число от 1 до 60' }],
    [{ question: 'Вопрос', dueDays: '61' }, { dueDays: 'Укажите целое число от 1 до 60' }],
    [{ question: 'Вопрос', dueDays: '2,5' }, { dueDays: 'Укажите целое число от 1 до 60' }],
  ])('%j', (values, errors) => {
    expect(validateConclusionsRequest(values)).toEqual(errors);
  });

  it('sends an empty term as none', () => {
    expect(parseDueDays(' ')).toBeNull();
    expect(parseDueDays('15')).toBe(15);
  });
});

describe('validateConclusionAnswer', () => {
  it.each([
    [{ verdict: '', text: '' }, { verdict: 'Выберите заключение' }],
    [{ verdict: 'agreed', text: '' }, {}],
    [{ verdict: 'agreed_with_remarks', text: ' ' }, { text: CONCLUSION_TEXTS.textRequired }],
    [{ verdict: 'not_agreed', text: 'Высота превышена' }, {}],
  ] as const)('%j', (values, errors) => {
    expect(validateConclusionAnswer({ ...values })).toEqual(errors);
  });
});

describe('validateDecisionReasons', () => {
  const empty = { overrideReason: '', disagreementReason: '' };
  it('asks a head for the reason while bodies are silent, and nobody when all answered', () => {
    expect(validateDecisionReasons({ silent: ['А'], override: true, disagreeing: [] }, empty)).toEqual({
      overrideReason: CONCLUSION_TEXTS.reasonRequired,
    });
    expect(validateDecisionReasons({ silent: ['А'], override: false, disagreeing: [] }, empty)).toEqual({});
    expect(validateDecisionReasons({ silent: [], override: true, disagreeing: [] }, empty)).toEqual({});
  });

  it('asks why an approval goes over a refusal', () => {
    const needs = { silent: [], override: false, disagreeing: ['Б'] };
    expect(validateDecisionReasons(needs, empty)).toEqual({
      disagreementReason: CONCLUSION_TEXTS.disagreementRequired,
    });
    expect(validateDecisionReasons(needs, { ...empty, disagreementReason: 'Устранено' })).toEqual({});
  });
});

describe('openFirst', () => {
  it('puts the unanswered first by term, then the rest newest first', () => {
    const items = [
      { conclusion: conclusion({ id: 1, status: 'answered', requestedAt: '2026-11-01T00:00:00Z' }) },
      { conclusion: conclusion({ id: 2, dueDate: '2026-11-20' }) },
      { conclusion: conclusion({ id: 3, dueDate: '2026-11-10' }) },
      { conclusion: conclusion({ id: 4, status: 'withdrawn', requestedAt: '2026-11-05T00:00:00Z' }) },
    ];
    const { open, done } = openFirst(items);
    expect(open.map((item) => item.conclusion.id)).toEqual([3, 2]);
    expect(done.map((item) => item.conclusion.id)).toEqual([4, 1]);
  });
});
