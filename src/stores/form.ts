import { atom, type MapStore, map, type ReadableAtom } from 'nanostores';
import { computed } from '#stores/prerendered.ts';
import type { FieldErrors } from '../lib/validators.ts';
import { guardLeaving } from './leave-guard.ts';
import type { SubmitState } from './submit.ts';

/** Text values of a form, by field name. */
export type FormValues = Record<string, string>;

/** A form's stores and actions: values, touched fields, errors from a pure validator, and the submit state. */
export interface Form<V extends FormValues> {
  /** Current values. */
  $values: ReadableAtom<V>;
  /** Every error the validator finds now, shown or not. */
  $errors: ReadableAtom<FieldErrors<V>>;
  /** The errors to show: a field's after it was left (blur) or after a submit attempt. */
  $shownErrors: ReadableAtom<FieldErrors<V>>;
  /** True while the values differ from the last reset (the initial values, or what the server answered). */
  $dirty: ReadableAtom<boolean>;
  /** Busy flag and the last failure text, for `submit` from stores/submit.ts. */
  $status: MapStore<SubmitState>;
  /** Sets one field's value. */
  setValue<K extends keyof V & string>(name: K, value: string): void;
  /** Marks a field as left, so its error shows. */
  touch(name: keyof V & string): void;
  /** Marks a submit attempt (every error shows); true when the values are valid. */
  validate(): boolean;
  /** Back to `values` (default: the initial ones), nothing touched, nothing failed. */
  reset(values?: V): void;
}

/** How a form behaves beyond its values. */
export interface FormOptions {
  /**
   * The browser asks before leaving the page while the form is changed and not saved (stores/leave-guard.ts); also
   * `when` holds (a dialog's form: only while its dialog is open).
   */
  askBeforeLeaving?: boolean | { when: () => boolean };
}

/**
 * Creates the stores of one form. Errors are `computed` from `validator`, a pure function in src/lib/validators.ts
 * that holds the product's texts; the component renders `$shownErrors` through components/ui/Field.
 */
export function createForm<V extends FormValues>(
  initial: V,
  validator: (values: V) => FieldErrors<V>,
  options: FormOptions = {},
): Form<V> {
  const $values = map<V>({ ...initial });
  const $baseline = atom<V>({ ...initial });
  const $dirty = computed([$values, $baseline], (values, baseline) =>
    Object.keys({ ...values, ...baseline }).some((name) => (values[name] ?? '') !== (baseline[name] ?? '')),
  );
  const ask = options.askBeforeLeaving;
  if (ask) guardLeaving(() => $dirty.get() && (ask === true || ask.when()));
  const $touched = map<Partial<Record<keyof V, true>>>({});
  const $submitted = atom(false);
  const $errors = computed($values, (values) => validator(values));
  const $shownErrors = computed([$errors, $touched, $submitted], (errors, touched, submitted) => {
    if (submitted) return errors;
    const shown: FieldErrors<V> = {};
    for (const name of Object.keys(errors) as Array<keyof V>) {
      if (touched[name]) shown[name] = errors[name];
    }
    return shown;
  });
  const $status = map<SubmitState>({ busy: false, error: null });

  return {
    $values,
    $errors,
    $shownErrors,
    $dirty,
    $status,
    setValue(name, value) {
      $values.set({ ...$values.get(), [name]: value });
    },
    touch(name) {
      $touched.set({ ...$touched.get(), [name]: true });
    },
    validate() {
      $submitted.set(true);
      return Object.keys($errors.get()).length === 0;
    },
    reset(values = initial) {
      $values.set({ ...values });
      $baseline.set({ ...values });
      $touched.set({});
      $submitted.set(false);
      $status.set({ busy: false, error: null });
    },
  };
}
