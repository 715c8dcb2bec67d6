import { atom, map, type ReadableAtom } from 'nanostores';
import { isHeadUser } from '#lib/roles.ts';
import type { FieldErrors } from '#lib/validators.ts';
import { createForm, type Form, type FormValues } from '#stores/form.ts';
import { type SaveOutcome, saveForm } from '#stores/form-save.ts';
import { latestRun, loadWhenSignedIn } from '#stores/load.ts';
import { computed } from '#stores/prerendered.ts';
import { createServerFeedback } from '#stores/server-feedback.ts';
import { type CallResult, type SubmitState, submit } from '#stores/submit.ts';
import { showToast } from '#stores/toasts.ts';
import { changedFields, type FieldSpec, fieldsFor, validateFields } from '../lib/fields.ts';
import { adminTexts } from '../texts.ts';

/** One column of a list: its heading and the item's value as text; the first column may carry a tag. */
export interface ListColumn<T> {
  label: string;
  value: (item: T) => string;
  /** A short mark after the value ('руководитель'). */
  tag?: (item: T) => string | null;
  /** Kept on one line (a phone number). */
  nowrap?: boolean;
}

/** A button of a row besides 'Изменить': shown for some items, maybe asked about first, then one call. */
export interface ItemAction<T> {
  /** What the button says. */
  label: string;
  shown: (item: T) => boolean;
  /** The question of the confirmation before the call, or none (the call runs at once). */
  question?: (item: T) => string;
  /** A destructive action: the confirmation's button turns red. */
  danger?: boolean;
  /** The call; its answer is turned into the success toast (`saying`). */
  run: (item: T) => Promise<CallResult<string>>;
  /** What failed, when the server gives no words of its own. */
  failureText: string;
}

/** Everything one administration list differs in, passed in as data: its texts, columns, fields, calls, buttons. */
export interface AdminListSpec<T extends { id: number }, V extends FormValues, B extends object> {
  /** The list's heading, also its table's name. */
  title: string;
  /** The add button, and the add dialog's title. */
  add: string;
  addTitle: string;
  editTitle: string;
  /** A sentence under the add dialog's title. */
  addNote?: string;
  /** A sentence under the edit dialog's title (what the dialog does not change). */
  editNote?: (item: T) => string;
  empty: string;
  /** The heading of the items kept apart (deactivated, retired). */
  apartTitle: string;
  loadFailed: string;
  /** How a person names an item (a row's buttons, the questions). */
  name: (item: T) => string;
  columns: readonly ListColumn<T>[];
  /** Whether the item is kept apart, below the others (deactivated, retired). */
  isApart: (item: T) => boolean;
  /** The dialog's fields, in order. */
  fields: readonly FieldSpec<V>[];
  /** The add dialog's values. */
  blank: V;
  /** The edit dialog's values for an item. */
  valuesOf: (item: T) => V;
  /** The request body of the values: trimmed, empty optional values as null. */
  body: (values: V) => B;
  load: () => Promise<CallResult<T[]>>;
  create: (body: B) => Promise<CallResult<T>>;
  /** The edit: only the fields that changed are sent. */
  update: (item: T, patch: Partial<B>) => Promise<CallResult<T>>;
  created: string;
  createFailed: string;
  actions: readonly ItemAction<T>[];
}

/** A list as the section sees it: loading, failed (said on screen with 'Повторить'), or its items. */
export interface AdminListState<T> {
  status: 'loading' | 'error' | 'ready';
  items: T[];
}

/** The dialog's subject: a new item, or the item being edited; null while it is closed. */
export type AdminEditor<T> = { mode: 'add' } | { mode: 'edit'; item: T } | null;

/** A row's action waiting for its confirmation. */
export interface PendingAction<T> {
  action: ItemAction<T>;
  item: T;
}

/** A call whose answer becomes the toast of its success. */
export async function saying<R>(call: Promise<CallResult<R>>, done: (data: R) => string): Promise<CallResult<string>> {
  const result = await call;
  return result.response.ok ? { ...result, data: done(result.data as R) } : { ...result, data: undefined };
}

/**
 * The stores and actions of one administration list (examiners, a catalogue, the remark templates): the list loaded
 * for the head when first watched, the add/edit dialog's form with the server's word beside its fields, and the rows'
 * actions with their confirmations; a refused action is said above the list.
 */
