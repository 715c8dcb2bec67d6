import type { ColumnType, Generated } from 'kysely';
import type {
  AppealStatus,
  AppealSubject,
  CompanyState,
  ConclusionStatus,
  ConclusionVerdict,
  PowerOfAttorneyEvent,
  ReviewBodyKind,
  StatementStatus,
  UserRole,
} from '#domain/contract.ts';

/** SQLite hands booleans back as 0/1, PostgreSQL as true/false: repositories map with Boolean(). */
type Flag = ColumnType<boolean | number, boolean, boolean>;
/** Timestamps are ISO 8601 UTC text in both databases, so they sort and compare the same way. */
type Timestamp = string;

export interface CompanyTable {
  id: Generated<number>;
  legal_entity: string;
  legal_address: string | null;
  inn: string | null;
  kpp: string | null;
  ogrn: string | null;
  /** The company head (the product's 'general director'): shown as companyDirector and on the certificate. */
  contact_fio: string | null;
  contact_phone: string | null;
  created_at: Timestamp;
  /** `pending` after a registration until confirmed (may prepare, not file); `active` otherwise (20261129T0600). */
  state: Generated<CompanyState>;
  /** When the organisation registered itself; null for a company the console made. */
  registered_at: Timestamp | null;
  /** How the registration was confirmed: by the head's qualified signature, or by a head of the committee. */
  confirmation: 'signature' | 'committee' | null;
  confirmed_at: Timestamp | null;
  confirmed_by_name: string | null;
  /** The organisation's name as the confirming certificate gives it, kept beside the entered one. */
  certificate_organization: string | null;
  /** The storage key of the registration statement's PDF, made once. */
  statement_key: string | null;
  /** The statement's size and SHA-256, as stored (20261129T0800). */
  statement_size: number | null;
  statement_sha256: string | null;
  /** The head's signature of the statement that confirmed it, and its verdict as JSON (20261129T0800). */
  statement_signature_key: string | null;
  statement_signature_check: string | null;
  declined_at: Timestamp | null;
  decline_reason: string | null;
}

export interface InstanceTable {
  id: Generated<number>;
  name: string;
  created_at: Timestamp;
}

export interface UserTable {
  id: Generated<number>;
  /**
   * Optional for employees (docs/product.md «Validation»): without one the person cannot log in. Unique among active
   * users.
   */
  email: string | null;
  fio: string | null;
  phone: string | null;
  position: string | null;
  role: UserRole;
  company_id: number | null;
  instance_id: number | null;
  is_verify: Flag;
  /** The committee's head (руководитель отдела): an examiner who also assigns, sees the workload and the report. */
  is_head: Flag;
  created_at: Timestamp;
  /** Soft delete: login refused, sessions revoked, everything they made kept with their name. */
  removed_at: Timestamp | null;
  /** The version of the consent to the processing of personal data the person gave, when and from where (20261129T0600). */
  consent_version: string | null;
  consent_at: Timestamp | null;
  consent_address: string | null;
  /** When the person withdrew that consent and how it came: `portal`, `post`, `in_person`, `electronic` (20261201T0100). */
  consent_withdrawn_at: Generated<Timestamp | null>;
  consent_withdrawal_via: Generated<string | null>;
}

export interface CounterTable {
  name: string;
  value: number;
}

export interface CatalogTable {
  id: Generated<number>;
  name: string;
  value: string;
  sort_order: number;
  /** Retired by the administration (no longer offered, never deleted): migration 20261127T0020. */
  retired_at: Generated<Timestamp | null>;
}

export interface StatementTable {
  id: Generated<number>;
  visible_id: number;
  company_id: number;
  status: StatementStatus;
  cipher: string | null;
  object_name: string;
  address: string | null;
  /** The land plot's cadastral number (migration 20261126T1700). */
  cadastral_number: string | null;
  category_object_id: number | null;
  work_type_id: number | null;
  examiner_id: number | null;
  external_number: string | null;
  date_create: Timestamp;
  last_update: Timestamp;
  /** The public certificate check token: issued with the first certificate, then reused; null until then. */
  check_token: string | null;
  /** The receipt of the last submission (creation or new version): the review term runs from it. */
  term_start: Timestamp | null;
  /** The term's length in working days, as configured at that receipt. */
  term_days: number | null;
  /** A decision its last round records awaiting its signature, the status staying as it was (20261127T0200). */
  held_status: Generated<'approved' | 'rejected' | 'not_accepted' | null>;
  /** The held decision's note on conclusions (JSON), written into its history entry at the release (20261130T1000). */
  held_note: Generated<string | null>;
}

