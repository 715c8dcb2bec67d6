import { lazy, Suspense, useEffect, useState } from 'react';
import { DetailBlock, DetailItem } from '#components/statement/DetailBlock.tsx';
import Button from '#components/ui/Button.tsx';
import ConfirmDialog from '#components/ui/ConfirmDialog.tsx';
import DropdownMenu from '#components/ui/DropdownMenu.tsx';
import Spinner from '#components/ui/Spinner.tsx';
import type { StageFile } from '#domain/contract.ts';
import { routes } from '#domain/routes.ts';
import { EXAMINER_SIDEBAR_LABELS } from '#domain/statuses.ts';
import { COMPANY_FIELDS } from '#lib/statement.ts';
import { useStore } from '#stores/prerendered.ts';
import { $isHead, $user } from '#stores/session.ts';
import AppealsBlock from '../appeals/AppealsBlock.tsx';
import { decisionTexts } from '../appeals/appeals.ts';
import { registerTexts } from '../appeals/counters.ts';
import { ApprovedSetBlock } from '../approved-sets/ApprovedSetBlock.tsx';
import StampCornerPicker from '../approved-sets/StampCornerPicker.tsx';
import { approvedSubmissionFiles } from '../approved-sets/stamp-corners.ts';
import { ApprovalCertificate, AttachCertificateDialog } from '../certificates/ApprovalCertificate.tsx';
import { canAttachCertificate } from '../certificates/attach-certificate.ts';
import { ConclusionsBlock } from '../conclusions/ConclusionsBlock.tsx';
import DecisionReasons from '../conclusions/DecisionReasons.tsx';
import { conclusionTexts } from '../conclusions/texts.ts';
import CorrectionAnswerDialog from '../corrections/CorrectionAnswerDialog.tsx';
import { CorrectionsBlock } from '../corrections/CorrectionsBlock.tsx';
import { correctionTexts } from '../corrections/texts.ts';
import { RegistryCheck, RegistryCheckDialog } from '../powers-of-attorney/RegistryCheck.tsx';
import ExaminerRemarks from '../remarks/ExaminerRemarks.tsx';
import { remarkEditingTexts } from '../remarks/editing-texts.ts';
import { openRequiredCount } from '../remarks/remarks.ts';
import { SignDecisionButton, SignDecisionDialog } from '../signatures/SignDecision.tsx';
import { canSignAppealAnswer, canSignDecision } from '../signatures/sign-decision.ts';
import { isHandOver } from '../workflow/assigning.ts';
import { REPLY_CHOICES, replyLabel } from '../workflow/examiner-reply.ts';
import StageDialog from '../workflow/StageDialog.tsx';
import { acceptanceRefusalTexts, assigningTexts } from '../workflow/texts.ts';
import CompanyAtSubmission from './components/detail/CompanyAtSubmission.tsx';
import { RefusalGroundsBlock } from './components/detail/RefusalGroundsBlock.tsx';
import StatementHeader from './components/detail/StatementHeader.tsx';
import { ProjectBlock } from './components/detail/StatementParts.tsx';
import StatementRounds from './components/detail/StatementRounds.tsx';
import { statementDetailTexts as texts } from './components/texts.ts';
import type { BackTarget } from './lib/back-link.ts';
import {
  $canAskConclusions,
  $canAssign,
  $canDecideAppeals,
  $canRefuseAcceptance,
  $canReply,
  $certificateBusy,
  $decisionGrounds,
  $decisionWaits,
  $examinerRemarks,
  $examinerRounds,
  $examinerStatement,
  $missingCertificate,
  $replyStatus,
  acceptanceRefusal,
  appealDecision,
  assigning,
  conclusions,
  correctionAnswer,
  decisionReasons,
  missingCertificateNote,
  rejectionGrounds,
  reloadExaminerStatement,
  remarkEditing,
  reply,
  retryExaminerStatement,
  sendReply,
  stampCorners,
  startReply,
} from './stores/examiner-detail.ts';
import { examinerDetailTexts } from './texts/examiner-detail.ts';

const HEADING_ID = 'examiner-statement-heading';

// The grounds of a rejection are their own chunk, loaded when 'Отклонить' is first chosen; the refusal to accept's
// dialog, when a sent statement shows.
const GroundsPicker = lazy(() => import('../workflow/GroundsPicker.tsx'));
const AcceptanceRefusalDialog = lazy(() => import('../workflow/AcceptanceRefusalDialog.tsx'));
// The head's assigning dialog, only for the head; the head's answer to an appeal, when the statement has one.
const AssignDialog = lazy(() => import('../workflow/AssignDialog.tsx'));
const AppealDecisionDialog = lazy(() => import('../appeals/AppealDecisionDialog.tsx'));
// Asking for conclusions and withdrawing a request, for whoever may ask.
const RequestConclusionsDialog = lazy(() => import('../conclusions/RequestConclusionsDialog.tsx'));
const WithdrawConclusionDialog = lazy(() => import('../conclusions/WithdrawConclusionDialog.tsx'));

