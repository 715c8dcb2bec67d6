// Names for the generated contract types the site and the server use; never retype a schema by hand.
import type { components, operations } from './api-schema.d.ts';

type Schemas = components['schemas'];

/** The error body every failing API call answers with: `{ error, message }` (plus `attempts_left` on a wrong code). */
export type ApiErrorBody = Schemas['Error'];
/** A machine-readable error code of the contract. */
export type ErrorCode = Schemas['ErrorCode'];
/** A statement as the detail, create, stage and start-work endpoints send it. */
export type Statement = Schemas['Statement'];
/** A statement status as the API sends it. */
export type StatementStatus = Schemas['StatementStatus'];
export type CompanyAtSubmission = Schemas['CompanyAtSubmission'];
export type Remark = Schemas['Remark'];
export type RemarkPin = Schemas['RemarkPin'];
export type RemarkSeverity = Schemas['RemarkSeverity'];
export type RemarkStatus = Schemas['RemarkStatus'];
export type RemarkInput = Schemas['RemarkInput'];
/** The examiner's verdict on an answered remark: taken off ('Снять') or kept open with a note ('Не снято'). */
export type RemarkResolutionInput = Schemas['RemarkResolutionInput'];
/** The company's answer to a remark, sent with its new version. */
export type RemarkAnswerInput = Schemas['RemarkAnswerInput'];
/** A statement as the list endpoints send it: what lists show and search. */
export type StatementListItem = Schemas['StatementListItem'];
/** A whole list column by column (`Accept: application/vnd.portal.list-columns+json`; domain/list-columns.ts). */
export type StatementListColumns = Schemas['StatementListColumns'];
/** One text field of every row of `StatementListColumns`. */
export type StatementListTextColumn = Schemas['StatementListTextColumn'];
/** What changed in a list since the revision the client holds (`?since=`). */
export type StatementListDelta = Schemas['StatementListDelta'];
/** The sidebar's counts (GET /api/users/me/counters). */
export type StatementCounters = Schemas['StatementCounters'];
/** The team's workload for the committee's head (GET /api/instance/team). */
export type TeamWorkload = Schemas['TeamWorkload'];
/** One examiner's row on the team's workload. */
export type ExaminerWorkload = Schemas['ExaminerWorkload'];
/** One reviewing body's row on the team's workload. */
export type BodyWorkload = Schemas['BodyWorkload'];
/** The report on terms for a date range (GET /api/instance/reports). */
export type TermsReport = Schemas['TermsReport'];
/** The report's figures, for the whole committee or one examiner. */
export type TermsReportFigures = Schemas['TermsReportFigures'];
/** The report's conclusions of one reviewing body. */
export type TermsReportBody = Schemas['TermsReportBody'];
/** The review term that runs now (sent, under_review). */
export type ReviewDeadline = Schemas['ReviewDeadline'];
/** How a status change stood against the review term: the due date and whether it came in time. */
export type TermOutcome = Schemas['TermOutcome'];
/** One status change of a statement. */
export type StatusHistoryEntry = Schemas['StatusHistoryEntry'];
/** An opened or refreshed session: access token and user. */
export type Session = Schemas['Session'];
/** The signed-in user as GET /api/users/me returns it. */
export type User = Schemas['User'];
export type UserRole = Schemas['UserRole'];
/** `pending` after a registration until confirmed (may prepare, not file), `active` otherwise. */
export type CompanyState = Schemas['CompanyState'];
/** A registration: the organisation, the person and the consent they gave (POST /api/registrations). */
export type RegistrationInput = Schemas['RegistrationInput'];
export type RegistrationStarted = Schemas['RegistrationStarted'];
/** The consent to the processing of personal data, or the policy of processing, as published. */
export type PersonalDataDocument = Schemas['PersonalDataDocument'];
/** A registration waiting for a head's decision (GET /api/admin/registrations). */
export type PendingRegistration = Schemas['PendingRegistration'];
export type RegistrationDecisionInput = Schemas['RegistrationDecisionInput'];
export type RegistrationConfirmationInput = Schemas['RegistrationConfirmationInput'];
export type RegistrationConfirmation = Schemas['RegistrationConfirmation'];
export type PersonalDataKind = Schemas['PersonalDataKind'];
export type PersonalDataTemplate = Schemas['PersonalDataTemplate'];
export type PersonalDataAccessKind = Schemas['PersonalDataAccessKind'];
export type PersonalDataAccessEntry = Schemas['PersonalDataAccessEntry'];
export type PersonalDataAccessPage = Schemas['PersonalDataAccessPage'];
export type PersonalDataExportInput = Schemas['PersonalDataExportInput'];
export type PersonalDataSubject = Schemas['PersonalDataSubject'];
export type SubjectRequestInput = Schemas['SubjectRequestInput'];
export type SubjectRequest = Schemas['SubjectRequest'];
export type SubjectAnswer = Schemas['SubjectAnswer'];
export type SubjectAnswerItem = Schemas['SubjectAnswerItem'];
export type DestructionAct = Schemas['DestructionAct'];
export type PersonalDataTemplateInput = Schemas['PersonalDataTemplateInput'];
export type ConsentInput = Schemas['ConsentInput'];
export type ConsentWithdrawalConfirmation = Schemas['ConsentWithdrawalConfirmation'];
export type ConsentWithdrawalInput = Schemas['ConsentWithdrawalInput'];
export type ConsentWithdrawal = Schemas['ConsentWithdrawal'];
/** The calling examiner's own contact details (GET/PUT /api/users/me/instance-profile). */
export type InstanceProfile = Schemas['InstanceProfile'];
export type InstanceProfileInput = Schemas['InstanceProfileInput'];
/** The caller's company (docs/product.md «Entities»). */
export type Company = Schemas['Company'];
export type CompanyInput = Schemas['CompanyInput'];
/** A person acting for the company, the owner included (docs/product.md «Entities»). */
export type Employee = Schemas['Employee'];
export type EmployeeInput = Schemas['EmployeeInput'];
/** A notification as GET /api/notifications sends it. */
export type Notification = Schemas['Notification'];
/** One submission (company) or reply (examiner) of a statement. */
export type Stage = Schemas['Stage'];
/** A file attached to a stage. */
export type StageFile = Schemas['StageFile'];
/** The approval's stamped copies, their inventory and what could not be stamped (docs/product.md «The approved set»). */
export type ApprovedSet = Schemas['ApprovedSet'];
export type ForeseenNotStampedFile = Schemas['ForeseenNotStampedFile'];
/** A submission's file against the company's previous submission: 'новый', 'изменён', 'без изменений'. */
export type FileChange = Schemas['FileChange'];
/** The portal's verdict on a document's detached electronic signature (docs/product.md «Signatures»). */
export type DocumentSignature = Schemas['DocumentSignature'];
/** 'valid' or why a signature is not a valid qualified one of the expected organisation. */
export type SignatureStatus = Schemas['SignatureStatus'];
/** A document's detached signature file, kept and downloadable beside it. */
export type SignatureFile = Schemas['SignatureFile'];
/** The signed approval certificate as the public check shows it. */
export type PublicDecisionSignature = Schemas['PublicDecisionSignature'];
export type SignDecisionInput = Schemas['SignDecisionInput'];
export type CertificateAttachInput = Schemas['CertificateAttachInput'];
/** A company's machine-readable power of attorney (МЧД, EMCHD_1) as the portal keeps it. */
export type PowerOfAttorney = Schemas['PowerOfAttorney'];
/** What a representative's valid signature says of the power of attorney it relies on. */
export type SignaturePowerOfAttorney = Schemas['SignaturePowerOfAttorney'];
export type PowerOfAttorneyEvent = Schemas['PowerOfAttorneyEvent'];
export type PowerOfAttorneyInput = Schemas['PowerOfAttorneyInput'];
export type RegistryCheckInput = Schemas['RegistryCheckInput'];
/** A file uploaded ahead of a stage (POST /api/prefiles). */
export type Prefile = Schemas['Prefile'];
/** An item of the object category and work type catalogues. */
export type CatalogItem = Schemas['CatalogItem'];
export type RefusalGround = Schemas['RefusalGround'];
// ——— The committee's administration (docs/product.md «Administration»), heads only under /api/admin ———
/** An examiner as the administration lists them, active or deactivated. */
export type AdminExaminer = Schemas['AdminExaminer'];
/** The body of POST /api/admin/examiners. */
export type AdminExaminerInput = Schemas['AdminExaminerInput'];
/** The body of PATCH /api/admin/examiners/{id}: only the fields sent change. */
export type AdminExaminerPatch = Schemas['AdminExaminerPatch'];
/** The answer of POST /api/admin/examiners/{id}/deactivate. */
export type AdminExaminerDeactivation = Schemas['AdminExaminerDeactivation'];
/** Which catalogue /api/admin/catalogs/{kind} edits. */
export type AdminCatalogKind = Schemas['AdminCatalogKind'];
/** A catalogue item with its legal basis (grounds), retirement and usage. */
export type AdminCatalogItem = Schemas['AdminCatalogItem'];
export type AdminCatalogItemInput = Schemas['AdminCatalogItemInput'];
export type AdminCatalogItemPatch = Schemas['AdminCatalogItemPatch'];
/** A remark template ('Из шаблона'). */
export type RemarkTemplate = Schemas['RemarkTemplate'];
export type RemarkTemplateInput = Schemas['RemarkTemplateInput'];
export type RemarkTemplatePatch = Schemas['RemarkTemplatePatch'];
/** A year of the production calendar (GET /api/admin/calendar). */
export type CalendarYearInfo = Schemas['CalendarYearInfo'];
export type AdminCalendar = Schemas['AdminCalendar'];
/** The body of the calendar import and its preview: the official data file's text. */
export type CalendarImportInput = Schemas['CalendarImportInput'];
export type CalendarDayChange = Schemas['CalendarDayChange'];
/** A running term whose due date a calendar import moves. */
export type CalendarTermChange = Schemas['CalendarTermChange'];
export type CalendarImportPreview = Schemas['CalendarImportPreview'];
export type CalendarImportResult = Schemas['CalendarImportResult'];
/** One change of the administration log (GET /api/admin/log). */
export type AdminLogEntry = Schemas['AdminLogEntry'];
export type AdminLogAction = Schemas['AdminLogAction'];
export type AdminLogPage = Schemas['AdminLogPage'];
/** The body of POST /api/instance/statements/{id}/refuse-acceptance (sent → not_accepted). */
export type RefuseAcceptanceInput = Schemas['RefuseAcceptanceInput'];
/** The body of POST /api/instance/statements/{id}/assign (the head assigns or hands over a statement). */
export type AssignStatementInput = Schemas['AssignStatementInput'];
/** The body of POST /api/statements/{id}/withdraw (sent | under_review | has_comments → withdrawn). */
export type WithdrawInput = Schemas['WithdrawInput'];
/** The body of POST /api/statements. */
export type CreateStatementInput = Schemas['CreateStatementInput'];
/** The body of POST /api/statements/{id}/stages (a new version). */
export type CompanyStageInput = Schemas['CompanyStageInput'];
/** The assigned examiner's reply (under_review → has_comments | approved | rejected). */
export type ExaminerStageInput = Schemas['ExaminerStageInput'];
/** A corner of the page for the stamp 'СОГЛАСОВАНО' (the approval dialog's choice per document). */
export type StampCorner = Schemas['StampCorner'];
/** A request to correct an error in the issued certificate, and its answer. */
export type Correction = Schemas['Correction'];
/** The body of POST /api/statements/{id}/corrections. */
export type CorrectionInput = Schemas['CorrectionInput'];
/** The body of POST /api/instance/corrections/{id}/decision. */
export type CorrectionDecisionInput = Schemas['CorrectionDecisionInput'];
/** The corrected values a corrected certificate carries. */
export type CorrectionRequisites = Schemas['CorrectionRequisites'];
/** A pre-trial appeal and its answer (docs/product.md «Appeals»). */
export type Appeal = Schemas['Appeal'];
/** What an appeal is against. */
export type AppealSubject = Schemas['AppealSubject'];
export type AppealStatus = Schemas['AppealStatus'];
/** The body of POST /api/statements/{id}/appeals. */
export type AppealInput = Schemas['AppealInput'];
/** The answer of POST /api/statements/{id}/appeals. */
export type AppealFiled = Schemas['AppealFiled'];
/** The body of POST /api/instance/appeals/{id}/decision. */
export type AppealDecisionInput = Schemas['AppealDecisionInput'];
export type AppealDecision = Schemas['AppealDecision'];
/** A reviewing body: a department of the committee or an outside body (docs/product.md «Conclusions»). */
export type ReviewBody = Schemas['ReviewBody'];
export type ReviewBodySummary = Schemas['ReviewBodySummary'];
export type ReviewBodyKind = Schemas['ReviewBodyKind'];
export type ReviewBodyMember = Schemas['ReviewBodyMember'];
export type ReviewBodyInput = Schemas['ReviewBodyInput'];
export type ReviewBodyUpdate = Schemas['ReviewBodyUpdate'];
export type ReviewBodyMemberInput = Schemas['ReviewBodyMemberInput'];
/** A request for a body's conclusion on a statement, and its answer. */
export type Conclusion = Schemas['Conclusion'];
export type ConclusionStatus = Schemas['ConclusionStatus'];
export type ConclusionVerdict = Schemas['ConclusionVerdict'];
/** What a body's member sees: the requests to their bodies, each with its statement (GET /api/instance/conclusions). */
export type ConclusionRequests = Schemas['ConclusionRequests'];
export type ConclusionRequest = Schemas['ConclusionRequest'];
export type ConclusionsInput = Schemas['ConclusionsInput'];
export type ConclusionAnswerInput = Schemas['ConclusionAnswerInput'];
export type ConclusionWithdrawInput = Schemas['ConclusionWithdrawInput'];
/** The head's register of appeals (GET /api/instance/appeals). */
export type AppealsRegister = Schemas['AppealsRegister'];
export type AppealsRegisterItem = Schemas['AppealsRegisterItem'];
/** The statement's check token and the address printed on the certificate. */
export type CertificateCheckToken = Schemas['CertificateCheckToken'];
/** What the public certificate check (/check/{token}) shows. */
export type PublicCertificate = Schemas['PublicCertificate'];
/** An approved document of the public check, with the SHA-256 a visitor's file is compared with. */
export type PublicCertificateDocument = Schemas['PublicCertificateDocument'];
/** A decision in the public register (GET /api/public/registry): its snapshot's values, nothing personal. */
export type RegistryEntry = Schemas['RegistryEntry'];
export type RegistryOutcome = Schemas['RegistryOutcome'];
/** One page of the public register, with the exact total. */
export type RegistryPage = Schemas['RegistryPage'];
/** The register's filters (years, categories, work types) and its data passport. */
export type RegistryFacets = Schemas['RegistryFacets'];
export type RegistryFacetOption = Schemas['RegistryFacetOption'];
export type RegistryField = Schemas['RegistryField'];
/** The query string of GET /api/public/registry. */
export type RegistryQuery = NonNullable<operations['getPublicRegistry']['parameters']['query']>;
/** The body of POST /api/public/statement-status. */
export type StatementStatusQuery = Schemas['StatementStatusQuery'];
/** What the public status check shows: the status, the submission, the running term's due day. */
export type PublicStatementStatus = Schemas['PublicStatementStatus'];
/** One message of the live stream (GET /api/events): what changed that the reader may see. */
export type LiveEvent = Schemas['LiveEvent'];