export interface StageTable {
  id: Generated<number>;
  statement_id: number;
  n: number;
  /** An approving round's corners of the stamp per document (JSON `{ fileId: corner }`), when any was chosen. */
  stamp_corners?: string | null;
  applicant_id: number | null;
  /** The author as they were when the stage was made. */
  applicant_name: string | null;
  applicant_phone: string | null;
  applicant_position: string | null;
  applicant_mail: string | null;
  is_government_agency: Flag;
  status: StatementStatus | null;
  comment: string | null;
  date_create: Timestamp;
}

export interface FileTable {
  id: Generated<number>;
  stage_id: number;
  storage_key: string;
  file_name: string;
  content_type: string;
  size: number;
  sha256: string | null;
  created_at: Timestamp;
  /** Pages of a PDF (1 for an image), read once when a remark is first pinned to it: migration 20261125T1200. */
  page_count: number | null;
  /** The correction whose corrected certificate this file is (it is then shown with it, not in its round): 20261126T2100. */
  correction_id: number | null;
  /** The appeal this file was filed with, or whose answer letter it is (shown with it, not in its round): 20261127T0010. */
  appeal_id: number | null;
  /** The conclusion request this file answers (shown with it, not in its round): 20261130T1000. */
  conclusion_id: number | null;
  /** Set on a detached signature file: the document of its round it signs (20261127T0040). */
  signs_file_id: number | null;
  /** On a detached signature file: the verdict reached when it was filed, as JSON (20261127T0040). */
  signature_check: string | null;
  /** A file of the approved set: a stamped copy ('stamped') or its inventory ('inventory'), shown with the set (20261130T1100). */
  approved_set: 'stamped' | 'inventory' | null;
  /** On a stamped copy: the original it was made from (20261130T1100). */
  stamped_from_file_id: number | null;
}

/** The approved set made for a decision's round: when, and the documents that could not be stamped (JSON). */
export interface ApprovedSetTable {
  stage_id: number;
  made_at: string;
  not_stamped: string;
  /** Whether the set waits for its inventory's signature, decided when it was made (20261201T0200). */
  signature_required: Flag;
}

export interface PrefileTable {
  id: Generated<number>;
  owner_id: number;
  storage_key: string;
  name: string;
  content_type: string;
  size: number;
  sha256: string | null;
  created_at: Timestamp;
  attached_at: Timestamp | null;
}

export interface NotificationTable {
  id: Generated<number>;
  user_id: number;
  message: string;
  route: string | null;
  date_create: Timestamp;
  read_at: Timestamp | null;
}

export interface StatusHistoryTable {
  id: Generated<number>;
  statement_id: number;
  from_status: StatementStatus | null;
  to_status: StatementStatus;
  user_id: number | null;
  /** The actor's name as it was at the time. */
  actor_name: string | null;
  changed_at: Timestamp;
  /** For a change that stopped a running review term: its due date (`YYYY-MM-DD`) and whether it came in time. */
  term_due_date: string | null;
  term_on_time: Flag | null;
  /** The examiner the committee's head assigned the statement to (migration 20261126T2330), null otherwise. */
  assignee_id: number | null;
  /** Their name as it was. */
  assignee_name: string | null;
  /** The head's comment to the examiners. */
  assign_comment: string | null;
  /** The upheld appeal that made this change (20261127T0010), null otherwise; `assignee_*` then name the examiner. */
  appeal_id: number | null;
  /**
   * The deactivated examiner whose statement went back to the head's queue by this entry (20261128T0100), and their
   * name as it was; null otherwise. The status stays.
   */
  released_examiner_id: number | null;
  released_examiner_name: string | null;
  /**
   * The company's power of attorney (МЧД) whose change this entry records (20261129T0500), its number as it was, what
   * happened and the reason or the examiner's note; null otherwise. The status stays.
   */
  power_of_attorney_id: number | null;
  power_of_attorney_number: string | null;
  power_of_attorney_event: PowerOfAttorneyEvent | null;
  power_of_attorney_note: string | null;
  /**
   * The held decision this entry dropped unissued (20261129T1300): its examiner was deactivated before signing it, or
   * the applicant withdrew first; null otherwise.
   */
  discarded_decision: 'approved' | 'rejected' | 'not_accepted' | null;
  /** Why a decision came while conclusions were awaited or over a 'Не согласовано', as JSON `{ kind, text }` (20261130T1000). */
  conclusions_note: string | null;
}

