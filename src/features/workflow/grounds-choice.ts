import { atom, type ReadableAtom } from 'nanostores';
import { computed } from '#stores/prerendered.ts';

/**
 * The grounds a refusal names, ticked in its dialog: the rejection's (refusal to approve) and the refusal to accept
 * share it, each with its own catalogue and its own word for none ticked.
 */
export interface GroundsChoice {
  /** The ticked grounds' ids, in the order they were ticked. */
  $chosen: ReadableAtom<readonly number[]>;
  /** The error after a send attempt without a ground (until one is ticked), or the server's refusal of the field. */
  $error: ReadableAtom<string | null>;
  /** Ticks or unticks a ground. */
  toggle: (id: number) => void;
  /** Nothing ticked, nothing tried: a new dialog. */
  reset: () => void;
  /** Marks a send attempt; true when at least one ground is ticked. */
  check: () => boolean;
  /** Shows the server's word on the grounds (400 naming the field) until the choice changes. */
  refuse: (message: string) => void;
}

/** A choice of grounds whose error, after a send attempt with none ticked, is `requiredText`. */
export function createGroundsChoice(requiredText: string): GroundsChoice {
  const $chosen = atom<readonly number[]>([]);
  const $checked = atom(false);
  const $refusal = atom<string | null>(null);
  const $error = computed([$checked, $chosen, $refusal], (checked, chosen, refusal) => {
    if (checked && chosen.length === 0) return requiredText;
    return refusal;
  });
  return {
    $chosen,
    $error,
    toggle(id) {
      const chosen = $chosen.get();
      $refusal.set(null);
      $chosen.set(chosen.includes(id) ? chosen.filter((ground) => ground !== id) : [...chosen, id]);
    },
    reset() {
      $chosen.set([]);
      $checked.set(false);
      $refusal.set(null);
    },
    check() {
      $checked.set(true);
      return $chosen.get().length > 0;
    },
    refuse(message) {
      $refusal.set(message);
    },
  };
}
