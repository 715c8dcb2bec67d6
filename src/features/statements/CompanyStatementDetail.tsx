import { useEffect, useRef, useState } from 'react';
import { DetailBlock, DetailItem } from '#components/statement/DetailBlock.tsx';
import Button from '#components/ui/Button.tsx';
import ConfirmDialog from '#components/ui/ConfirmDialog.tsx';
import FormField from '#components/ui/FormField.tsx';
import { routes } from '#domain/routes.ts';
import { orDash } from '#domain/russian.ts';
import { COMPANY_SIDEBAR_LABELS, STATEMENT_STATUSES } from '#domain/statuses.ts';
import { formatListDate } from '#lib/dates.ts';
import { canAddVersion } from '#lib/statement.ts';
import { useStore } from '#stores/prerendered.ts';
import AppealsBlock from '../appeals/AppealsBlock.tsx';
import { filingTexts } from '../appeals/appeals.ts';
import FileAppealDialog from '../appeals/FileAppealDialog.tsx';
import { ApprovedSetBlock } from '../approved-sets/ApprovedSetBlock.tsx';
import { ApprovalCertificate } from '../certificates/ApprovalCertificate.tsx';
import CorrectionRequestDialog from '../corrections/CorrectionRequestDialog.tsx';
import { CorrectionsBlock } from '../corrections/CorrectionsBlock.tsx';
import { canRequestCorrection } from '../corrections/rules.ts';
import { correctionTexts } from '../corrections/texts.ts';
import { setViewerRemarks } from '../documents/viewer.ts';
import RemarkAnswers from '../remarks/RemarkAnswers.tsx';
import { remarkPinLayer } from '../remarks/RemarkPins.tsx';
import RemarksSection from '../remarks/RemarksSection.tsx';
import StageDialog from '../workflow/StageDialog.tsx';
import CompanyAtSubmission from './components/detail/CompanyAtSubmission.tsx';
import { RefusalGroundsBlock } from './components/detail/RefusalGroundsBlock.tsx';
import StatementHeader from './components/detail/StatementHeader.tsx';
import { ProjectBlock } from './components/detail/StatementParts.tsx';
import StatementRounds from './components/detail/StatementRounds.tsx';
import { statementDetailTexts as texts } from './components/texts.ts';
import type { BackTarget } from './lib/back-link.ts';
import {
  $answerable,
  $answerErrors,
  $answers,
  $canDelete,
  $canWithdraw,
  $deleteState,
  $detail,
  $remarks,
  $rounds,
  $versionErrors,
  appealFiling,
  correctionRequest,
  deleteStatement,
  openVersionDialog,
  retryStatement,
  setAnswer,
  startWithdrawal,
  submitVersion,
  version,
  withdrawalForm,
  withdrawStatement,
} from './stores/company-detail.ts';
import { detailTexts } from './texts/company-detail.ts';

const HEADING_ID = 'company-statement-heading';

/** The company's lists a statement is opened from, with the sidebar's names; the first is the default. */
const COMPANY_LISTS: readonly BackTarget[] = [
  { href: routes.company(), label: detailTexts.back },
  { href: routes.company('all'), label: detailTexts.back },
  ...STATEMENT_STATUSES.map((status) => ({ href: routes.company(status), label: COMPANY_SIDEBAR_LABELS[status] })),
];

