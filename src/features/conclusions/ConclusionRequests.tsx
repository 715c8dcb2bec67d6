import { useEffect, useId, useState } from 'react';
import { DeadlineMark } from '#components/statement/TermNote.tsx';
import Button from '#components/ui/Button.tsx';
import ConfirmDialog from '#components/ui/ConfirmDialog.tsx';
import { FieldError } from '#components/ui/Field.tsx';
import FileUpload from '#components/ui/FileUpload.tsx';
import FormDialog from '#components/ui/FormDialog.tsx';
import FormField from '#components/ui/FormField.tsx';
import LoadFailed from '#components/ui/LoadFailed.tsx';
import Spinner from '#components/ui/Spinner.tsx';
import { CONCLUSION_STATUS_LABELS, CONCLUSION_VERDICT_LABELS, CONCLUSION_VERDICTS } from '#domain/conclusions.ts';
import type { ConclusionRequest, Remark } from '#domain/contract.ts';
import { orDash } from '#domain/russian.ts';
import { useStore } from '#stores/prerendered.ts';
import { StageFiles } from '../documents/StageFiles.tsx';
import ViewerHost from '../documents/ViewerHost.tsx';
import { setViewerRemarks } from '../documents/viewer.ts';
import { RemarkEditorDialog } from '../remarks/ExaminerRemarks.tsx';
import { remarkPinLayer } from '../remarks/RemarkPins.tsx';
import { RemarkCard } from '../remarks/RemarksSection.tsx';
import { conclusionTermLine } from './rules.ts';
import {
  $remarksRequest,
  $requestRemarks,
  mayPropose,
  proposalEditing,
  showRequestRemarks,
} from './stores/proposals.ts';
import { $conclusionRequests, $requestGroups, conclusionAnswer, reloadConclusionRequests } from './stores/requests.ts';
import { conclusionMoment, conclusionTexts, requestsTexts as texts } from './texts.ts';

const HEADING_ID = 'conclusion-requests-heading';

/**
 * /instance/conclusions, 'Запросы на заключение': the requests sent to the reader's bodies, each with its statement's
 * number, object, address, the question, the term and the round's documents; an answer to an unanswered one.
 */
export default function ConclusionRequests() {
  const state = useStore($conclusionRequests);
  const groups = useStore($requestGroups);
  return (
    <>
      <div className="page-header">
        <h1 id={HEADING_ID} tabIndex={-1}>
          {texts.pageTitle}
        </h1>
      </div>
      <p className="text-secondary">{texts.intro}</p>
      {state.status === 'loading' && <Spinner label={texts.loading} />}
      {state.status === 'error' && (
        <LoadFailed text={texts.loadFailed} retryLabel={texts.retry} onRetry={() => void reloadConclusionRequests()} />
      )}
      {state.status === 'ready' && state.items.length === 0 && <p className="text-secondary">{texts.empty}</p>}
      {groups.open.length > 0 && (
        <section aria-labelledby="conclusions-open">
          <h2 id="conclusions-open" className="conclusion-requests__group">
            {texts.openTitle} ({groups.open.length})
          </h2>
          <ol className="conclusion-requests">
            {groups.open.map((request) => (
              <RequestCard key={request.conclusion.id} request={request} />
            ))}
          </ol>
        </section>
      )}
      {groups.done.length > 0 && (
        <section aria-labelledby="conclusions-done">
          <h2 id="conclusions-done" className="conclusion-requests__group">
            {texts.doneTitle}
          </h2>
          <ol className="conclusion-requests">
            {groups.done.map((request) => (
              <RequestCard key={request.conclusion.id} request={request} />
            ))}
          </ol>
        </section>
      )}
      <ViewerHost />
      <AnswerDialog />
      <ProposalDialogs />
    </>
  );
}

/**
 * The viewer pins the chosen request's remarks; while the member may propose, a place chosen on a page opens the
 * remark dialog there. The dialog, and the question before a proposal is taken back.
 */