export interface LoginCodeTable {
  id: Generated<number>;
  /** What the code is for: a login, or a registration's e-mail (20261129T0600). */
  purpose: Generated<'login' | 'registration'>;
  /** SHA-256 of the attempt token the starting browser holds (the `login_attempt` cookie). */
  attempt_hash: string;
  email: string;
  user_id: number | null;
  code_hash: string;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
}

export interface LoginFailureTable {
  id: Generated<number>;
  email: string;
  created_at: Timestamp;
}

export interface RefreshTokenTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  /** The token this one replaced (null for a login's first). */
  parent_id: number | null;
  token_hash: string;
  created_at: Timestamp;
  family_expires_at: Timestamp;
  idle_expires_at: Timestamp;
  rotated_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

/** A fixed-window request counter shared by every API process (the per-IP limit on login codes). */
export interface RateLimitTable {
  key: string;
  window_start: Timestamp;
  count: number;
}

/**
 * Correction requests and appeals gathered for one person (docs/product.md «Notifications and mail»): the first was
 * mailed at `window_start`, `held` more came since, shown by `notification_id` and mailed together when it ends.
 */
export interface PetitionDigestTable {
  user_id: number;
  window_start: Timestamp;
  held: number;
  notification_id: number | null;
}

/** One run of `backup`: alive while `finished_at` is null and `alive_at` recent; the last succeeded one is a metric. */
export interface BackupTable {
  id: Generated<number>;
  location: string;
  started_at: Timestamp;
  alive_at: Timestamp;
  finished_at: Timestamp | null;
  succeeded: boolean | null;
  rows: number | null;
  files: number | null;
  bytes: number | null;
}

/** A file's bytes the portal let go while a backup ran: removed once no backup runs. */
export interface DeferredFileRemovalTable {
  storage_key: string;
  requested_at: Timestamp;
}

/** A production calendar year an admin loaded (it overrides a shipped one). */
export interface CalendarYearTable {
  year: number;
  imported_at: Timestamp;
}

/** A loaded year's exception to the weekends: a non-working weekday or a working Saturday or Sunday. */
export interface CalendarDayTable {
  /** `YYYY-MM-DD`. */
  day: string;
  year: number;
  working: Flag;
}

/** The configured review term: `portal` or `category:<catalog_object_types.id>`. */
export interface ReviewTermTable {
  scope: string;
  days: number;
  updated_at: Timestamp;
}

/** A deadline reminder claimed (and then mailed) once per statement, term and kind, whatever the API processes. */
export interface DeadlineReminderTable {
  statement_id: number;
  term_start: Timestamp;
  kind: 'soon' | 'overdue';
  claimed_at: Timestamp;
}

/** A ground of the committee's refusals with its legal basis: migration 20261126T1800. */
export interface RefusalGroundTable {
  id: Generated<number>;
  /** `intake`: a refusal to accept the documents; `decision`: a refusal to approve. */
  kind: 'intake' | 'decision';
  /** A stable code (the defaults are matched by it). */
  value: string;
  name: string;
  legal_basis: string;
  sort_order: Generated<number>;
  /** Retired by the administration (no longer offered, never deleted): migration 20261127T0020. */
  retired_at: Generated<Timestamp | null>;
}

