import { atom, map, type ReadableAtom } from 'nanostores';
import type { Remark, RemarkPin, RemarkSeverity } from '#domain/contract.ts';
import { remarkRefusals, remarkTextTooLong } from '#domain/remarks.ts';
import type { FieldErrors } from '#lib/validators.ts';
import { api } from '#stores/api.ts';
import { createForm } from '#stores/form.ts';
import { computed } from '#stores/prerendered.ts';
import { type SubmitState, submit } from '#stores/submit.ts';
import { remarkEditingTexts } from './editing-texts.ts';
import type { RemarkList } from './remarks.ts';
import { createTemplatePicker } from './templates.ts';

/** The remark being written or edited in its dialog: a new one (with the pin placed on the drawing, if any) or a draft. */
export interface RemarkEditor {
  remarkId: number | null;
  pin: RemarkPin | null;
  /** The pinned document's name, shown in the dialog. */
  fileName: string | null;
}

interface RemarkValues extends Record<string, string> {
  text: string;
  severity: RemarkSeverity;
}

function validateRemark(values: RemarkValues): FieldErrors<RemarkValues> {
  const text = values.text.trim();
  if (!text) return { text: remarkRefusals.blankText };
  if (remarkTextTooLong(text)) return { text: remarkEditingTexts.tooLong };
  return {};
}

interface NoteValues extends Record<string, string> {
  note: string;
}

/** The server's refusal of a field, beside that field. */
function refusal(failure: { body: { field?: string; message: string } | null }): string | null {
  return failure.body?.message ?? null;
}

/** Where the remarks being edited belong: the detail on screen hands them in (its id, its list, its reload). */
export interface RemarkSource {
  /** The statement's id, or null while the page holds none. */
  statementId: () => number | null;
  /** The statement's remarks as the detail shows them. */
  $remarks: ReadableAtom<RemarkList>;
  /** Loads the remarks again after a change. */
  reload: () => Promise<void>;
  /**
   * Set for a reviewing body's member: the conclusion request new remarks are proposed on (the examiner includes or
   * drops them), or null while none is chosen. Without it, remarks are the examiner's drafts.
   */
  proposalOn?: () => number | null;
}

/**
 * The examiner's remark editing over one statement's remarks: the remark dialog ('Новое замечание', 'Черновик
 * замечания'), 'Не снято' with its note, 'Снять', deleting a draft, including or dropping a body's proposal, and how
 * many drafts a rework will publish. A reviewing body's member proposes remarks through the same dialog
 * (`RemarkSource.proposalOn`).
 */
