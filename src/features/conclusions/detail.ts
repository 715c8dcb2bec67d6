import { atom, type ReadableAtom } from 'nanostores';
import { awaitedConclusionsText, CONCLUSION_TEXTS } from '#domain/conclusions.ts';
import type { Conclusion, ReviewBodySummary, Statement, User } from '#domain/contract.ts';
import { isExaminer, isHeadUser, type UserRoles } from '#lib/roles.ts';
import { api } from '#stores/api.ts';
import { type Catalog, createCatalog } from '#stores/catalog.ts';
import { createForm, type Form } from '#stores/form.ts';
import { computed } from '#stores/prerendered.ts';
import { type ApiFailure, submit } from '#stores/submit.ts';
import { endDialog } from '../workflow/dialog-end.ts';
import {
  type ConclusionsRequestValues,
  type DecisionNeeds,
  type DecisionReasons,
  disagreeingBodies,
  parseDueDays,
  silentBodies,
  validateConclusionsRequest,
  validateDecisionReasons,
} from './rules.ts';
import { conclusionTexts } from './texts.ts';

/** What the examiner's detail gives its conclusions: the statement it shows, and how it reads it again. */
export interface ConclusionsScreen {
  $statement: ReadableAtom<Statement | null>;
  reload: () => unknown;
}

/** True when `user` leads the statement or heads the committee, while it is under review: they ask and withdraw. */
export function mayAskConclusions(
  statement: Pick<Statement, 'status' | 'examinerId'> | null,
  user: (UserRoles & { id: number }) | null,
): boolean {
  if (!statement || !user || !isExaminer(user) || statement.status !== 'under_review') return false;
  return statement.examinerId === user.id || isHeadUser(user);
}

/** The active bodies a request may go to (GET /api/instance/review-bodies), loaded when the dialog first shows. */
export const $activeBodies: ReadableAtom<Catalog<ReviewBodySummary>> = createCatalog(
  () => api.GET('/api/instance/review-bodies'),
  conclusionTexts.bodiesFailed,
  isExaminer,
);

/**
 * The conclusions on one examiner's detail: 'Запросить заключения' (the bodies ticked, the question, the term),
 * 'Отозвать запрос' (the reason), and what a decision must explain while they are awaited or refused.
 */
export function createConclusions(screen: ConclusionsScreen) {
  // ——— 'Запросить заключения' ———
  const $requestOpen = atom(false);
  const requestForm: Form<ConclusionsRequestValues> = createForm(
    { question: '', dueDays: '' },
    validateConclusionsRequest,
    { askBeforeLeaving: { when: () => $requestOpen.get() } },
  );
  const $chosen = atom<readonly number[]>([]);
  const $bodiesTried = atom(false);
  const $bodiesRefusal = atom<string | null>(null);
  const $bodiesError = computed([$bodiesTried, $chosen, $bodiesRefusal], (tried, chosen, refusal) =>
    tried && chosen.length === 0 ? CONCLUSION_TEXTS.bodyRequired : refusal,
  );

  async function sendRequest(): Promise<boolean> {
    const statement = screen.$statement.get();
    if (!statement) return false;
    $bodiesTried.set(true);
    const valid = requestForm.validate();
    if ($chosen.get().length === 0 || !valid) return false;
    const values = requestForm.$values.get();
    const body = {
      bodyIds: [...$chosen.get()],
      question: values.question.trim(),
      dueDays: parseDueDays(values.dueDays),
    };
    const result = await submit(
      requestForm.$status,
      () => api.POST('/api/instance/statements/{id}/conclusions', { params: { path: { id: statement.id } }, body }),
      {
        failureText: conclusionTexts.requestFailed,
        describe: (failure) => failure.body?.message,
        successText: conclusionTexts.requested(body.bodyIds.length),
      },
    );
    return endDialog(result, {
      $status: requestForm.$status,
      close: () => $requestOpen.set(false),
      reload: screen.reload,
      refusedField: { name: 'bodyIds', show: (text) => $bodiesRefusal.set(text) },
    });
  }

  // ——— 'Отозвать запрос' ———
  const $withdrawing = atom<Conclusion | null>(null);
  const withdrawForm: Form<{ reason: string }> = createForm({ reason: '' }, (values) =>
    values.reason.trim() === '' ? { reason: CONCLUSION_TEXTS.reasonRequired } : {},
  );

  async function sendWithdrawal(): Promise<boolean> {
    const conclusion = $withdrawing.get();
    if (!conclusion || !withdrawForm.validate()) return false;
    const result = await submit(
      withdrawForm.$status,
      () =>
        api.POST('/api/instance/conclusions/{id}/withdraw', {
          params: { path: { id: conclusion.id } },
          body: { reason: withdrawForm.$values.get().reason.trim() },
        }),
      {
        failureText: conclusionTexts.withdrawFailed,
        describe: (failure) => failure.body?.message,
        successText: conclusionTexts.withdrawn,
      },
    );
    return endDialog(result, {
      $status: withdrawForm.$status,
      close: () => $withdrawing.set(null),
      reload: screen.reload,
    });
  }

  return {
    request: {
      /** True while the dialog is open. */
      $open: $requestOpen as ReadableAtom<boolean>,
      /** The question (required) and the term in working days (optional: each body's own otherwise). */
      form: requestForm,
      /** The ticked bodies' ids, in the order they were ticked. */
      $chosen,
      /** 'Выберите хотя бы одно подразделение или орган' after a send without any, or the server's word on them. */
      $bodiesError,
      /** Ticks or unticks a body. */
      toggle(id: number) {
        const chosen = $chosen.get();
        $bodiesRefusal.set(null);
        $chosen.set(chosen.includes(id) ? chosen.filter((other) => other !== id) : [...chosen, id]);
      },
      /** Opens an empty request. */
      open() {
        requestForm.reset();
        $chosen.set([]);
        $bodiesTried.set(false);
        $bodiesRefusal.set(null);
        $requestOpen.set(true);
      },
      /** Closes without sending (ignored while sending). */
      close() {
        if (!requestForm.$status.get().busy) $requestOpen.set(false);
      },
      /**
       * Sends the requests (POST /api/instance/statements/{id}/conclusions), then reads the statement again under
       * the busy dialog and closes it. True when it went through.
       */
      send: sendRequest,
    },
    withdrawal: {
      /** The request being withdrawn, or null while the dialog is closed. */
      $withdrawing: $withdrawing as ReadableAtom<Conclusion | null>,
      /** The reason, required. */
      form: withdrawForm,
      /** Opens the dialog for an unanswered request. */
      open(conclusion: Conclusion) {
        withdrawForm.reset();
        $withdrawing.set(conclusion);
      },
      /** Closes without sending (ignored while sending). */
      close() {
        if (!withdrawForm.$status.get().busy) $withdrawing.set(null);
      },
      /** Withdraws it (POST /api/instance/conclusions/{id}/withdraw), then reads the statement again. */
      send: sendWithdrawal,
    },
  };
}