/** A remark template examiners fill a remark from (docs/product.md «Administration»): migration 20261127T0020. */
export interface RemarkTemplateTable {
  id: Generated<number>;
  text: string;
  severity: RemarkSeverity;
  /** The work type it is for; null for every work type. */
  work_type_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
  retired_at: Timestamp | null;
}

/** One change of the administration log (migration 20261127T0020): `actor_id` null for the admin CLI. */
export interface AdminLogTable {
  id: Generated<number>;
  at: Timestamp;
  actor_id: number | null;
  /** The actor's name then. */
  actor_name: string | null;
  action: string;
  subject: string;
  /** JSON of what changed. */
  details: string;
}

/**
 * A company's machine-readable power of attorney (migration 20261129T0100): JSON of the principal, the head who
 * issued it, the representative and the powers as the XML says them, and of the verdict on its signature.
 */
export interface PowerOfAttorneyTable {
  id: Generated<number>;
  company_id: number;
  number: string;
  internal_number: string;
  issued_on: string;
  valid_to: string;
  principal: string;
  issued_by: string;
  representative: string;
  representative_snils: string | null;
  representative_inn: string | null;
  powers: string;
  signature_check: string;
  xml_key: string;
  signature_key: string;
  added_by: number | null;
  added_by_name: string;
  added_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
  revoked_by_name: string | null;
  registry_checked_at: Timestamp | null;
  registry_checked_by: string | null;
  registry_result: 'not_revoked' | 'revoked' | null;
  registry_note: string | null;
}

/** The grounds a refusal gave, as worded then, in the examiner's order: migration 20261126T1800. */
export interface StatementRefusalGroundTable {
  statement_id: number;
  position: number;
  ground_id: number;
  name: string;
  legal_basis: string;
}

/** What an approval was about when it was given (the public check shows it): migration 20261125T1000. */
export interface DecisionSnapshotTable {
  statement_id: number;
  decided_at: Timestamp;
  object_name: string;
  address: string | null;
  company_name: string;
  company_inn: string | null;
  company_kpp: string | null;
  company_ogrn: string | null;
  examiner_fio: string | null;
  committee: string | null;
  /** Migration 20261126T1700. */
  cadastral_number: string | null;
  /** The decision (20261127T0100_registry): the public register lists a snapshot while its statement is in it. */
  outcome: 'approved' | 'rejected' | 'not_accepted';
  /** The object's category and work type as they were decided (ids for the filters, names as worded then). */
  category_object_id: number | null;
  category_name: string | null;
  work_type_id: number | null;
  work_type_name: string | null;
  /** What the register's search finds it by, folded (20261129T1000, `db/decision-snapshot.ts`). */
  search_text: string | null;
  /** When its statement left this decision (an upheld appeal), null while it stands: the register lists these. */
  left_at: Timestamp | null;
}

/** The applicant company as it was when the statement was submitted (both details show later changes): 20261125T1100. */
export interface SubmissionSnapshotTable {
  statement_id: number;
  submitted_at: Timestamp;
  company_name: string;
  company_inn: string | null;
  company_kpp: string | null;
  company_ogrn: string | null;
  company_head: string | null;
  company_head_phone: string | null;
}

/** A reviewing body: a department of the committee or an outside body (migration 20261130T1000_review_bodies). */
export interface ReviewBodyTable {
  id: Generated<number>;
  name: string;
  kind: ReviewBodyKind;
  term_days: number;
  /** An outside body's own instance: its staff (role `reviewer`) belong to it. Null for a department. */
  instance_id: number | null;
  created_at: Timestamp;
  retired_at: Timestamp | null;
}

export interface ReviewBodyMemberTable {
  body_id: number;
  user_id: number;
  created_at: Timestamp;
}

/** A request for a body's conclusion on a statement, answered once (migration 20261130T1000_review_bodies). */
export interface ConclusionTable {
  id: Generated<number>;
  statement_id: number;
  body_id: number;
  /** The stage `n` of the version asked about. */
  round: number;
  question: string;
  due_days: number;
  status: ConclusionStatus;
  requested_by: number | null;
  requester_name: string | null;
  requested_at: Timestamp;
  verdict: ConclusionVerdict | null;
  text: string | null;
  answered_by: number | null;
  answerer_name: string | null;
  answered_at: Timestamp | null;
  withdrawn_reason: string | null;
  withdrawn_at: Timestamp | null;
  /** When the examiner and the body's members were told the request is past its term: migration 20261130T1300. */
  overdue_reminded_at: Timestamp | null;
}

