// The status history as people read it (docs/product.md «Deadlines and history»): the timeline's entries of both
// details, with who, when, on which side and the term each change answered. Only a detail loads it; the lists read
// deadline.ts alone.
import { APPEAL_HISTORY_LABEL } from '#domain/appeals.ts';
import type { PowerOfAttorneyEvent, StatusHistoryEntry } from '#domain/contract.ts';
import { formatDay } from '#domain/russian.ts';
import { deadlineTexts, formatCommitteeMoment } from './deadline.ts';

/** What happened at a history entry, named from its status and the one before it. */
export type HistoryEvent =
  | 'submitted'
  | 'taken'
  | 'rework'
  | 'new-version'
  | 'approved'
  | 'rejected'
  | 'not-accepted'
  | 'withdrawn'
  | 'assigned'
  | 'handed-over'
  | 'released'
  | 'released-to-news'
  | 'appeal-upheld'
  | 'power-revoked'
  | 'power-registry-revoked'
  | 'power-registry-not-revoked'
  | 'certificate-attached'
  | 'other'
  | 'remarks';

/** Labels of the timeline's events. */
const HISTORY_EVENT_LABELS: Readonly<Record<HistoryEvent, string>> = {
  submitted: 'Заявление подано',
  taken: 'Принято в работу',
  rework: 'Отправлено на доработку',
  'new-version': 'Загружена новая версия',
  approved: 'Согласовано',
  rejected: 'Отказано',
  'not-accepted': 'Отказано в приёме',
  withdrawn: 'Отозвано',
  assigned: 'Назначен эксперт',
  'handed-over': 'Передано другому эксперту',
  released: 'Возвращено в очередь руководителя',
  'released-to-news': 'Возвращено в новые заявления',
  'appeal-upheld': APPEAL_HISTORY_LABEL,
  'power-revoked': 'Доверенность подписанта отозвана',
  'power-registry-revoked': 'Доверенность подписанта отозвана по данным реестра ФНС',
  'power-registry-not-revoked': 'Доверенность подписанта проверена в реестре ФНС: не отозвана',
  'certificate-attached': 'Свидетельство приложено',
  other: 'Статус изменён',
  remarks: 'Замечания',
};

/** The event of a power of attorney's change in the history. */
const POWER_OF_ATTORNEY_EVENTS: Readonly<Record<PowerOfAttorneyEvent, HistoryEvent>> = {
  revoked: 'power-revoked',
  registry_revoked: 'power-registry-revoked',
  registry_not_revoked: 'power-registry-not-revoked',
};

/** The event of a change to `status` after `previous` (null for the first entry). */
export function historyEvent(status: string, previous: string | null): HistoryEvent {
  switch (status) {
    case 'sent':
      return 'submitted';
    case 'under_review':
      return previous === 'has_comments' ? 'new-version' : 'taken';
    case 'has_comments':
      return 'rework';
    case 'approved':
      return 'approved';
    case 'rejected':
      return 'rejected';
    case 'not_accepted':
      return 'not-accepted';
    case 'withdrawn':
      return 'withdrawn';
    default:
      return 'other';
  }
}

/** One entry of the 'История' timeline as text. */
export interface TimelineEntry {
  event: HistoryEvent;
  label: string;
  /** The instant, for `<time dateTime>`. */
  at: string;
  /** '22 ноября 2026 г., 14:30 МСК'. */
  when: string;
  /** The person's name as it was, or null when unknown. */
  actor: string | null;
  /** 'Комитет' or 'Заявитель'. */
  side: string;
  byCommittee: boolean;
  /** For a change that stopped a term: 'В срок (до 4 декабря 2026 г.)' or 'С опозданием (срок истёк …)'. */
  term: string | null;
  onTime: boolean | null;
  /** The head's assignment: 'Эксперт: …' and, for the committee, 'Комментарий: …'. */
  notes?: readonly string[];
}

/** The decisions a change may drop unissued, by the label of their own change. */
const DISCARDED_DECISIONS: Readonly<Record<NonNullable<StatusHistoryEntry['discardedDecision']>, HistoryEvent>> = {
  approved: 'approved',
  rejected: 'rejected',
  not_accepted: 'not-accepted',
};

/**
 * What a timeline entry notes besides its event: the examiner it names and the head's comment, and for the committee a
 * held decision it dropped unissued ('Неподписанное решение «Отказано» отменено').
 */
function historyNotes(entry: StatusHistoryEntry): string[] {
  const named = (examiner: string | null | undefined) => (examiner ? [`Эксперт: ${examiner}`] : []);
  const decision = entry.discardedDecision;
  const dropped = decision
    ? [`Неподписанное решение «${HISTORY_EVENT_LABELS[DISCARDED_DECISIONS[decision]]}» отменено`]
    : [];
  if (entry.certificate) return [`Файл: ${entry.certificate.fileName}`];
  if (entry.appeal) return named(entry.appeal.examiner);
  if (entry.release) return [...named(entry.release.examiner), ...dropped];
  if (dropped.length > 0) return dropped;
  const power = entry.powerOfAttorney;
  if (power) {
    const note = power.note ? [`${power.event === 'revoked' ? 'Причина' : 'Комментарий'}: ${power.note}`] : [];
    return [`Доверенность № ${power.number}`, ...note];
  }
  if (!entry.assignment) return [];
  const { comment } = entry.assignment;
  return [...named(entry.assignment.examiner), ...(comment ? [`Комментарий: ${comment}`] : [])];
}

/** The timeline of a statement's history, oldest first as the API sends it. */
export function timelineEntries(history: readonly StatusHistoryEntry[]): TimelineEntry[] {
  return history.map((entry, index) => {
    const previous = history[index - 1]?.status ?? null;
    const assignment = entry.assignment;
    const appeal = entry.appeal;
    const release = entry.release;
    // The head's assignment out of `sent` is a take in all but who did it; in work it is a hand-over. An upheld
    // appeal's return under review cancels the refusal. A deactivation returns the statement to the head's queue (or,
    // dropping a refusal to accept its examiner had not signed, to the new statements). A
    // power of attorney a signature relies on may be revoked, or checked in the ФНС's registry, meanwhile.
    // A certificate attached to an approval given without it keeps the status.
    const event: HistoryEvent = entry.certificate
      ? 'certificate-attached'
      : entry.powerOfAttorney
        ? POWER_OF_ATTORNEY_EVENTS[entry.powerOfAttorney.event]
        : appeal
          ? 'appeal-upheld'
          : release
            ? entry.status === 'sent'
              ? 'released-to-news'
              : 'released'
            : assignment
              ? previous === 'sent'
                ? 'assigned'
                : 'handed-over'
              : historyEvent(entry.status, previous);
    const term = entry.term;
    const notes = historyNotes(entry);
    return {
      ...(notes.length > 0 ? { notes } : {}),
      event,
      label: HISTORY_EVENT_LABELS[event],
      at: entry.at,
      when: formatCommitteeMoment(entry.at),
      actor: entry.actor?.trim() ? entry.actor : null,
      side: entry.byCommittee ? deadlineTexts.committee : deadlineTexts.applicant,
      byCommittee: entry.byCommittee,
      term: term
        ? term.onTime
          ? `В срок (срок — до ${formatDay(term.dueDate)})`
          : `С опозданием (срок истёк ${formatDay(term.dueDate)})`
        : null,
      onTime: term ? term.onTime : null,
    };
  });
}