export function createAdminList<T extends { id: number }, V extends FormValues, B extends object>(
  spec: AdminListSpec<T, V, B>,
) {
  const $state = atom<AdminListState<T>>({ status: 'loading', items: [] });
  const $editorAtom = atom<AdminEditor<T>>(null);
  const $pendingAtom = atom<PendingAction<T> | null>(null);
  const $refusal = atom<string | null>(null);
  const $actionState = map<SubmitState>({ busy: false, error: null });
  const adding = () => $editorAtom.get()?.mode !== 'edit';

  /** The dialog's form: its values, and errors from the fields' own rules. */
  const form: Form<V> = createForm<V>(spec.blank, (values) => validateFields(spec.fields, values, adding()), {
    askBeforeLeaving: { when: () => $editorAtom.get() !== null },
  });
  const feedback = createServerFeedback(
    form,
    spec.fields.map((field) => field.name),
  );

  /** Loads the list (again); a call made meanwhile gets one more load after it. */
  const load = latestRun(async () => {
    const shown = $state.get();
    if (shown.status !== 'ready') $state.set({ status: 'loading', items: shown.items });
    try {
      const { data, response } = await spec.load();
      if (response.ok && Array.isArray(data)) {
        $state.set({ status: 'ready', items: data });
        return;
      }
    } catch {
      // no answer: the same failure as a refusal
    }
    if ($state.get().status !== 'ready') $state.set({ status: 'error', items: [] });
    showToast('error', spec.loadFailed);
  });
  loadWhenSignedIn($state, isHeadUser, () => $state.get().status === 'loading', load);

  function open(editor: Exclude<AdminEditor<T>, null>): void {
    $editorAtom.set(editor);
    feedback.clear();
    form.reset(editor.mode === 'add' ? spec.blank : spec.valuesOf(editor.item));
  }

  /** Saves the dialog: adds the item, or sends what changed of the edited one; the list loads again. */
  async function save(): Promise<SaveOutcome> {
    const editor = $editorAtom.get();
    if (!editor) return 'failed';
    if (editor.mode === 'edit' && form.validate()) {
      const patch = changedFields(spec.body(form.$values.get()), spec.body(spec.valuesOf(editor.item)));
      // Nothing changed: nothing to send, nothing to record in the log.
      if (Object.keys(patch).length === 0) {
        $editorAtom.set(null);
        return 'saved';
      }
    }
    return saveForm(form, {
      send: (values) => {
        const body = spec.body(values);
        return editor.mode === 'add'
          ? spec.create(body)
          : spec.update(editor.item, changedFields(body, spec.body(spec.valuesOf(editor.item))));
      },
      failureText: editor.mode === 'add' ? spec.createFailed : adminTexts.saveFailed,
      feedback,
      saved: async () => {
        $editorAtom.set(null);
        $refusal.set(null);
        showToast('success', editor.mode === 'add' ? spec.created : adminTexts.saved);
        await load();
      },
    });
  }

  async function perform(action: ItemAction<T>, item: T): Promise<boolean> {
    $refusal.set(null);
    const result = await submit($actionState, () => action.run(item), {
      failureText: action.failureText,
      // The server's own words: 'Должен остаться хотя бы один руководитель отдела'.
      describe: (failure) => (failure.status !== null && failure.status < 500 ? failure.body?.message : null),
      failureAs: 'inline',
    });
    if (!result.ok) {
      if (result.text) $refusal.set(result.text);
      await load();
      return false;
    }
    showToast('success', result.data);
    await load();
    return true;
  }

  return {
    spec,
    /** The list: loading, failed, or its items. */
    $list: $state as ReadableAtom<AdminListState<T>>,
    /** The items in use, in the server's order. */
    $current: computed($state, (state) => state.items.filter((item) => !spec.isApart(item))),
    /** The items kept apart (deactivated, retired). */
    $apart: computed($state, (state) => state.items.filter((item) => spec.isApart(item))),
    load,
    /** The dialog's subject, or null while it is closed. */
    $editor: $editorAtom as ReadableAtom<AdminEditor<T>>,
    form,
    /** The errors beside the dialog's fields: the form's own, then the server's about a value still there. */
    $fieldErrors: feedback.$fieldErrors as ReadableAtom<FieldErrors<V>>,
    /** The server's refusal of the last save when it names no field. */
    $saveAlert: feedback.$alert,
    /** The fields the open dialog shows. */
    fieldsShown: () => fieldsFor(spec.fields, adding()),
    startAdd: () => open({ mode: 'add' }),
    startEdit: (item: T) => open({ mode: 'edit', item }),
    /** Closes the dialog (not while saving). */
    closeEditor: () => {
      if (!form.$status.get().busy) $editorAtom.set(null);
    },
    save,
    /** A row's action waiting for its confirmation, or null. */
    $pending: $pendingAtom as ReadableAtom<PendingAction<T> | null>,
    /** The last refused action's words, above the list, until the next action. */
    $refusal: $refusal as ReadableAtom<string | null>,
    $actionState,
    /** A row's button: asks first when the action has a question, else runs it. */
    request: (action: ItemAction<T>, item: T): Promise<boolean> => {
      if (action.question) {
        $pendingAtom.set({ action, item });
        return Promise.resolve(false);
      }
      return perform(action, item);
    },
    /** The confirmation answered yes: runs the pending action. */
    confirm: async (): Promise<boolean> => {
      const pending = $pendingAtom.get();
      if (!pending) return false;
      try {
        return await perform(pending.action, pending.item);
      } finally {
        $pendingAtom.set(null);
      }
    },
    /** The confirmation answered no (or closed). */
    dismiss: () => $pendingAtom.set(null),
  };
}

/** One administration list's stores and actions (createAdminList). */
export type AdminList<T extends { id: number }, V extends FormValues, B extends object> = ReturnType<
  typeof createAdminList<T, V, B>
>;