/**
 * A pre-trial appeal (20261127T0010): filed by a user of the company against a refusal, a refusal to accept, a missed
 * term or a declined correction (`correction_id`), answered by the committee's head; `letter_key` is the storage key of
 * the answer letter, one of the appeal's files.
 */
export interface AppealTable {
  id: Generated<number>;
  statement_id: number;
  subject: AppealSubject;
  text: string;
  status: AppealStatus;
  filed_by: number | null;
  filer_name: string | null;
  filed_at: Timestamp;
  correction_id: number | null;
  decision_text: string | null;
  decided_by: number | null;
  decider_name: string | null;
  decided_at: Timestamp | null;
  letter_key: string | null;
}

export type CorrectionStatus = 'requested' | 'corrected' | 'declined';

/**
 * A request to correct an error in an issued certificate (docs/product.md «The regulation's procedures»): migration
 * 20261126T2100. Once corrected it keeps what the corrected certificate carries (its own snapshot and check token).
 */
export interface CorrectionTable {
  id: Generated<number>;
  statement_id: number;
  text: string;
  status: CorrectionStatus;
  requested_by: number | null;
  requester_name: string | null;
  requested_at: Timestamp;
  answer: string | null;
  answered_by: number | null;
  answered_at: Timestamp | null;
  /** The corrected certificate's public check token: answered by the check only once corrected. */
  check_token: string;
  object_name: string | null;
  address: string | null;
  cadastral_number: string | null;
  company_name: string | null;
  company_inn: string | null;
  company_kpp: string | null;
  company_ogrn: string | null;
  examiner_fio: string | null;
  committee: string | null;
  /** What the register's search finds the corrected entry by, folded (20261129T1000, `db/decision-snapshot.ts`). */
  search_text: string | null;
}

export type RemarkSeverity = 'required' | 'advisory';
export type RemarkStatus = 'draft' | 'proposed' | 'open' | 'answered' | 'resolved' | 'reopened';

/** An examiner's remark on a statement (docs/product.md «Remarks»): migration 20261125T1200. */
/** The change log the live portal reads (migration 20261125T1400_changes; written by triggers only). */
export interface ChangeTable {
  seq: Generated<number>;
  kind: 'statement' | 'notification' | 'user' | 'lists';
  statement_id: number | null;
  company_id: number | null;
  user_id: number | null;
  at: Timestamp;
  /** The writing transaction (PostgreSQL); null on SQLite. */
  xid: number | string | null;
}

export interface RemarkTable {
  id: Generated<number>;
  statement_id: number;
  /** 1, 2, 3… per statement, given at publication (null while a draft), never reused. */
  number: number | null;
  author_id: number;
  author_name: string;
  text: string;
  severity: RemarkSeverity;
  file_id: number | null;
  page: number | null;
  x: number | null;
  y: number | null;
  width: number | null;
  height: number | null;
  status: RemarkStatus;
  created_at: Timestamp;
  updated_at: Timestamp;
  published_at: Timestamp | null;
  /** `n` of the reply stage that published it. */
  published_round: number | null;
  answer_text: string | null;
  /** `n` of the company stage that carried the latest answer. */
  answer_round: number | null;
  answer_at: Timestamp | null;
  answer_author: string | null;
  resolved: Flag | null;
  resolution_note: string | null;
  resolution_at: Timestamp | null;
  resolution_author: string | null;
  resolved_by_decision: Flag | null;
  /** The conclusion request a reviewing body's member proposed it on (kept once the examiner includes it). */
  conclusion_id: number | null;
}

export type RemarkEventKind = 'published' | 'answered' | 'resolved' | 'reopened' | 'closed';

/** One change of a published remark, with who and when. */
export interface RemarkEventTable {
  id: Generated<number>;
  remark_id: number;
  kind: RemarkEventKind;
  at: Timestamp;
  actor_id: number | null;
  actor_name: string | null;
  text: string | null;
  round: number | null;
}

