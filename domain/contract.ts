// Names for the generated contract types the site uses; never retype a schema by hand.
import type { components } from './api-schema.d.ts';

type Schemas = components['schemas'];

/** The error body every failing API call answers with: `{ error, message }` (plus `attempts_left` on a wrong code). */
export type ApiErrorBody = Schemas['Error'];
/** A machine-readable error code of the contract. */
export type ErrorCode = Schemas['ErrorCode'];
/** A statement as the detail, create, stage and start-work endpoints send it. */
export type Statement = Schemas['Statement'];
export type CompanyAtSubmission = Schemas['CompanyAtSubmission'];
export type Remark = Schemas['Remark'];
export type RemarkPin = Schemas['RemarkPin'];
export type RemarkSeverity = Schemas['RemarkSeverity'];
export type RemarkStatus = Schemas['RemarkStatus'];
export type RemarkInput = Schemas['RemarkInput'];
/** A statement as the list endpoints send it: what lists show and search. */
export type StatementListItem = Schemas['StatementListItem'];
/** What changed in a list since the revision the client holds (`?since=`). */
export type StatementListDelta = Schemas['StatementListDelta'];
/** The sidebar's counts (GET /api/users/me/counters). */
export type StatementCounters = Schemas['StatementCounters'];
/** An opened or refreshed session: access token and user. */
export type Session = Schemas['Session'];
/** One submission (company) or reply (examiner) of a statement. */
export type Stage = Schemas['Stage'];
/** A file attached to a stage. */
export type StageFile = Schemas['StageFile'];
/** A submission's file against the company's previous submission: 'новый', 'изменён', 'без изменений'. */
export type FileChange = Schemas['FileChange'];
/** A file uploaded ahead of a stage (POST /api/prefiles). */
export type Prefile = Schemas['Prefile'];
/** An item of the object category and work type catalogues. */
export type CatalogItem = Schemas['CatalogItem'];
/** The body of POST /api/statements. */
export type CreateStatementInput = Schemas['CreateStatementInput'];
/** The body of POST /api/statements/{id}/stages (a new version). */
export type CompanyStageInput = Schemas['CompanyStageInput'];
/** One message of the live stream (GET /api/events): what changed that the reader may see. */
export type LiveEvent = Schemas['LiveEvent'];