/** The reasons a decision gives about the conclusions, in the reply dialog. */
export interface DecisionReasonsStore {
  /** What the decision being written must explain; nothing for a rework or while no decision is written. */
  $needs: ReadableAtom<DecisionNeeds>;
  /** The head's reason to decide before all conclusions are in, and the reason to approve over a refusal. */
  form: Form<DecisionReasons>;
  /** The server's refusal of the last send about the conclusions (409 'Ожидаются заключения: …'), or null. */
  $refusal: ReadableAtom<string | null>;
  /** Empties the reasons (a new dialog). */
  reset: () => void;
  /** Marks a send attempt; true when every reason needed is given. */
  check: () => boolean;
  /** What the decision sends: the reasons it needs, trimmed. */
  body: () => { overrideReason?: string; disagreementReason?: string };
  /** The server's text for a failure about the conclusions (a 409, a 400 naming a reason), else null. */
  describe: (failure: ApiFailure) => string | null;
  /** Keeps the server's refusal of a send, to show in the dialog. */
  refused: (failure: ApiFailure, text: string) => void;
}

const NO_NEEDS: DecisionNeeds = { silent: [], override: false, disagreeing: [] };
const REASON_FIELDS = new Set(['overrideReason', 'disagreementReason']);
/** How the server's 409 about silent bodies begins (other 409s keep the reply's own failure text). */
const AWAITED = awaitedConclusionsText([]);

/** True for the server's refusal about the conclusions: a 409 naming silent bodies, a 400 naming a reason. */
function aboutConclusions(failure: ApiFailure): boolean {
  const body = failure.body;
  if (!body) return false;
  if (failure.status === 409) return body.message.startsWith(AWAITED);
  return failure.status === 400 && body.field != null && REASON_FIELDS.has(body.field);
}

/**
 * The reasons of one reply dialog: `$decision` is the decision being written ('approved', 'rejected', anything else
 * needs none), `$user` the decider.
 */
export function createDecisionReasons(
  screen: Pick<ConclusionsScreen, '$statement'>,
  $decision: ReadableAtom<string | null>,
  $decider: ReadableAtom<User | null>,
): DecisionReasonsStore {
  const $needs = computed([screen.$statement, $decision, $decider], (statement, decision, user): DecisionNeeds => {
    if (!statement || (decision !== 'approved' && decision !== 'rejected')) return NO_NEEDS;
    return {
      silent: silentBodies(statement.conclusions),
      override: isHeadUser(user),
      disagreeing: decision === 'approved' ? disagreeingBodies(statement) : [],
    };
  });
  const form = createForm<DecisionReasons>({ overrideReason: '', disagreementReason: '' }, (values) =>
    validateDecisionReasons($needs.get(), values),
  );
  const $refusal = atom<string | null>(null);
  return {
    $needs,
    form,
    $refusal,
    reset() {
      form.reset();
      $refusal.set(null);
    },
    check() {
      $refusal.set(null);
      return form.validate();
    },
    body() {
      const needs = $needs.get();
      const values = form.$values.get();
      return {
        ...(needs.override && needs.silent.length > 0 ? { overrideReason: values.overrideReason.trim() } : {}),
        ...(needs.disagreeing.length > 0 ? { disagreementReason: values.disagreementReason.trim() } : {}),
      };
    },
    describe: (failure) => (aboutConclusions(failure) ? (failure.body?.message ?? null) : null),
    refused(failure, text) {
      if (aboutConclusions(failure)) $refusal.set(text);
    },
  };
}
