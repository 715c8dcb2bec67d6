import { atom, type ReadableAtom } from 'nanostores';
import type { Appeal } from '#domain/contract.ts';
import type { FieldErrors } from '#lib/validators.ts';
import { api } from '#stores/api.ts';
import { createForm, type Form } from '#stores/form.ts';
import { computed } from '#stores/prerendered.ts';
import { createServerFeedback } from '#stores/server-feedback.ts';
import { submit } from '#stores/submit.ts';
import { endDialog } from '../../workflow/dialog-end.ts';
import { createExaminerChoice, type ExaminerChoiceStore } from '../../workflow/examiner-choice.ts';
import { asksExaminer, type DecisionValues, validateDecision } from '../lib/appeal-rules.ts';
import { decisionTexts as texts } from '../texts.ts';

/** The appeal the head answers, with the statement it is about. */
export interface DecisionTarget {
  appeal: Appeal;
  visibleId: number;
  /** The statement's examiner now (who decided the refusal): chosen first to review again. */
  examinerId: number | null;
}

/** What the examiner's detail gives its 'Рассмотреть жалобу'. */
export interface AppealDecisionScreen {
  /** After the answer, or a 409 (answered meanwhile): read the statement again. */
  reload: () => unknown;
}

/** The head's 'Рассмотреть жалобу' on one detail: the outcome, the answer, the examiner, and the sending. */
export interface AppealDecision {
  /** The appeal whose dialog is open, or null while it is closed. */
  $target: ReadableAtom<DecisionTarget | null>;
  /** 'Удовлетворить' or 'Отказать в удовлетворении', and the answer; asks before leaving once typed in. */
  form: Form<DecisionValues>;
  /** The errors beside the fields: the dialog's own checks, then the server's on a value still there. */
  $fieldErrors: ReadableAtom<FieldErrors<DecisionValues>>;
  /** True when the chosen outcome cancels a refusal: the examiner who reviews again is asked for. */
  $asksExaminer: ReadableAtom<boolean>;
  /** Who reviews the statement again (the team's examiners with their load). */
  examiners: ExaminerChoiceStore;
  /** Opens the dialog for an appeal: no outcome, no answer, the statement's examiner chosen. */
  open: (target: DecisionTarget) => void;
  /** Closes the dialog without sending (ignored while sending). */
  close: () => void;
  /**
   * Sends the answer (POST /api/instance/appeals/{id}/decision); true when it went through. A 400 shows beside the
   * field it names; a 409 (answered meanwhile) closes the dialog and reads the statement again. After the answer the
   * detail is read again, still busy, and shows the new status and the answer letter.
   */
  send: () => Promise<boolean>;
}

/** The 'Рассмотреть жалобу' of the examiner's detail (the head only). */
export function createAppealDecision(screen: AppealDecisionScreen): AppealDecision {
  const $target = atom<DecisionTarget | null>(null);
  const form = createForm<DecisionValues>({ outcome: '', text: '' }, validateDecision, {
    askBeforeLeaving: { when: () => $target.get() !== null },
  });
  const feedback = createServerFeedback(form, ['text']);
  const examiners = createExaminerChoice();
  const $asksExaminer = computed([$target, form.$values], (target, values) =>
    target ? asksExaminer(target.appeal.subject, values.outcome) : false,
  );

  async function send(): Promise<boolean> {
    const target = $target.get();
    if (!target) return false;
    feedback.clear();
    const valid = form.validate();
    const withExaminer = $asksExaminer.get();
    const examinerId = examiners.$chosen.get();
    if (withExaminer && examinerId === null) {
      examiners.refuse(texts.examinerRequired);
      return false;
    }
    if (!valid) return false;
    const values = form.$values.get();
    const upheld = values.outcome === 'upheld';
    const body = { upheld, text: values.text.trim(), ...(withExaminer ? { examinerId } : {}) };
    const result = await submit(
      form.$status,
      () => api.POST('/api/instance/appeals/{id}/decision', { params: { path: { id: target.appeal.id } }, body }),
      {
        failureText: texts.failed,
        // The server's own word: 'На эту жалобу уже ответили. Обновите страницу.', 'Такого эксперта нет'.
        describe: (failure) => failure.body?.message,
        successText: upheld ? texts.upheld : texts.dismissed,
      },
    );
    if (!result.ok) {
      feedback.remember(result.failure);
      if (result.failure.body?.field === 'examinerId') examiners.refuse(result.text);
    } else {
      form.reset();
    }
    return endDialog(result, { $status: form.$status, close: () => $target.set(null), reload: screen.reload });
  }

  return {
    $target,
    form,
    $fieldErrors: feedback.$fieldErrors,
    $asksExaminer,
    examiners,
    open(target) {
      form.reset();
      feedback.clear();
      examiners.reset(target.examinerId);
      $target.set(target);
      void examiners.read();
    },
    close() {
      if (!form.$status.get().busy) $target.set(null);
    },
    send,
  };
}
