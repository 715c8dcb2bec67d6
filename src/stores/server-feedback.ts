import { atom, map, type ReadableAtom } from 'nanostores';
import { computed } from '#stores/prerendered.ts';
import { type FieldErrors, fieldErrorsWith, type ServerProblems, serverProblemsOf } from '../lib/validators.ts';
import type { Form, FormValues } from './form.ts';
import type { ApiFailure } from './submit.ts';

/** What the server said about a form's last save: next to the field it names, or above the form. */
export interface ServerFeedback<V extends FormValues> {
  /** The errors to show by field: the form's own checks first, then the server's about a value still there. */
  $fieldErrors: ReadableAtom<FieldErrors<V>>;
  /** The server's refusal of the last save when it names no field (a 403 for a non-owner), or null. */
  $alert: ReadableAtom<string | null>;
  /** Keeps what the server said about a failed save. */
  remember: (failure: ApiFailure) => void;
  /** Forgets the refusal above the form (a new attempt starts). */
  clearAlert: () => void;
  /** Forgets everything the server said (a new load, a saved form). */
  clear: () => void;
}

/** The server's feedback on saves of `form`, about the fields it names among `fields`. */
export function createServerFeedback<V extends Record<string, string>>(
  form: Form<V>,
  fields: ReadonlyArray<keyof V & string>,
): ServerFeedback<V> {
  const $problems = map<ServerProblems<V>>({});
  const $alert = atom<string | null>(null);
  return {
    $fieldErrors: computed([form.$shownErrors, form.$values, $problems], fieldErrorsWith),
    $alert,
    remember: (failure) => {
      const problems = serverProblemsOf(failure.body, form.$values.get(), fields);
      $problems.set(problems);
      const clientError = failure.status !== null && failure.status < 500;
      $alert.set(Object.keys(problems).length === 0 && clientError ? (failure.body?.message ?? null) : null);
    },
    clearAlert: () => $alert.set(null),
    clear: () => {
      $problems.set({});
      $alert.set(null);
    },
  };
}