function ProposalDialogs() {
  const request = useStore($remarksRequest);
  const remarks = useStore($requestRemarks);
  useEffect(() => {
    setViewerRemarks({
      remarks: remarks.items,
      place: mayPropose(request) ? (pin, fileName) => proposalEditing.startRemark(pin, fileName) : null,
      layer: remarkPinLayer,
    });
  }, [request, remarks]);
  return <RemarkEditorDialog editing={proposalEditing} templates={null} />;
}

/** 'Замечания на чертежах' of the chosen request: the published remarks and the body's proposals, each with its place. */
function RequestRemarks({ request }: { request: ConclusionRequest }) {
  const remarks = useStore($requestRemarks);
  const [removing, setRemoving] = useState<Remark | null>(null);
  const open = mayPropose(request);
  return (
    <section className="conclusion__remarks" aria-label={texts.remarksTitle}>
      <h4 className="conclusion__label">{texts.remarksTitle}</h4>
      {open && <p className="text-secondary">{texts.remarksHint}</p>}
      {remarks.status === 'loading' && <Spinner label={texts.remarksLoading} />}
      {remarks.status === 'error' && <p className="text-secondary">{texts.remarksFailed}</p>}
      {remarks.status === 'ready' && remarks.items.length === 0 && <p className="text-secondary">{texts.noRemarks}</p>}
      {remarks.items.length > 0 && (
        <ol className="remark-list">
          {remarks.items.map((remark) => (
            <li key={remark.id}>
              <RemarkCard
                remark={remark}
                files={request.statement.documents}
                actions={
                  open && remark.status === 'proposed' ? (
                    <Button variant="secondary" onClick={() => setRemoving(remark)}>
                      {texts.removeProposal}
                    </Button>
                  ) : undefined
                }
              />
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(next) => {
          if (!next) setRemoving(null);
        }}
        question={texts.removeProposalQuestion}
        danger
        onConfirm={() => (removing ? proposalEditing.deleteRemark(removing.id, true) : undefined)}
      />
    </section>
  );
}

/** One request: the statement, the body, the question, the term, the documents, the answer or 'Ответить'. */
function RequestCard({ request }: { request: ConclusionRequest }) {
  const { conclusion, statement } = request;
  const headingId = `conclusion-request-${conclusion.id}`;
  const shown = useStore($remarksRequest)?.conclusion.id === conclusion.id;
  return (
    <li className="card conclusion-request" aria-labelledby={headingId} data-testid="conclusion-request">
      <h3 id={headingId}>
        {texts.statement(statement.visibleId)} — {statement.objectName}
      </h3>
      <dl className="details">
        <div className="details__item">
          <dt>{texts.address}</dt>
          <dd>{orDash(statement.address)}</dd>
        </div>
        <div className="details__item">
          <dt>{texts.body}</dt>
          <dd>{conclusion.body.name}</dd>
        </div>
      </dl>
      <p className="conclusion__meta">
        <DeadlineMark line={conclusionTermLine(conclusion)} />
        <span className={`conclusion__status conclusion__status--${conclusion.status}`}>
          {CONCLUSION_STATUS_LABELS[conclusion.status]}
        </span>
      </p>
      <p className="conclusion__text">
        <span className="conclusion__label">{conclusionTexts.question}:</span> {conclusion.question}
      </p>
      <p className="conclusion__when">{conclusionTexts.requestedBy(conclusion.requestedAt, conclusion.requestedBy)}</p>
      <h4 className="conclusion__label">{texts.documents}</h4>
      {/* Opening a document of this request shows (and pins) this request's remarks. */}
      <div onClickCapture={() => showRequestRemarks(request)}>
        <StageFiles files={statement.documents} />
      </div>
      {shown ? (
        <RequestRemarks request={request} />
      ) : (
        <p>
          <Button
            variant="link"
            aria-label={texts.showRemarks(statement.visibleId)}
            onClick={() => showRequestRemarks(request)}
          >
            {texts.remarksTitle}
          </Button>
        </p>
      )}
      {conclusion.status === 'answered' && conclusion.verdict && (
        <div className="conclusion__answer">
          <p className="conclusion__label">
            {conclusionTexts.verdict}:{' '}
            <span className={`conclusion__verdict conclusion__verdict--${conclusion.verdict}`}>
              {CONCLUSION_VERDICT_LABELS[conclusion.verdict]}
            </span>
          </p>
          {conclusion.text && <p className="conclusion__text">{conclusion.text}</p>}
          {conclusion.files.length > 0 && <StageFiles files={conclusion.files} />}
          {conclusion.answeredAt && (
            <p className="conclusion__when">
              {conclusionTexts.answeredBy(conclusion.answeredAt, conclusion.answeredBy)}
            </p>
          )}
        </div>
      )}
      {conclusion.status === 'withdrawn' && (
        <p className="conclusion__text">
          <span className="conclusion__label">{conclusionTexts.withdrawnReason}:</span>{' '}
          {orDash(conclusion.withdrawnReason)}
        </p>
      )}
      {conclusion.status === 'requested' && (
        <div className="conclusion__actions">
          <Button aria-label={texts.answerOf(statement.visibleId)} onClick={() => conclusionAnswer.open(request)}>
            {texts.answer}
          </Button>
        </div>
      )}
    </li>
  );
}

/** The answer: the verdict, its text (required unless 'Согласовано'), files with their signatures. */
function AnswerDialog() {
  const answering = useStore(conclusionAnswer.$answering);
  const status = useStore(conclusionAnswer.form.$status);
  const uploading = useStore(conclusionAnswer.uploads.$uploading);
  return (
    <FormDialog
      open={answering !== null}
      close={conclusionAnswer.close}
      title={answering ? texts.answerTitle(answering.statement.visibleId) : texts.answer}
      description={
        answering
          ? `${answering.conclusion.body.name}, ${conclusionTexts.term(answering.conclusion.dueDate)}. ${conclusionMoment(answering.conclusion.requestedAt)}`
          : undefined
      }
      formId="conclusion-answer-form"
      submitLabel={texts.submit}
      submitDisabled={uploading}
      cancelLabel={conclusionTexts.cancel}
      busy={status.busy}
      send={conclusionAnswer.send}
      fallbackFocus={() => document.getElementById(HEADING_ID)}
    >
      {answering && <p className="conclusion__text">{answering.conclusion.question}</p>}
      <VerdictChoice />
      <FormField
        form={conclusionAnswer.form}
        name="text"
        label={texts.text}
        hint={texts.textHint}
        rows={5}
        touchOnBlur
      />
      <FileUpload list={conclusionAnswer.uploads} label={texts.files} hint={texts.filesHint} />
    </FormDialog>
  );
}

/** The verdict as radios, its error above them. */
function VerdictChoice() {
  const errorId = useId();
  const values = useStore(conclusionAnswer.form.$values);
  const errors = useStore(conclusionAnswer.form.$shownErrors);
  const error = errors.verdict;
  return (
    <fieldset className={error ? 'field field--error grounds-picker' : 'field grounds-picker'}>
      <legend className="field__label">{texts.verdictLegend}</legend>
      {error && <FieldError id={errorId}>{error}</FieldError>}
      {CONCLUSION_VERDICTS.map((verdict) => (
        <label key={verdict} className="grounds-picker__option">
          <input
            type="radio"
            name="conclusion-verdict"
            value={verdict}
            checked={values.verdict === verdict}
            onChange={() => conclusionAnswer.form.setValue('verdict', verdict)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <span>{CONCLUSION_VERDICT_LABELS[verdict]}</span>
        </label>
      ))}
    </fieldset>
  );
}
