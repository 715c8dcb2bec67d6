import { type ReactNode, useEffect, useState } from 'react';
import Button from '#components/ui/Button.tsx';
import ConfirmDialog from '#components/ui/ConfirmDialog.tsx';
import Dialog from '#components/ui/Dialog.tsx';
import FormField from '#components/ui/FormField.tsx';
import type { Remark, RemarkSeverity, Statement } from '#domain/contract.ts';
import { useStore } from '#stores/prerendered.ts';
import { setViewerRemarks } from '../documents/viewer.ts';
import type { RemarkEditing } from './editing.ts';
import { remarkEditingTexts } from './editing-texts.ts';
import { remarkPinLayer } from './RemarkPins.tsx';
import RemarksSection from './RemarksSection.tsx';
import type { RemarkList } from './remarks.ts';
import { severityLabels } from './remarks.ts';
import TemplatePicker from './TemplatePicker.tsx';

const SEVERITIES: readonly RemarkSeverity[] = ['required', 'advisory'];

/**
 * The examiner's 'Замечания': the shared section with 'Добавить замечание' (a remark without a pin) and, while the
 * statement is theirs to answer, each draft's 'Изменить' / 'Удалить' and each answered remark's 'Снять' / 'Не снято'.
 */
export default function ExaminerRemarks({
  statement,
  remarks,
  canReply,
  editing,
}: {
  statement: Statement;
  remarks: RemarkList;
  /** Whether the statement is this examiner's to answer now (only then are remarks added, edited or resolved). */
  canReply: boolean;
  editing: RemarkEditing;
}) {
  const { startRemark, editRemark, resolveRemark, startKeepOpen, deleteRemark, adoptRemark } = editing;
  const [removing, setRemoving] = useState<Remark | null>(null);

  // The viewer pins these remarks on the drawings; while the statement is the examiner's to answer, a place chosen
  // on a page opens the remark dialog there.
  useEffect(() => {
    setViewerRemarks({
      remarks: remarks.items,
      place: canReply ? (pin, fileName) => startRemark(pin, fileName) : null,
      layer: remarkPinLayer,
    });
  }, [remarks, canReply, startRemark]);

  const actions = (remark: Remark) => {
    if (!canReply) return null;
    if (remark.status === 'proposed') {
      return (
        <>
          <Button onClick={() => void adoptRemark(remark.id)}>{remarkEditingTexts.adopt}</Button>
          <Button variant="secondary" onClick={() => setRemoving(remark)}>
            {remarkEditingTexts.reject}
          </Button>
        </>
      );
    }
    if (remark.status === 'draft') {
      return (
        <>
          <Button variant="secondary" onClick={() => editRemark(remark)}>
            {remarkEditingTexts.edit}
          </Button>
          <Button variant="secondary" onClick={() => setRemoving(remark)}>
            {remarkEditingTexts.remove}
          </Button>
        </>
      );
    }
    if (remark.status === 'answered') {
      return (
        <>
          <Button onClick={() => void resolveRemark(remark.id, true)}>{remarkEditingTexts.resolve}</Button>
          <Button variant="secondary" onClick={() => startKeepOpen(remark)}>
            {remarkEditingTexts.keepOpen}
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
              {remarkEditingTexts.add}
            </Button>
          ) : undefined
        }
        actions={actions}
      />
      <RemarkEditorDialog editing={editing} templates={{ workTypeId: statement.catalogWorkTypeId }} />
      <KeepOpenDialog editing={editing} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        question={
          removing?.status === 'proposed' ? remarkEditingTexts.rejectQuestion : remarkEditingTexts.removeQuestion
        }
        danger
        onConfirm={() => (removing ? deleteRemark(removing.id, removing.status === 'proposed') : undefined)}
      />
    </>
  );
}

/** One of the examiner's remark dialogs: a form with 'Сохранить' and 'Отмена'; a refused save focuses the first wrong field. */
function RemarkFormDialog({
  open,
  close,
  title,
  description,
  formId,
  busy,
  save,
  children,
}: {
  open: boolean;
  close: () => void;
  title: string;
  description?: string;
  formId: string;
  busy: boolean;
  /** Saves the form: true when saved (the dialog closes itself through its store). */
  save: () => Promise<boolean> | undefined;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title={title}
      description={description}
      actions={
        <>
          <Button type="submit" form={formId} busy={busy}>
            {remarkEditingTexts.save}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={close}>
            {remarkEditingTexts.cancel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          void save()?.then((saved) => {
            if (!saved) form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
          });
        }}
      >
        {children}
      </form>
    </Dialog>
  );
}

/**
 * 'Новое замечание' / 'Черновик замечания': 'Из шаблона' and 'Сохранить как шаблон', the text, the kind, where it is
 * pinned; 'Сохранить'.
 */
export function RemarkEditorDialog({
  editing,
  templates: withTemplates,
}: {
  editing: RemarkEditing;
  /** The statement's work type, for the examiner's templates; null: no templates (a reviewing body's member). */
  templates: { workTypeId: number | null } | null;
}) {
  const { $remarkEditor, remarkForm, closeRemarkEditor, saveRemark, templates, saveAsTemplate } = editing;
  const editor = useStore($remarkEditor);
  const values = useStore(remarkForm.$values);
  const status = useStore(remarkForm.$status);
  const templateSaving = useStore(editing.$templateSaving);
  const pin = editor?.pin;
  return (
    <RemarkFormDialog
      open={editor !== null}
      close={closeRemarkEditor}
      title={editor?.remarkId ? remarkEditingTexts.draftTitle : remarkEditingTexts.newTitle}
      description={
        pin && editor?.fileName ? remarkEditingTexts.place(editor.fileName, pin.page) : remarkEditingTexts.noPlace
      }
      formId="remark-form"
      busy={status.busy}
      save={saveRemark}
    >
      {withTemplates && (
        <div className="remark-template-actions">
          <TemplatePicker
            picker={templates}
            workTypeId={withTemplates.workTypeId}
            chosen={() => document.querySelector<HTMLElement>('#remark-form textarea[name="text"]')?.focus()}
          />
          <Button
            variant="secondary"
            busy={templateSaving.busy}
            onClick={() => void saveAsTemplate(withTemplates.workTypeId)}
          >
            {remarkEditingTexts.saveAsTemplate}
          </Button>
        </div>
      )}
      <FormField form={remarkForm} name="text" label={remarkEditingTexts.text} rows={5} maxLength={4000} />
      <fieldset className="choice-group">
        <legend className="choice-group__legend">{remarkEditingTexts.severity}</legend>
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
    </RemarkFormDialog>
  );
}

/** 'Замечание № n не снято': what is still wrong (required), then 'Сохранить'. */
function KeepOpenDialog({ editing }: { editing: RemarkEditing }) {
  const { $keepOpen, noteForm, closeKeepOpen, resolveRemark } = editing;
  const remark = useStore($keepOpen);
  const status = useStore(noteForm.$status);
  return (
    <RemarkFormDialog
      open={remark !== null}
      close={closeKeepOpen}
      title={remark ? remarkEditingTexts.keepTitle(remark.number ?? 0) : remarkEditingTexts.keepOpen}
      formId="keep-open-form"
      busy={status.busy}
      save={() => (remark ? resolveRemark(remark.id, false) : undefined)}
    >
      <FormField form={noteForm} name="note" label={remarkEditingTexts.note} rows={4} maxLength={4000} />
    </RemarkFormDialog>
  );
}