/** A published version of the consent or the policy of processing personal data (20261129T0900). */
export interface PersonalDataDocumentTable {
  id: Generated<number>;
  kind: 'consent' | 'privacy';
  version: number;
  /** The text with its placeholders ({оператор}, {адрес}, {контакты}, {портал}), paragraphs by an empty line. */
  template: string;
  published_at: Timestamp;
  published_by: number | null;
  published_by_name: string | null;
}

/** What a read of personal data was about (20261130T1200). */
export type PersonalDataAccessKind =
  | 'statement'
  | 'file'
  | 'power_of_attorney'
  | 'export'
  | 'report'
  | 'workload'
  | 'people'
  | 'registrations'
  | 'subject_request';

/** One read of personal data by the committee's side: append-only (20261130T1200). */
export interface PersonalDataAccessTable {
  id: Generated<number>;
  at: Timestamp;
  user_id: number | null;
  user_name: string | null;
  address: string | null;
  kind: PersonalDataAccessKind;
  statement_id: number | null;
  /** The person read about, where the read names one (a subject's request); statements name theirs by their stages. */
  person_id: number | null;
  detail: string | null;
}

/** Held only inside the destruction's own transaction: while a row is here the access log may change. */
export interface PersonalDataAccessUnlockTable {
  holder: string;
}

/** A person's request about their personal data and its answer (20261130T1210). */
export interface SubjectRequestTable {
  id: Generated<number>;
  received_at: Timestamp;
  /** The last working day of its term, `YYYY-MM-DD`. */
  due_date: string;
  requester: string;
  person_id: number | null;
  person_name: string | null;
  registered_by: number | null;
  registered_by_name: string | null;
  answered_at: Timestamp | null;
  /** The answer as given, JSON (SubjectAnswer). */
  answer: string | null;
}

/** An act of destruction of personal data (20261130T1220). */
export interface DestructionActTable {
  id: Generated<number>;
  made_at: Timestamp;
  keep_until: Timestamp;
  /** What was destroyed, by kind: JSON. */
  summary: string;
  /** The extract of the event log: one line per destroyed record, JSON. */
  extract: string;
}

export interface Database {
  companies: CompanyTable;
  instances: InstanceTable;
  refusal_grounds: RefusalGroundTable;
  statement_refusal_grounds: StatementRefusalGroundTable;
  users: UserTable;
  counters: CounterTable;
  catalog_object_types: CatalogTable;
  catalog_work_types: CatalogTable;
  statements: StatementTable;
  stages: StageTable;
  files: FileTable;
  prefiles: PrefileTable;
  notifications: NotificationTable;
  status_history: StatusHistoryTable;
  login_codes: LoginCodeTable;
  decision_snapshots: DecisionSnapshotTable;
  submission_snapshots: SubmissionSnapshotTable;
  remarks: RemarkTable;
  changes: ChangeTable;
  remark_events: RemarkEventTable;
  login_failures: LoginFailureTable;
  refresh_tokens: RefreshTokenTable;
  rate_limits: RateLimitTable;
  petition_digests: PetitionDigestTable;
  calendar_years: CalendarYearTable;
  calendar_days: CalendarDayTable;
  review_terms: ReviewTermTable;
  deadline_reminders: DeadlineReminderTable;
  corrections: CorrectionTable;
  appeals: AppealTable;
  remark_templates: RemarkTemplateTable;
  admin_log: AdminLogTable;
  powers_of_attorney: PowerOfAttorneyTable;
  catalog_power_codes: CatalogTable;
  personal_data_documents: PersonalDataDocumentTable;
  backups: BackupTable;
  deferred_file_removals: DeferredFileRemovalTable;
  review_bodies: ReviewBodyTable;
  review_body_members: ReviewBodyMemberTable;
  conclusions: ConclusionTable;
  personal_data_access: PersonalDataAccessTable;
  personal_data_access_unlock: PersonalDataAccessUnlockTable;
  subject_requests: SubjectRequestTable;
  destruction_acts: DestructionActTable;
  approved_sets: ApprovedSetTable;
}
