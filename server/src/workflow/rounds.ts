import { certificateFileName } from '#domain/certificates.ts';
import type { RefusalGround, Stage, Statement, StatusHistoryEntry } from '#domain/contract.ts';
import type { Db } from '../db/database.ts';
import type { StatusHistoryTable } from '../db/schema.ts';
import { heldRound } from '../signatures/signed-decisions.ts';
import { documentsOf } from '../signatures/signed-uploads.ts';
import { compareRounds } from './round-changes.ts';
import {
  findLateCertificate,
  listHistory,
  listStageFiles,
  listStages,
  listStatementRefusalGrounds,
} from './workflow.repository.ts';

// What a statement's life has written, as a detail reads it: its rounds with their files, its history and the grounds
// of its refusal. A decision awaiting its signature is its last round's: the company sees the statement as it was
// before it.

/** Who reads: the company (no drafts, no held decision) or the committee. */
export type Reader = 'company' | 'committee';

/** The statement's rounds with their files compared with the previous submission, oldest first. */
export async function roundsOf(db: Db, statement: { id: number; held_status: string | null }, reader: Reader) {
  const stages = await listStages(db, statement.id);
  const heldStageId = statement.held_status === null ? null : (stages.at(-1)?.id ?? null);
  const files = await listStageFiles(
    db,
    stages.map((stage) => stage.id),
  );
  const rounds = compareRounds(
    stages.map((stage) => ({
      id: stage.id,
      n: stage.n,
      applicantId: stage.applicant_id,
      applicant: stage.applicant_name,
      applicantPhone: stage.applicant_phone,
      applicantPosition: stage.applicant_position,
      applicantMail: stage.applicant_mail,
      isGovernmentAgency: Boolean(stage.is_government_agency),
      status: stage.status,
      comment: stage.comment,
      dateCreate: stage.date_create,
      files: documentsOf(files.filter((file) => file.stage_id === stage.id)),
    })),
  );
  return rounds.flatMap((stage): Stage[] => {
    if (stage.id !== heldStageId) return [stage];
    const held = heldRound(stage, reader);
    return held ? [held] : [];
  });
}

/**
 * The applicant submits (creation), answers with a new version, withdraws and revokes its power of attorney; every
 * other change is the committee's.
 */
function byCommittee(entry: Pick<StatusHistoryTable, 'from_status' | 'to_status' | 'power_of_attorney_event'>) {
  const { from_status: from, to_status: to } = entry;
  if (entry.power_of_attorney_event !== null) return entry.power_of_attorney_event !== 'revoked';
  return !(from === null || (from === 'has_comments' && to === 'under_review') || to === 'withdrawn');
}

/**
 * The statement's history, oldest first; the head's comments on assignments and the held decisions dropped unissued
 * are for the committee only (the company never knew of one: a refusal to accept dropped in `sent` is no entry of its).
 */
export async function historyOf(
  db: Db,
  statement: { id: number; visible_id: number },
  reader: Reader,
): Promise<Statement['history']> {
  const entries = (await listHistory(db, statement.id)).filter(
    (entry) => reader === 'committee' || entry.discarded_decision === null || entry.to_status !== 'sent',
  );
  const changes = entries.map(
    (entry): StatusHistoryEntry => ({
      status: entry.to_status,
      ...(reader === 'committee' && entry.discarded_decision !== null
        ? { discardedDecision: entry.discarded_decision }
        : {}),
      ...(reader === 'committee' && entry.conclusions_note !== null
        ? { conclusionsNote: parseConclusionsNote(entry.conclusions_note) }
        : {}),
      at: entry.changed_at,
      actor: entry.actor_name,
      byCommittee: byCommittee(entry),
      term: entry.term_due_date === null ? null : { dueDate: entry.term_due_date, onTime: Boolean(entry.term_on_time) },
      // The head's comment is for the committee: the applicant's side sees whom, not why.
      ...(entry.appeal_id !== null
        ? { appeal: { appealId: entry.appeal_id, examiner: entry.assignee_name } }
        : entry.released_examiner_id !== null
          ? { release: { examiner: entry.released_examiner_name } }
          : entry.power_of_attorney_event !== null
            ? { powerOfAttorney: powerOfAttorneyMark(entry) }
            : entry.assignee_id === null
              ? {}
              : {
                  assignment: {
                    examiner: entry.assignee_name,
                    comment: reader === 'company' ? null : entry.assign_comment,
                  },
                }),
    }),
  );
  const late = await certificateAttachedLater(db, statement);
  return late ? [...changes, late].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0)) : changes;
}

/**
 * The certificate attached to an approval made before it was required (certificates.service.ts:attachCertificate) as
 * an entry of the history: its file, kept with the approving round, tells when; the status stays.
 */
async function certificateAttachedLater(
  db: Db,
  statement: { id: number; visible_id: number },
): Promise<StatusHistoryEntry | null> {
  const file = await findLateCertificate(db, statement.id, certificateFileName(statement.visible_id));
  if (!file) return null;
  return {
    status: 'approved',
    at: file.created_at,
    actor: file.applicant_name,
    byCommittee: true,
    term: null,
    certificate: { fileName: file.file_name },
  };
}

/**
 * A power of attorney's change, with the owner's reason or the examiner's note: the company reads the note on its own
 * МЧД's card anyway ('Моя компания'), so the history hides nothing of it.
 */
function powerOfAttorneyMark(
  entry: Pick<
    StatusHistoryTable,
    'power_of_attorney_id' | 'power_of_attorney_number' | 'power_of_attorney_event' | 'power_of_attorney_note'
  >,
): NonNullable<StatusHistoryEntry['powerOfAttorney']> {
  const event = entry.power_of_attorney_event ?? 'revoked';
  return {
    id: Number(entry.power_of_attorney_id),
    number: entry.power_of_attorney_number ?? '',
    event,
    note: entry.power_of_attorney_note,
  };
}

/** The grounds of the statement's refusal, as worded when it was refused. */
export async function refusalGroundsOf(db: Db, statementId: number): Promise<RefusalGround[]> {
  return (await listStatementRefusalGrounds(db, statementId)).map((ground) => ({
    id: ground.ground_id,
    name: ground.name,
    legalBasis: ground.legal_basis,
  }));
}

/** A history entry's note on conclusions as stored (JSON `{ kind, text }`). */
function parseConclusionsNote(text: string): NonNullable<StatusHistoryEntry['conclusionsNote']> {
  const note = JSON.parse(text) as NonNullable<StatusHistoryEntry['conclusionsNote']>;
  return { kind: note.kind, text: note.text };
}
