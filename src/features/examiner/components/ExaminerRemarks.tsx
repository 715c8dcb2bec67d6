import { useEffect, useState } from 'react';
import RemarksSection from '#components/statement/RemarksSection.tsx';
import { statementDetailTexts } from '#components/statement/texts.ts';
import Button from '#components/ui/Button.tsx';
import ConfirmDialog from '#components/ui/ConfirmDialog.tsx';
import Dialog from '#components/ui/Dialog.tsx';
import FormField from '#components/ui/FormField.tsx';
import type { Remark, RemarkSeverity, Statement } from '#domain/contract.ts';
import { severityLabels } from '#lib/remarks.ts';
import { useStore } from '#stores/prerendered.ts';
import { setViewerRemarks } from '#stores/viewer.ts';
import { $canReply, $examinerRemarks } from '../stores/detail.ts';
import {
  $keepOpen,
  $remarkEditor,
  closeKeepOpen,
  closeRemarkEditor,
  deleteRemark,
  editRemark,
  noteForm,
  remarkForm,
  resolveRemark,
  saveRemark,
  startKeepOpen,
  startRemark,
} from '../stores/remarks.ts';
import { remarkTexts } from '../texts.ts';

const SEVERITIES: readonly RemarkSeverity[] = ['required', 'advisory'];

/**
 * The examiner's 'Замечания': the shared section with 'Добавить замечание' (a remark without a pin) and, while the
 * statement is theirs to answer, each draft's 'Изменить' / 'Удалить' and each answered remark's 'Снять' / 'Не снято'.
 */
export default function ExaminerRemarks({ statement }: { statement: Statement }) {
  const remarks = useStore($examinerRemarks);
  const canReply = useStore($canReply);
  const [removing, setRemoving] = useState<Remark | null>(null);

  // The viewer pins these remarks on the drawings; while the statement is the examiner's to answer, a place chosen
  // on a page opens the remark dialog there.
  useEffect(() => {
    setViewerRemarks({
      remarks: remarks.items,
      place: canReply ? (pin, fileName) => startRemark(pin, fileName) : null,
    });
  }, [remarks, canReply]);

  const actions = (remark: Remark) => {
    if (!canReply) return null;
    if (remark.status === 'draft') {
      return (
        <>
          <Button variant="secondary" onClick={() => editRemark(remark)}>
            {remarkTexts.edit}
          </Button>
          <Button variant="secondary" onClick={() => setRemoving(remark)}>
            {remarkTexts.remove}
          </Button>
        </>
      );
    }
    if (remark.status === 'answered') {
      return (
        <>
          <Button onClick={() => void resolveRemark(remark.id, true)}>{remarkTexts.resolve}</Button>
          <Button variant="secondary" onClick={() => startKeepOpen(remark)}>
            {remarkTexts.keepOpen}
          </Button>
        </>
      );
    }
    return null;
  };

  return (
    <>
      <RemarksSection
        statement={statement}
        remarks={remarks}
        files={statement.stages.flatMap((stage) => stage.files)}
        toolbar={
          canReply ? (
            <Button variant="secondary" onClick={() => startRemark()}>
              {remarkTexts.add}
            </Button>
          ) : undefined
        }
        actions={actions}
      />
      <RemarkEditorDialog />
      <KeepOpenDialog />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        question={remarkTexts.removeQuestion}
        danger
        onConfirm={() => (removing ? deleteRemark(removing.id) : undefined)}
      />
    </>
  );
}

/** 'Новое замечание' / 'Черновик замечания': the text, the kind, where it is pinned; 'Сохранить'. */
export function RemarkEditorDialog() {
  const editor = useStore($remarkEditor);
  const values = useStore(remarkForm.$values);
  const status = useStore(remarkForm.$status);
  const pin = editor?.pin;
  return (
    <Dialog
      open={editor !== null}
      onOpenChange={(open) => {
        if (!open) closeRemarkEditor();
      }}
      title={editor?.remarkId ? remarkTexts.draftTitle : remarkTexts.newTitle}
      description={pin && editor?.fileName ? remarkTexts.place(editor.fileName, pin.page) : remarkTexts.noPlace}
      actions={
        <>
          <Button type="submit" form="remark-form" busy={status.busy}>
            {remarkTexts.save}
          </Button>
          <Button variant="secondary" disabled={status.busy} onClick={closeRemarkEditor}>
            {statementDetailTexts.cancel}
          </Button>
        </>
      }
    >
      <form
        id="remark-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          void saveRemark().then((saved) => {
            if (!saved) form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
          });
        }}
      >
        <FormField form={remarkForm} name="text" label={remarkTexts.text} rows={5} maxLength={4000} />
        <fieldset className="choice-group">
          <legend className="choice-group__legend">{remarkTexts.severity}</legend>
          {SEVERITIES.map((severity) => (
            <label key={severity} className="choice">
              <input
                type="radio"
                name="severity"
                value={severity}
                checked={values.severity === severity}
                onChange={() => remarkForm.setValue('severity', severity)}
              />
              {severityLabels[severity]}
            </label>
          ))}
        </fieldset>
      </form>
    </Dialog>
  );
}

/** 'Замечание № n не снято': what is still wrong (required), then 'Сохранить'. */
function KeepOpenDialog() {
  const remark = useStore($keepOpen);
  const status = useStore(noteForm.$status);
  return (
    <Dialog
      open={remark !== null}
      onOpenChange={(open) => {
        if (!open) closeKeepOpen();
      }}
      title={remark ? remarkTexts.keepTitle(remark.number ?? 0) : remarkTexts.keepOpen}
      actions={
        <>
          <Button type="submit" form="keep-open-form" busy={status.busy}>
            {remarkTexts.save}
          </Button>
          <Button variant="secondary" disabled={status.busy} onClick={closeKeepOpen}>
            {statementDetailTexts.cancel}
          </Button>
        </>
      }
    >
      <form
        id="keep-open-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          if (!remark) return;
          void resolveRemark(remark.id, false).then((saved) => {
            if (!saved) form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
          });
        }}
      >
        <FormField form={noteForm} name="note" label={remarkTexts.note} rows={4} maxLength={4000} />
      </form>
    </Dialog>
  );
}
