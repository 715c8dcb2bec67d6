import type { Migration } from 'kysely/migration';
import * as initial from './20261122T0300_initial.ts';
import * as workflowGroundwork from './20261122T1800_workflow_groundwork.ts';
import * as certificateCheck from './20261122T1900_certificate_check.ts';
import * as sharedLimits from './20261122T1930_shared_limits.ts';
import * as reviewDeadlines from './20261122T2100_review_deadlines.ts';
import * as listIndexes from './20261122T2200_list_indexes.ts';
import * as listRevision from './20261122T2300_list_revision.ts';
import * as statusListIndex from './20261122T2310_status_list_index.ts';
import * as loginAttempts from './20261125T0900_login_attempts.ts';
import * as decisionSnapshots from './20261125T1000_decision_snapshots.ts';
import * as submissionSnapshots from './20261125T1100_submission_snapshots.ts';
import * as remarks from './20261125T1200_remarks.ts';
import * as changes from './20261125T1400_changes.ts';
import * as companyChanges from './20261126T1000_company_changes.ts';
import * as cadastralNumber from './20261126T1700_cadastral_number.ts';
import * as refusalGrounds from './20261126T1800_refusal_grounds.ts';
import * as regulationStatuses from './20261126T2000_regulation_statuses.ts';
import * as corrections from './20261126T2100_corrections.ts';
import * as headRole from './20261126T2200_head_role.ts';
import * as reportIndex from './20261126T2320_report_index.ts';
import * as assignmentHistory from './20261126T2330_assignment_history.ts';
import * as appeals from './20261127T0010_appeals.ts';
import * as administration from './20261127T0020_administration.ts';
import * as signatures from './20261127T0040_signatures.ts';
import * as registry from './20261127T0100_registry.ts';
import * as heldDecisions from './20261127T0200_held_decisions.ts';
import * as releaseHistory from './20261128T0100_release_history.ts';
import * as powersOfAttorney from './20261129T0100_powers_of_attorney.ts';
import * as powerOfAttorneyHistory from './20261129T0500_power_of_attorney_history.ts';
import * as registration from './20261129T0600_registration.ts';
import * as registrationSignature from './20261129T0800_registration_signature.ts';
import * as personalDataDocuments from './20261129T0900_personal_data_documents.ts';
import * as registrySearch from './20261129T1000_registry_search.ts';
import * as petitionDueDates from './20261129T1200_petition_due_dates.ts';
import * as discardedDecisions from './20261129T1300_discarded_decisions.ts';
import * as petitionDigests from './20261129T1400_petition_digests.ts';
import * as backups from './20261129T1500_backups.ts';
import * as reviewBodies from './20261130T1000_review_bodies.ts';
import * as approvedSets from './20261130T1100_approved_sets.ts';
import * as personalDataAccess from './20261130T1200_personal_data_access.ts';
import * as subjectRequests from './20261130T1210_subject_requests.ts';
import * as destructionActs from './20261130T1220_destruction_acts.ts';
import * as conclusionReminders from './20261130T1300_conclusion_reminders.ts';
import * as bodyInstances from './20261130T1400_body_instances.ts';
import * as remarkProposals from './20261130T1500_remark_proposals.ts';
import * as stampCorners from './20261130T1600_stamp_corners.ts';
import * as consentWithdrawals from './20261201T0100_consent_withdrawals.ts';
import * as approvedSetSignature from './20261201T0200_approved_set_signature.ts';

/** Every migration in order; names are timestamps and never change once released. */
export const migrations: Record<string, Migration> = {
  '20261122T0300_initial': initial,
  '20261122T1800_workflow_groundwork': workflowGroundwork,
  '20261122T1900_certificate_check': certificateCheck,
  '20261122T1930_shared_limits': sharedLimits,
  '20261122T2100_review_deadlines': reviewDeadlines,
  '20261122T2200_list_indexes': listIndexes,
  '20261122T2300_list_revision': listRevision,
  '20261122T2310_status_list_index': statusListIndex,
  '20261125T0900_login_attempts': loginAttempts,
  '20261125T1000_decision_snapshots': decisionSnapshots,
  '20261125T1100_submission_snapshots': submissionSnapshots,
  '20261125T1200_remarks': remarks,
  '20261125T1400_changes': changes,
  '20261126T1000_company_changes': companyChanges,
  '20261126T1700_cadastral_number': cadastralNumber,
  '20261126T1800_refusal_grounds': refusalGrounds,
  '20261126T2000_regulation_statuses': regulationStatuses,
  '20261126T2100_corrections': corrections,
  '20261126T2200_head_role': headRole,
  '20261126T2320_report_index': reportIndex,
  '20261126T2330_assignment_history': assignmentHistory,
  '20261127T0010_appeals': appeals,
  '20261127T0020_administration': administration,
  '20261127T0040_signatures': signatures,
  '20261127T0100_registry': registry,
  '20261127T0200_held_decisions': heldDecisions,
  '20261128T0100_release_history': releaseHistory,
  '20261129T0100_powers_of_attorney': powersOfAttorney,
  '20261129T0500_power_of_attorney_history': powerOfAttorneyHistory,
  '20261129T0600_registration': registration,
  '20261129T0800_registration_signature': registrationSignature,
  '20261129T0900_personal_data_documents': personalDataDocuments,
  '20261129T1000_registry_search': registrySearch,
  '20261129T1200_petition_due_dates': petitionDueDates,
  '20261129T1300_discarded_decisions': discardedDecisions,
  '20261129T1400_petition_digests': petitionDigests,
  '20261129T1500_backups': backups,
  '20261130T1000_review_bodies': reviewBodies,
  '20261130T1100_approved_sets': approvedSets,
  '20261130T1200_personal_data_access': personalDataAccess,
  '20261130T1210_subject_requests': subjectRequests,
  '20261130T1220_destruction_acts': destructionActs,
  '20261130T1300_conclusion_reminders': conclusionReminders,
  '20261130T1400_body_instances': bodyInstances,
  '20261130T1500_remark_proposals': remarkProposals,
  '20261130T1600_stamp_corners': stampCorners,
  '20261201T0100_consent_withdrawals': consentWithdrawals,
  '20261201T0200_approved_set_signature': approvedSetSignature,
};
