import { atom, onMount, type ReadableAtom } from 'nanostores';
import type { ConclusionRequest } from '#domain/contract.ts';
import { QUIET } from '#lib/api/client.ts';
import { isExaminer, isReviewer, type UserRoles } from '#lib/roles.ts';
import { orNull } from '#lib/validators.ts';
import { api } from '#stores/api.ts';
import { createForm, type Form } from '#stores/form.ts';
import { dataOf, latestRun } from '#stores/load.ts';
import { computed } from '#stores/prerendered.ts';
import { $session } from '#stores/session.ts';
import { submit } from '#stores/submit.ts';
import { createUploadList } from '#stores/uploads.ts';
import { $liveChange, announceStatementChange, touchesLists } from '../../live/changes.ts';
import { type ConclusionAnswerValues, openFirst, validateConclusionAnswer } from '../rules.ts';
import { requestsTexts } from '../texts.ts';

/** 'Запросы на заключение' as the page and the sidebar see it: loading, failed, or the requests and their counts. */
export interface RequestsState {
  status: 'loading' | 'error' | 'ready';
  items: readonly ConclusionRequest[];
  /** Requests still waiting for an answer. */
  open: number;
  /** Of those, the ones past their term. */
  overdue: number;
}

/** Whoever may be a body's member: the committee's examiners and the outside bodies' staff. */
/** Outside bodies' staff, and the committee's examiners who belong to a body: nobody else asks for the requests. */
const mayBeMember = (user: (UserRoles & { reviewBodyMember?: boolean }) | null) =>
  isReviewer(user) || (isExaminer(user) && user?.reviewBodyMember === true);

const $state = atom<RequestsState>({ status: 'loading', items: [], open: 0, overdue: 0 });

/** GET /api/instance/conclusions: loaded when the page or the sidebar first watches it, again when statements change. */
export const $conclusionRequests: ReadableAtom<RequestsState> = $state;

/** The requests waiting for an answer (by term), then the answered and withdrawn ones (newest first). */
export const $requestGroups = computed($state, (state) => openFirst(state.items));

/**
 * The sidebar's link: shown to an outside body's staff, and to an examiner once a request came to their body, with
 * the open count and the overdue one; null when it is not shown.
 */
export const $requestsLink = computed([$state, $session], (state, session) => {
  const user = session.user;
  if (!mayBeMember(user) && state.items.length === 0) return null;
  return { open: state.status === 'ready' ? state.open : undefined, overdue: state.overdue };
});

/** Loads the requests again, keeping the ones on screen meanwhile. */
export const reloadConclusionRequests = latestRun(async () => {
  const answer = await dataOf(() => api.GET('/api/instance/conclusions', { headers: QUIET }));
  if (answer) $state.set({ status: 'ready', items: answer.items, open: answer.open, overdue: answer.overdue });
  else if ($state.get().status !== 'ready') $state.set({ ...$state.get(), status: 'error' });
});

onMount($state, () => {
  const stopSession = $session.subscribe((session) => {
    if (session.status === 'authenticated' && mayBeMember(session.user) && $state.get().status === 'loading') {
      void reloadConclusionRequests();
    }
  });
  // A request made, answered or withdrawn is a change of its statement: the stream tells the members' tabs.
  const stopLive = $liveChange.listen((change) => {
    if (change && touchesLists(change) && mayBeMember($session.get().user)) void reloadConclusionRequests();
  });
  return () => {
    stopSession();
    stopLive();
  };
});

// ——— The answer ———

const EMPTY: ConclusionAnswerValues = { verdict: '', text: '' };
const $answering = atom<ConclusionRequest | null>(null);
const answerForm: Form<ConclusionAnswerValues> = createForm(EMPTY, validateConclusionAnswer, {
  askBeforeLeaving: { when: () => $answering.get() !== null },
});
const answerUploads = createUploadList(undefined, { signatures: 'round' });

/** The body member's answer to one request: the verdict, its text, its files (signatures `.sig` too). */
export const conclusionAnswer = {
  /** The request being answered, or null while the dialog is closed. */
  $answering: $answering as ReadableAtom<ConclusionRequest | null>,
  /** The verdict (required) and the text (required unless 'Согласовано'). */
  form: answerForm,
  /** The answer's files. */
  uploads: answerUploads,
  /** Opens an empty answer to `request`. */
  open(request: ConclusionRequest) {
    answerForm.reset();
    answerUploads.reset();
    $answering.set(request);
  },
  /** Closes without sending (ignored while sending); files uploaded for it are deleted. */
  close() {
    if (answerForm.$status.get().busy) return;
    $answering.set(null);
    void answerUploads.discard();
  },
  /**
   * Sends the answer (POST /api/instance/conclusions/{id}/answer), then reads the requests again under the busy
   * dialog and closes it; the server's refusal shows in its own words. True when it went through.
   */
  async send(): Promise<boolean> {
    const request = $answering.get();
    if (!request || !answerForm.validate()) return false;
    if (answerUploads.$uploading.get()) return false;
    // A signature file the server would refuse: its row says why, and the dialog focuses it.
    if (answerUploads.$problems.get().size > 0) return false;
    const values = answerForm.$values.get();
    if (values.verdict === '') return false;
    const body = { verdict: values.verdict, text: orNull(values.text), prefileIds: answerUploads.$prefileIds.get() };
    const result = await submit(
      answerForm.$status,
      () =>
        api.POST('/api/instance/conclusions/{id}/answer', { params: { path: { id: request.conclusion.id } }, body }),
      {
        failureText: requestsTexts.answerFailed,
        describe: (failure) => failure.body?.message,
        successText: requestsTexts.answered,
      },
    );
    if (!result.ok) {
      // Answered meanwhile by someone else, or withdrawn: the list shows how it stands now.
      if (result.failure.status === 409) {
        $answering.set(null);
        await reloadConclusionRequests();
      }
      return false;
    }
    announceStatementChange();
    answerForm.$status.setKey('busy', true);
    try {
      await reloadConclusionRequests();
    } finally {
      answerForm.$status.setKey('busy', false);
      answerUploads.reset();
      $answering.set(null);
    }
    return true;
  },
};
