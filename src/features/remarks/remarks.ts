// Pure rules of remarks on the site (docs/product.md «Remarks»): how they are counted, named and answered.
import type { Remark, RemarkSeverity, RemarkStatus } from '#domain/contract.ts';
import { AWAITING_ANSWER_STATUSES, remarkRefusals, UNSETTLED_REMARK_STATUSES } from '#domain/remarks.ts';
import { deadlineTexts, formatCommitteeMoment } from '#lib/deadline.ts';
import type { TimelineEntry } from '#lib/timeline.ts';

type RemarkEventKind = Remark['history'][number]['kind'];

export const severityLabels: Readonly<Record<RemarkSeverity, string>> = {
  required: 'Обязательное',
  advisory: 'Рекомендация',
};

export const remarkStatusLabels: Readonly<Record<RemarkStatus, string>> = {
  draft: 'Черновик',
  proposed: 'Предложение органа',
  open: 'Открыто',
  answered: 'Дан ответ',
  resolved: 'Снято',
  reopened: 'Не снято',
};

/** Published: neither the examiner's draft nor a reviewing body's proposal. */
export const isPublished = (remark: Remark) => remark.status !== 'draft' && remark.status !== 'proposed';
const isUnsettled = (remark: Remark) => (UNSETTLED_REMARK_STATUSES as readonly string[]).includes(remark.status);

/** 'Замечания: 3, снято 1' over the published remarks; null when none is published. */
export function remarksSummary(remarks: readonly Remark[]): string | null {
  const published = remarks.filter(isPublished);
  if (published.length === 0) return null;
  const resolved = published.filter((remark) => remark.status === 'resolved').length;
  return `Замечания: ${published.length}, снято ${resolved}`;
}

/** Published required remarks not resolved yet (the approval asks about them). */
export function openRequiredCount(remarks: readonly Remark[]): number {
  return remarks.filter((remark) => remark.severity === 'required' && isUnsettled(remark)).length;
}

/** The examiner's drafts: the rework will publish them. */
export function draftCount(remarks: readonly Remark[]): number {
  return remarks.filter((remark) => remark.status === 'draft').length;
}

/** The remarks a new version answers: published and not resolved, by number. */
export function answerableRemarks(remarks: readonly Remark[]): Remark[] {
  return remarks.filter(isUnsettled);
}

/** True when the next version must answer the remark (required, and open or not resolved after an answer). */
export function needsAnswer(remark: Remark): boolean {
  return remark.severity === 'required' && (AWAITING_ANSWER_STATUSES as readonly string[]).includes(remark.status);
}

/**
 * The new version's answers checked as the server checks them: 'Ответьте на замечание № n' for every remark that
 * needs an answer and has none (by remark id).
 */
export function answerErrors(
  remarks: readonly Remark[],
  answers: Readonly<Record<number, string>>,
): Record<number, string> {
  const errors: Record<number, string> = {};
  for (const remark of remarks) {
    if (needsAnswer(remark) && !answers[remark.id]?.trim()) {
      errors[remark.id] = remarkRefusals.answerMissing(remark.number ?? 0);
    }
  }
  return errors;
}

/** The answers to send: the non-blank ones, trimmed, for remarks still answerable. */
export function answersToSend(
  remarks: readonly Remark[],
  answers: Readonly<Record<number, string>>,
): { remarkId: number; text: string }[] {
  return answerableRemarks(remarks).flatMap((remark) => {
    const text = answers[remark.id]?.trim();
    return text ? [{ remarkId: remark.id, text }] : [];
  });
}

/** Where a pinned remark is: 'Фасады.pdf, стр. 2'. */
export function remarkPlace(remark: Remark): string | null {
  return remark.pin && remark.fileName ? `${remark.fileName}, стр. ${remark.pin.page}` : null;
}

/** '№ 3' for a published remark, 'Черновик' for a draft. */
export function remarkTitle(remark: Remark): string {
  if (remark.number !== null) return `№ ${remark.number}`;
  return remark.status === 'proposed' ? remarkStatusLabels.proposed : remarkStatusLabels.draft;
}

const EVENT_PHRASES = {
  published: (count: number) => `Отправлены замечания: ${count}`,
  answered: (count: number) => `Даны ответы на замечания: ${count}`,
  resolved: (numbers: string) => `Снято: ${numbers}`,
  reopened: (numbers: string) => `Не снято: ${numbers}`,
  closed: (numbers: string) => `Закрыто решением: ${numbers}`,
} as const;

/**
 * The remarks' changes as entries of 'История': remarks published together (with a rework), answered together (with
 * a version), resolved, kept open or closed by the decision at one moment make one entry each, oldest first.
 */
export function remarkTimelineEntries(remarks: readonly Remark[]): TimelineEntry[] {
  const groups = new Map<string, { kind: RemarkEventKind; at: string; actor: string | null; numbers: number[] }>();
  for (const remark of remarks) {
    for (const event of remark.history) {
      const key = `${event.at}|${event.kind}`;
      const group = groups.get(key) ?? { kind: event.kind, at: event.at, actor: event.actor, numbers: [] };
      group.numbers.push(remark.number ?? 0);
      groups.set(key, group);
    }
  }
  return [...groups.values()]
    .sort((a, b) => a.at.localeCompare(b.at))
    .map((group) => {
      const numbers = group.numbers
        .sort((a, b) => a - b)
        .map((n) => `№ ${n}`)
        .join(', ');
      const label =
        group.kind === 'published' || group.kind === 'answered'
          ? EVENT_PHRASES[group.kind](group.numbers.length)
          : EVENT_PHRASES[group.kind](numbers);
      const byCommittee = group.kind !== 'answered';
      return {
        event: 'remarks',
        label,
        at: group.at,
        when: formatCommitteeMoment(group.at),
        actor: group.actor?.trim() ? group.actor : null,
        side: byCommittee ? deadlineTexts.committee : deadlineTexts.applicant,
        byCommittee,
        term: null,
        onTime: null,
      };
    });
}

/** Status changes and remark changes in one history, by time; a status change first at the same moment. */
export function mergeTimelines(status: readonly TimelineEntry[], remarks: readonly TimelineEntry[]): TimelineEntry[] {
  return [...status, ...remarks]
    .map((entry, order) => ({ entry, order }))
    .sort((a, b) => a.entry.at.localeCompare(b.entry.at) || a.order - b.order)
    .map(({ entry }) => entry);
}

/** The remarks a detail shows: loaded with the statement, again after every change of it. */
export interface RemarkList {
  status: 'loading' | 'error' | 'ready';
  items: Remark[];
}