/** The company's statement detail: number, status, title, project, general info, examiner, rounds. */
export default function CompanyStatementDetail() {
  const { statement, status } = useStore($detail);
  const rounds = useStore($rounds);
  const canDelete = useStore($canDelete);
  const deleteState = useStore($deleteState);
  const versionErrors = useStore($versionErrors);
  const remarks = useStore($remarks);
  // The viewer pins the published remarks on the drawings.
  useEffect(() => setViewerRemarks({ remarks: remarks.items, place: null, layer: remarkPinLayer }), [remarks]);
  const canWithdraw = useStore($canWithdraw);
  const [confirming, setConfirming] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const lastRoundTitle = useRef<HTMLHeadingElement>(null);

  const canCorrect = statement ? canRequestCorrection(statement) : false;
  const appealSubjects = statement?.appealSubjects ?? [];
  const canAppeal = appealSubjects.length > 0;
  // A sent statement nobody took may show both: the spec's delete, and the regulation's withdrawal.
  const approved = statement?.status === 'approved';
  const actions = (approved || canDelete || canWithdraw || canCorrect || canAppeal) && (
    <>
      {approved && <ApprovalCertificate statement={statement} />}
      {canAppeal && (
        <Button variant="secondary" onClick={() => appealFiling.open(appealSubjects)}>
          {filingTexts.action}
        </Button>
      )}
      {canCorrect && (
        <Button variant="secondary" onClick={correctionRequest.open}>
          {correctionTexts.request}
        </Button>
      )}
      {canWithdraw && (
        <Button
          variant="secondary"
          onClick={() => {
            startWithdrawal();
            setWithdrawing(true);
          }}
        >
          {detailTexts.withdraw}
        </Button>
      )}
      {canDelete && (
        <Button
          variant="secondary"
          className="button--danger-outline"
          busy={deleteState.busy}
          onClick={() => setConfirming(true)}
        >
          {detailTexts.delete}
        </Button>
      )}
    </>
  );
  const header = (
    <StatementHeader
      statement={statement}
      status={status}
      onRetry={() => void retryStatement()}
      view="company"
      lists={COMPANY_LISTS}
      headingId={HEADING_ID}
      actions={actions}
    />
  );
  if (!statement) return header;

  const first = statement.stages[0];
  const examiner = statement.examiner;
  return (
    <>
      {header}
      <div className="detail-blocks">
        <ProjectBlock statement={statement} />
        <DetailBlock title={detailTexts.general} rows={[[detailTexts.applicant, first?.applicant]]}>
          <DetailItem term={detailTexts.created}>
            <time dateTime={statement.dateCreate}>{orDash(formatListDate(statement.dateCreate))}</time>
          </DetailItem>
        </DetailBlock>
        {examiner ? (
          <DetailBlock
            title={detailTexts.examiner}
            rows={[
              [detailTexts.examinerFio, examiner.fio],
              [detailTexts.governmentAgency, examiner.governmentAgency],
            ]}
          >
            <DetailItem term={texts.phone}>
              {examiner.phone ? (
                <a href={`tel:${examiner.phone.replace(/[^\d+]/g, '')}`}>{examiner.phone}</a>
              ) : (
                texts.dash
              )}
            </DetailItem>
            <DetailItem term={texts.email}>
              {examiner.email ? <a href={`mailto:${examiner.email}`}>{examiner.email}</a> : texts.dash}
            </DetailItem>
          </DetailBlock>
        ) : (
          <DetailBlock title={detailTexts.examiner}>
            <p className="text-secondary">{detailTexts.noExaminer(statement.status)}</p>
          </DetailBlock>
        )}
        <CompanyAtSubmission statement={statement} />
      </div>

      <RefusalGroundsBlock grounds={statement.refusalGrounds} />

      <ApprovedSetBlock statementId={statement.id} visibleId={statement.visibleId} set={statement.approvedSet} />

      <CorrectionsBlock corrections={statement.corrections} />

      <AppealsBlock appeals={statement.appeals} />

      <RemarksSection
        statement={statement}
        remarks={remarks}
        files={statement.stages.flatMap((stage) => stage.files)}
      />

      <StatementRounds
        history={statement.history ?? []}
        remarks={remarks.items}
        rounds={rounds}
        view="company"
        repliesLabel={detailTexts.committeeComments}
        lastTitleRef={lastRoundTitle}
        roundActions={(index) =>
          canAddVersion(statement, index, rounds.length) && (
            <Button onClick={openVersionDialog}>{detailTexts.newVersion}</Button>
          )
        }
      />

      <CorrectionRequestDialog
        request={correctionRequest}
        // While the request waits its button is gone: focus goes to the statement's heading.
        fallbackFocus={() => document.getElementById(HEADING_ID)}
      />
      <FileAppealDialog
        filing={appealFiling}
        visibleId={statement.visibleId}
        // With nothing left to appeal its button is gone: focus goes to the statement's heading.
        fallbackFocus={() => document.getElementById(HEADING_ID)}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        question={detailTexts.deleteQuestion}
        onConfirm={deleteStatement}
        danger
      />
      <ConfirmDialog
        open={withdrawing}
        onOpenChange={setWithdrawing}
        title={detailTexts.withdrawTitle}
        question={detailTexts.withdrawQuestion}
        confirmText={detailTexts.withdrawConfirm}
        cancelText={detailTexts.withdrawCancel}
        onConfirm={withdrawStatement}
        danger
        // After the withdrawal its button is gone: focus goes to the statement's heading.
        fallbackFocus={() => document.getElementById(HEADING_ID)}
      >
        <FormField form={withdrawalForm} name="reason" label={detailTexts.withdrawReason} optional rows={3} />
      </ConfirmDialog>
      <StageDialog
        draft={version}
        formId="new-version-form"
        title={detailTexts.versionTitle}
        description={detailTexts.versionIntro}
        commentLabel={detailTexts.versionComment}
        commentRows={3}
        filesLabel={detailTexts.versionFiles}
        filesFirst
        filesError={versionErrors.files}
        submitLabel={detailTexts.versionSubmit}
        send={submitVersion}
        // The button that opened the dialog is gone with the reload: keyboard focus goes to the new round.
        onSent={() => requestAnimationFrame(() => lastRoundTitle.current?.focus())}
      >
        <VersionAnswers />
      </StageDialog>
    </>
  );
}

/** The new version's answers to the open remarks, from this detail's stores. */
function VersionAnswers() {
  const remarks = useStore($answerable);
  const answers = useStore($answers);
  const errors = useStore($answerErrors);
  return <RemarkAnswers remarks={remarks} answers={answers} errors={errors} setAnswer={setAnswer} />;
}