export function createRemarkEditing(source: RemarkSource) {
  const $editor = atom<RemarkEditor | null>(null);
  /** The remark dialog's subject, or null while it is closed. */
  const $remarkEditor: ReadableAtom<RemarkEditor | null> = $editor;

  /** The remark dialog's fields: 'Текст замечания' and 'Обязательное' / 'Рекомендация'. */
  const remarkForm = createForm<RemarkValues>({ text: '', severity: 'required' }, validateRemark, {
    askBeforeLeaving: { when: () => $editor.get() !== null },
  });

  /** 'Из шаблона': a template fills the dialog's text and kind. */
  const templates = createTemplatePicker((template) => {
    remarkForm.setValue('text', template.text);
    remarkForm.setValue('severity', template.severity);
  });

  /** Opens the dialog for a new remark, pinned where the examiner clicked (or without a pin). */
  function startRemark(pin: RemarkPin | null = null, fileName: string | null = null): void {
    remarkForm.reset({ text: '', severity: 'required' });
    templates.close();
    $editor.set({ remarkId: null, pin, fileName });
  }

  /** Opens the dialog on a draft. */
  function editRemark(remark: Remark): void {
    remarkForm.reset({ text: remark.text, severity: remark.severity });
    templates.close();
    $editor.set({ remarkId: remark.id, pin: remark.pin, fileName: remark.fileName });
  }

  function closeRemarkEditor(): void {
    $editor.set(null);
  }

  /** Busy state of 'Сохранить как шаблон'. */
  const $templateSaving = map<SubmitState>({ busy: false, error: null });

  /**
   * 'Сохранить как шаблон': the dialog's text and kind become a template for the statement's work type (every work
   * type when it has none), offered to every examiner; the dialog stays open.
   */
  async function saveAsTemplate(workTypeId: number | null): Promise<boolean> {
    if (!remarkForm.validate()) return false;
    const values = remarkForm.$values.get();
    const body = { text: values.text.trim(), severity: values.severity, workTypeId };
    const result = await submit($templateSaving, () => api.POST('/api/instance/remark-templates', { body }), {
      failureText: remarkEditingTexts.templateSaveFailed,
      describe: refusal,
      successText: remarkEditingTexts.templateSaved,
    });
    return result.ok;
  }

  /** Saves the dialog's remark (a new draft, or the draft edited); the list reloads. */
  async function saveRemark(): Promise<boolean> {
    const editor = $editor.get();
    const statementId = source.statementId();
    if (!editor || statementId === null || !remarkForm.validate()) return false;
    const values = remarkForm.$values.get();
    const body = { text: values.text.trim(), severity: values.severity, pin: editor.pin };
    const proposalOn = source.proposalOn?.() ?? null;
    const result = await submit(
      remarkForm.$status,
      () => {
        if (proposalOn !== null) {
          return api.POST('/api/instance/conclusions/{id}/remarks', { params: { path: { id: proposalOn } }, body });
        }
        return editor.remarkId === null
          ? api.POST('/api/instance/statements/{id}/remarks', { params: { path: { id: statementId } }, body })
          : api.PUT('/api/instance/remarks/{remarkId}', { params: { path: { remarkId: editor.remarkId } }, body });
      },
      {
        failureText: remarkEditingTexts.saveFailed,
        describe: refusal,
        successText: proposalOn === null ? remarkEditingTexts.saved : remarkEditingTexts.proposed,
      },
    );
    if (!result.ok) return false;
    $editor.set(null);
    await source.reload();
    return true;
  }

  /**
   * Deletes a draft (after 'Удалить черновик замечания?'), or drops a body's proposal; a member takes back their
   * body's proposal on the request.
   */
  async function deleteRemark(remarkId: number, proposal = false): Promise<boolean> {
    const proposalOn = source.proposalOn?.() ?? null;
    const result = await submit(
      remarkForm.$status,
      () =>
        proposalOn === null
          ? api.DELETE('/api/instance/remarks/{remarkId}', { params: { path: { remarkId } } })
          : api.DELETE('/api/instance/conclusions/{id}/remarks/{remarkId}', {
              params: { path: { id: proposalOn, remarkId } },
            }),
      {
        failureText: remarkEditingTexts.deleteFailed,
        describe: refusal,
        successText: proposal ? remarkEditingTexts.proposalDropped : remarkEditingTexts.deleted,
      },
    );
    await source.reload();
    return result.ok;
  }

  /** 'Включить в замечания': a body's proposal becomes the examiner's draft, sent with their next rework. */
  async function adoptRemark(remarkId: number): Promise<boolean> {
    const result = await submit(
      remarkForm.$status,
      () => api.POST('/api/instance/remarks/{remarkId}/adoption', { params: { path: { remarkId } } }),
      { failureText: remarkEditingTexts.adoptFailed, describe: refusal, successText: remarkEditingTexts.adopted },
    );
    await source.reload();
    return result.ok;
  }

  /** The answered remark being kept open ('Не снято'), whose note is asked for; null while that dialog is closed. */
  const $keeping = atom<Remark | null>(null);
  const $keepOpen: ReadableAtom<Remark | null> = $keeping;

  /** The 'Не снято' dialog's note. */
  const noteForm = createForm<NoteValues>({ note: '' }, (values) =>
    values.note.trim() ? {} : { note: remarkRefusals.blankNote },
  );

  function startKeepOpen(remark: Remark): void {
    noteForm.reset({ note: '' });
    $keeping.set(remark);
  }

  function closeKeepOpen(): void {
    $keeping.set(null);
  }

  /** 'Снять' (resolved) or 'Не снято' with the dialog's note; the list reloads. */
  async function resolveRemark(remarkId: number, resolved: boolean): Promise<boolean> {
    if (!resolved && !noteForm.validate()) return false;
    const note = resolved ? null : noteForm.$values.get().note.trim();
    const result = await submit(
      noteForm.$status,
      () =>
        api.POST('/api/instance/remarks/{remarkId}/resolution', {
          params: { path: { remarkId } },
          body: { resolved, note },
        }),
      {
        failureText: remarkEditingTexts.resolveFailed,
        describe: refusal,
        successText: resolved ? remarkEditingTexts.resolved : remarkEditingTexts.keptOpen,
      },
    );
    if (result.ok) $keeping.set(null);
    await source.reload();
    return result.ok;
  }

  /** How many drafts the rework will publish (the reply dialog says so). */
  const $draftsToSend = computed(
    source.$remarks,
    (remarks) => remarks.items.filter((remark) => remark.status === 'draft').length,
  );

  return {
    $remarkEditor,
    remarkForm,
    startRemark,
    editRemark,
    closeRemarkEditor,
    saveRemark,
    templates,
    $templateSaving,
    saveAsTemplate,
    deleteRemark,
    adoptRemark,
    $keepOpen,
    noteForm,
    startKeepOpen,
    closeKeepOpen,
    resolveRemark,
    $draftsToSend,
  };
}

/** One statement's remark editing (createRemarkEditing). */
export type RemarkEditing = ReturnType<typeof createRemarkEditing>;
