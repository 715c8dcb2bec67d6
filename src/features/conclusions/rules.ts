// Pure rules of the conclusions on the site (docs/product.md «Conclusions»): the term as shown, who is still silent,
// what a decision must explain, and the checks of the request and the answer, with the kernel's texts.
import { CONCLUSION_TEXTS, conclusionTermProblem } from '#domain/conclusions.ts';
import type { Conclusion, ConclusionVerdict, Stage, Statement } from '#domain/contract.ts';
import type { DeadlineLine } from '#lib/deadline.ts';
import type { FieldErrors } from '#lib/validators.ts';
import { conclusionTexts, requestsTexts } from './texts.ts';

/**
 * A request's term as a tag: 'до 04.12.2026', and while it is unanswered past that day 'до 04.12.2026, просрочено'
 * drawn as every overdue term is (red, with '!').
 */
export function conclusionTermLine(conclusion: Pick<Conclusion, 'dueDate' | 'overdue' | 'status'>): DeadlineLine {
  const text = conclusionTexts.term(conclusion.dueDate);
  if (conclusion.status === 'requested' && conclusion.overdue) {
    return { tone: 'overdue', text: `${text}, ${conclusionTexts.overdue}`, provisional: false };
  }
  return { tone: conclusion.status === 'requested' ? 'running' : 'stopped', text, provisional: false };
}

/** The bodies whose requests are still unanswered, in the order they were asked. */
export function silentBodies(conclusions: readonly Conclusion[]): string[] {
  return conclusions.filter((c) => c.status === 'requested').map((c) => c.body.name);
}

/** The `n` of the company's last submission: the version a decision is about. */
export function currentRound(stages: readonly Pick<Stage, 'n' | 'isGovernmentAgency'>[]): number | null {
  return stages.findLast((stage) => !stage.isGovernmentAgency)?.n ?? null;
}

/** The bodies that answered 'Не согласовано' on the version being decided: an approval must say why it goes on. */
export function disagreeingBodies(statement: Pick<Statement, 'conclusions' | 'stages'>): string[] {
  const round = currentRound(statement.stages);
  return statement.conclusions
    .filter((c) => c.status === 'answered' && c.verdict === 'not_agreed' && c.round === round)
    .map((c) => c.body.name);
}

/** The values of 'Запросить заключения' besides the ticked bodies. */
export interface ConclusionsRequestValues {
  [field: string]: string;
  question: string;
  dueDays: string;
}

/** The term the examiner typed, as the contract takes it: null when empty, NaN when not a whole number. */
export function parseDueDays(value: string): number | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return /^\d{1,3}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The request's checks: a question, and a term of 1 to 60 working days when one is given. */
export function validateConclusionsRequest(values: ConclusionsRequestValues): FieldErrors<ConclusionsRequestValues> {
  const errors: FieldErrors<ConclusionsRequestValues> = {};
  if (values.question.trim() === '') errors.question = CONCLUSION_TEXTS.questionRequired;
  const days = parseDueDays(values.dueDays);
  const termProblem = days === null ? null : conclusionTermProblem(days);
  if (termProblem) errors.dueDays = termProblem;
  return errors;
}

/** The values of the answer form. */
export interface ConclusionAnswerValues {
  [field: string]: string;
  verdict: '' | ConclusionVerdict;
  text: string;
}

/** The answer's checks: a verdict, and a text unless the verdict is 'Согласовано'. */
export function validateConclusionAnswer(values: ConclusionAnswerValues): FieldErrors<ConclusionAnswerValues> {
  if (values.verdict === '') return { verdict: requestsTexts.verdictRequired };
  if (values.verdict !== 'agreed' && values.text.trim() === '') return { text: CONCLUSION_TEXTS.textRequired };
  return {};
}

/** The reasons a decision gives about the conclusions, checked before it is sent. */
export interface DecisionReasons {
  [field: string]: string;
  overrideReason: string;
  disagreementReason: string;
}

/** What a decision must explain now: the head's reason while bodies are silent, the reason to approve over a refusal. */
export interface DecisionNeeds {
  /** The bodies still silent (the decision waits for them, or for a head's reason). */
  silent: string[];
  /** True when the decider is a head, who may decide anyway with a reason. */
  override: boolean;
  /** The bodies that said 'Не согласовано' of this version (an approval explains itself). */
  disagreeing: string[];
}

/** The reasons' checks: each one required while the decision needs it. */
export function validateDecisionReasons(needs: DecisionNeeds, values: DecisionReasons): FieldErrors<DecisionReasons> {
  const errors: FieldErrors<DecisionReasons> = {};
  if (needs.override && needs.silent.length > 0 && values.overrideReason.trim() === '') {
    errors.overrideReason = CONCLUSION_TEXTS.reasonRequired;
  }
  if (needs.disagreeing.length > 0 && values.disagreementReason.trim() === '') {
    errors.disagreementReason = CONCLUSION_TEXTS.disagreementRequired;
  }
  return errors;
}

/** The unanswered requests first by their term, then the others newest first (as the server orders them). */
export function openFirst<T extends { conclusion: Pick<Conclusion, 'status' | 'dueDate' | 'requestedAt'> }>(
  items: readonly T[],
): { open: T[]; done: T[] } {
  const open = items
    .filter((item) => item.conclusion.status === 'requested')
    .sort((a, b) => a.conclusion.dueDate.localeCompare(b.conclusion.dueDate));
  const done = items
    .filter((item) => item.conclusion.status !== 'requested')
    .sort((a, b) => b.conclusion.requestedAt.localeCompare(a.conclusion.requestedAt));
  return { open, done };
}