/**
 * The examiner's lists a statement is opened from, with the sidebar's names; the first, the plain list of every
 * statement, is where a statement opened by a direct link (a mail, a notification, the address bar) leads back to.
 */
const EXAMINER_LISTS: readonly BackTarget[] = [
  { href: routes.examinerAll, label: examinerDetailTexts.backAll },
  { href: routes.examinerNews, label: examinerDetailTexts.back },
  { href: routes.examinerAppeals, label: registerTexts.pageTitle },
  { href: routes.examinerTeam, label: examinerDetailTexts.backTeam },
  { href: routes.examiner(), label: examinerDetailTexts.backMine },
  { href: routes.examiner('all'), label: examinerDetailTexts.backMine },
  ...(Object.keys(EXAMINER_SIDEBAR_LABELS) as Array<keyof typeof EXAMINER_SIDEBAR_LABELS>).map((status) => ({
    href: routes.examiner(status),
    label: EXAMINER_SIDEBAR_LABELS[status],
  })),
];

/** The examiner's statement detail: the card, 'О проекте', 'Заявитель', 'О компании', the rounds, the reply. */
export default function ExaminerStatementDetail() {
  const { statement, status } = useStore($examinerStatement);
  const rounds = useStore($examinerRounds);
  const canReply = useStore($canReply);
  const canRefuseAcceptance = useStore($canRefuseAcceptance);
  const canAssign = useStore($canAssign);
  // The assigning dialog stays once offered, so it closes (and hands focus on) whatever the statement became.
  const [assignOffered, setAssignOffered] = useState(false);
  useEffect(() => {
    if (canAssign) setAssignOffered(true);
  }, [canAssign]);
  // The refusal's dialog stays once offered, so it closes (and hands focus on) after the statement left `sent`.
  const [refusalOffered, setRefusalOffered] = useState(false);
  useEffect(() => {
    if (canRefuseAcceptance) setRefusalOffered(true);
  }, [canRefuseAcceptance]);
  const certificateBusy = useStore($certificateBusy);
  const replyStatus = useStore($replyStatus);
  const missingCertificate = useStore($missingCertificate);
  const remarks = useStore($examinerRemarks);
  const draftsToSend = useStore(remarkEditing.$draftsToSend);
  const [confirmApproval, setConfirmApproval] = useState<number | null>(null);
  const canAnswerCorrections = useStore(correctionAnswer.$canAnswer);
  const canDecideAppeals = useStore($canDecideAppeals);
  const canAskConclusions = useStore($canAskConclusions);
  // The conclusions' dialogs stay once offered, so they close (and hand focus on) whatever the statement became.
  const [conclusionsOffered, setConclusionsOffered] = useState(false);
  useEffect(() => {
    if (canAskConclusions) setConclusionsOffered(true);
  }, [canAskConclusions]);
  const decisionWaits = useStore($decisionWaits);
  const user = useStore($user);
  const isHead = useStore($isHead);

  // A corrected certificate and the approved set's inventory are signed by the examiner of the approval, as its
  // certificate is.
  const signApprovalDocument = (file: StageFile) => {
    const approval = statement?.stages.findLast((stage) => stage.isGovernmentAgency && stage.status === 'approved');
    return statement && approval && canSignDecision(approval, file, user?.id) ? (
      <SignDecisionButton statementId={statement.id} file={file} />
    ) : null;
  };

  const refuse = canRefuseAcceptance && statement && (
    <Button
      variant="secondary"
      className="button--danger-outline"
      onClick={() => acceptanceRefusal.open({ id: statement.id, visibleId: statement.visibleId })}
    >
      {acceptanceRefusalTexts.action}
    </Button>
  );
  const assign = canAssign && statement && (
    <Button
      variant="secondary"
      onClick={() =>
        assigning.open({
          id: statement.id,
          visibleId: statement.visibleId,
          status: statement.status,
          examinerId: statement.examinerId,
        })
      }
    >
      {isHandOver(statement) ? assigningTexts.reassign : assigningTexts.assign}
    </Button>
  );
  const own =
    refuse ||
    (canReply && (
      <>
        <DropdownMenu
          label={examinerDetailTexts.reply}
          items={REPLY_CHOICES.map((choice) => ({
            label: choice.label,
            disabled: certificateBusy,
            onSelect: () => {
              const unresolved = openRequiredCount(remarks.items);
              if (choice.status === 'approved' && unresolved > 0) setConfirmApproval(unresolved);
              else void startReply(choice.status);
            },
          }))}
        />
        {certificateBusy && <Spinner label={examinerDetailTexts.certificateBusy} />}
      </>
    ));
  const certificate = statement?.status === 'approved' && (
    <ApprovalCertificate statement={statement} canAttach={canAttachCertificate(statement, user?.id)} />
  );
  const actions = (certificate || own || assign) && (
    <>
      {certificate}
      {own}
      {assign}
    </>
  );
  const header = (
    <StatementHeader
      statement={statement}
      status={status}
      onRetry={() => void retryExaminerStatement()}
      view="examiner"
      lists={EXAMINER_LISTS}
      headingId={HEADING_ID}
      actions={actions}
    />
  );
  if (!statement) return header;

  const first = statement.stages[0];
  return (
    <>
      {header}
      <div className="detail-blocks">
        <ProjectBlock statement={statement} companyLabel={examinerDetailTexts.company} />
        <DetailBlock
          title={examinerDetailTexts.applicant}
          rows={[
            [examinerDetailTexts.fio, first?.applicant],
            [texts.phone, first?.applicantPhone],
            [examinerDetailTexts.position, first?.applicantPosition],
          ]}
        >
          <DetailItem term={texts.email}>
            {first?.applicantMail ? <a href={`mailto:${first.applicantMail}`}>{first.applicantMail}</a> : texts.dash}
          </DetailItem>
        </DetailBlock>
        <DetailBlock
          title={examinerDetailTexts.aboutCompany}
          rows={COMPANY_FIELDS.map((field) => [texts.companyFields[field], statement[field]] as const)}
        />
        <CompanyAtSubmission statement={statement} />
      </div>

      <RefusalGroundsBlock grounds={statement.refusalGrounds} />

      <ApprovedSetBlock
        statementId={statement.id}
        visibleId={statement.visibleId}
        set={statement.approvedSet}
        inventoryAction={(file) =>
          // An approver deactivated before signing the inventory: a head signs it in their stead.
          statement.approvedSet?.approverGone && isHead && file.signatureFile === null ? (
            <SignDecisionButton statementId={statement.id} file={file} />
          ) : (
            signApprovalDocument(file)
          )
        }
      />

      <CorrectionsBlock
        corrections={statement.corrections}
        fileAction={signApprovalDocument}
        actions={(correction) =>
          canAnswerCorrections && (
            <div className="correction__actions">
              <Button onClick={() => correctionAnswer.open(correction, true)}>{correctionTexts.accept}</Button>
              <Button
                variant="secondary"
                className="button--danger-outline"
                onClick={() => correctionAnswer.open(correction, false)}
              >
                {correctionTexts.decline}
              </Button>
            </div>
          )
        }
      />

      <ConclusionsBlock
        conclusions={statement.conclusions}
        request={
          canAskConclusions && (
            <Button variant="secondary" onClick={conclusions.request.open}>
              {conclusionTexts.request}
            </Button>
          )
        }
        actions={(conclusion) =>
          canAskConclusions && (
            <div className="conclusion__actions">
              <Button
                variant="secondary"
                className="button--danger-outline"
                aria-label={conclusionTexts.withdrawOf(conclusion.body.name)}
                onClick={() => conclusions.withdrawal.open(conclusion)}
              >
                {conclusionTexts.withdraw}
              </Button>
            </div>
          )
        }
      />

      <AppealsBlock
        appeals={statement.appeals}
        letterAction={(appeal, file) =>
          canSignAppealAnswer(appeal, user?.id) ? <SignDecisionButton statementId={statement.id} file={file} /> : null
        }
        actions={(appeal) =>
          canDecideAppeals && (
            <div className="appeal__actions">
              <Button
                onClick={() =>
                  appealDecision.open({ appeal, visibleId: statement.visibleId, examinerId: statement.examinerId })
                }
              >
                {decisionTexts.action}
              </Button>
            </div>
          )
        }
      />

      <ExaminerRemarks statement={statement} remarks={remarks} canReply={canReply} editing={remarkEditing} />

      <StatementRounds
        history={statement.history ?? []}
        remarks={remarks.items}
        rounds={rounds}
        view="examiner"
        repliesLabel={examinerDetailTexts.committeeComments}
        approvedMark={statement.status === 'approved' ? examinerDetailTexts.approvedRound : null}
        replyFileAction={(stage, file) =>
          canSignDecision(stage, file, user?.id) ? <SignDecisionButton statementId={statement.id} file={file} /> : null
        }
        submissionFileAction={(file) =>
          file.signature?.status === 'valid' && file.signature.powerOfAttorney ? (
            <RegistryCheck power={file.signature.powerOfAttorney} />
          ) : null
        }
      />
      <RegistryCheckDialog onRecorded={() => reloadExaminerStatement()} />
      <SignDecisionDialog onSigned={() => reloadExaminerStatement()} />
      <AttachCertificateDialog
        onAttached={() => reloadExaminerStatement()}
        // After the attachment its button is gone; focus goes to the statement's heading.
        fallbackFocus={() => document.getElementById(HEADING_ID)}
      />

      <StageDialog
        draft={reply}
        formId="reply-form"
        title={replyStatus ? examinerDetailTexts.replyTitle(replyLabel(replyStatus)) : examinerDetailTexts.reply}
        description={replyStatus ? examinerDetailTexts.replyIntro[replyStatus] : undefined}
        commentLabel={examinerDetailTexts.replyComment}
        commentRows={4}
        filesLabel={examinerDetailTexts.replyFiles}
        submitLabel={examinerDetailTexts.replySubmit}
        blockWhileUploading
        sendBlocked={missingCertificate !== null || decisionWaits}
        send={sendReply}
        // After an answer the menu that opened the dialog is gone; focus goes to the statement's heading.
        fallbackFocus={() => document.getElementById(HEADING_ID)}
      >
        {replyStatus === 'has_comments' && (
          <p className="dialog__note">
            {draftsToSend > 0 ? remarkEditingTexts.toSend(draftsToSend) : remarkEditingTexts.noneToSend}
          </p>
        )}
        <DecisionReasons reasons={decisionReasons} />
        {replyStatus === 'approved' && (
          <StampCornerPicker files={approvedSubmissionFiles(statement)} corners={stampCorners} />
        )}
        {replyStatus === 'rejected' && <RejectionGrounds />}
        {missingCertificate !== null && <p className="dialog__note">{missingCertificateNote(missingCertificate)}</p>}
      </StageDialog>
      {refusalOffered && (
        <Suspense fallback={null}>
          <AcceptanceRefusalDialog
            refusal={acceptanceRefusal}
            // After the refusal the button is gone; focus goes to the statement's heading.
            fallbackFocus={() => document.getElementById(HEADING_ID)}
          />
        </Suspense>
      )}
      {assignOffered && (
        <Suspense fallback={null}>
          <AssignDialog assigning={assigning} fallbackFocus={() => document.getElementById(HEADING_ID)} />
        </Suspense>
      )}
      {canDecideAppeals && statement.appeals.length > 0 && (
        <Suspense fallback={null}>
          <AppealDecisionDialog
            decision={appealDecision}
            // After the answer its button is gone; focus goes to the statement's heading.
            fallbackFocus={() => document.getElementById(HEADING_ID)}
          />
        </Suspense>
      )}
      {conclusionsOffered && (
        <Suspense fallback={null}>
          <RequestConclusionsDialog
            conclusions={conclusions}
            fallbackFocus={() => document.getElementById(HEADING_ID)}
          />
          <WithdrawConclusionDialog
            conclusions={conclusions}
            // After the withdrawal its button is gone; focus goes to the statement's heading.
            fallbackFocus={() => document.getElementById(HEADING_ID)}
          />
        </Suspense>
      )}
      <CorrectionAnswerDialog
        answer={correctionAnswer}
        // After the answer its buttons are gone; focus goes to the statement's heading.
        fallbackFocus={() => document.getElementById(HEADING_ID)}
      />
      <ConfirmDialog
        open={confirmApproval !== null}
        onOpenChange={(open) => {
          if (!open) setConfirmApproval(null);
        }}
        question={remarkEditingTexts.approveQuestion(confirmApproval ?? 0)}
        onConfirm={() => startReply('approved')}
        fallbackFocus={() => document.getElementById(HEADING_ID)}
      />
    </>
  );
}

/** The rejection's grounds in the reply dialog: the catalogue loads when a rejection is first written. */
function RejectionGrounds() {
  return (
    <Suspense fallback={<p className="field__hint">{examinerDetailTexts.groundsLoading}</p>}>
      <GroundsPicker
        legend={examinerDetailTexts.groundsLegend}
        catalog={$decisionGrounds}
        loadingText={examinerDetailTexts.groundsLoading}
        choice={rejectionGrounds}
      />
    </Suspense>
  );
}
