import { atom, type ReadableAtom } from 'nanostores';
import type { ExaminerWorkload } from '#domain/contract.ts';
import { api } from '#stores/api.ts';

/** The examiners to choose from, each with their load (GET /api/instance/team), read afresh at each opening. */
export type ExaminersToChoose =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; examiners: readonly ExaminerWorkload[] };

/** A choice of one examiner in a head's dialog (assigning, an upheld appeal): what ExaminerPicker draws. */
export interface ExaminerChoice {
  $examiners: ReadableAtom<ExaminersToChoose>;
  /** The chosen examiner's id. */
  $chosen: ReadableAtom<number | null>;
  /** 'Выберите эксперта' after a send without a choice, or the server's word on the examiner, until the choice changes. */
  $error: ReadableAtom<string | null>;
  choose: (examinerId: number) => void;
}

/** The stores of an examiner choice and what its dialog does with them. */
export interface ExaminerChoiceStore extends ExaminerChoice {
  /** Reads the examiners again (a dialog opens); a later read wins over an earlier answer. */
  read: () => Promise<void>;
  /** Chooses `examinerId` (or nobody) with no error: a new dialog. */
  reset: (examinerId?: number | null) => void;
  /** Shows the server's word on the examiner (a 400 naming the field) until the choice changes. */
  refuse: (message: string) => void;
  /** The chosen examiner as last read, if any. */
  chosenExaminer: () => ExaminerWorkload | undefined;
}

/** An examiner choice over the team's examiners. */
export function createExaminerChoice(): ExaminerChoiceStore {
  const $examiners = atom<ExaminersToChoose>({ status: 'loading' });
  const $chosen = atom<number | null>(null);
  const $error = atom<string | null>(null);
  let reading = 0;
  return {
    $examiners,
    $chosen,
    $error,
    choose(examinerId) {
      $error.set(null);
      $chosen.set(examinerId);
    },
    async read() {
      const mine = ++reading;
      $examiners.set({ status: 'loading' });
      const { data } = await api.GET('/api/instance/team').catch(() => ({ data: undefined }));
      if (mine !== reading) return;
      $examiners.set(data ? { status: 'ready', examiners: data.examiners } : { status: 'failed' });
    },
    reset(examinerId = null) {
      $chosen.set(examinerId);
      $error.set(null);
    },
    refuse(message) {
      $error.set(message);
    },
    chosenExaminer() {
      const examiners = $examiners.get();
      const id = $chosen.get();
      return examiners.status === 'ready' ? examiners.examiners.find((e) => e.examinerId === id) : undefined;
    },
  };
}
