// A person's request about their personal data as a head answers it in the administration (docs/product.md
// «Personal data»): find the person, register the request, download the answer as PDF or JSON; or record the
// withdrawal of their consent that came on paper.
import { atom, type ReadableAtom } from 'nanostores';
import type {
  ConsentWithdrawal,
  ConsentWithdrawalInput,
  PersonalDataSubject,
  SubjectRequest,
} from '#domain/contract.ts';
import { saveBlob } from '#lib/browser.ts';
import { api } from '#stores/api.ts';
import { createForm } from '#stores/form.ts';
import { dataOf } from '#stores/load.ts';
import { submit } from '#stores/submit.ts';
import { showToast } from '#stores/toasts.ts';
import { subjectRequestTexts as t, withdrawalRecordTexts as w } from '../texts.ts';

/** 'Найти человека': e-mail, phone, ФИО or СНИЛС. */
export const subjectSearch = createForm({ query: '' }, (values) =>
  values.query.trim().length >= 2 ? {} : { query: t.queryRequired },
);

/** The request's own fields: who asked and how, and the day it came. */
export const requestForm = createForm({ requester: '', receivedOn: '' }, (values) =>
  values.requester.trim() ? {} : { requester: t.requesterRequired },
);

const $found = atom<PersonalDataSubject[] | 'idle' | 'loading' | 'error'>('idle');
/** The people the search found. */
export const $subjects: ReadableAtom<PersonalDataSubject[] | 'idle' | 'loading' | 'error'> = $found;

const $chosenAtom = atom<PersonalDataSubject | null>(null);
/** The person the request is about. */
export const $chosen: ReadableAtom<PersonalDataSubject | null> = $chosenAtom;

const $registerAtom = atom<SubjectRequest[] | 'loading' | 'error'>('loading');
/** The register of requests, newest first. */
export const $register: ReadableAtom<SubjectRequest[] | 'loading' | 'error'> = $registerAtom;

/** Loads the register (again). */
export async function loadRegister(): Promise<void> {
  const list = await dataOf(() => api.GET('/api/admin/subject-requests'));
  $registerAtom.set(list ?? 'error');
}

/** 'Найти': the people the query names. */
export async function findSubjects(): Promise<void> {
  if (!subjectSearch.validate()) return;
  $found.set('loading');
  $chosenAtom.set(null);
  $withdrawingAtom.set(null);
  const people = await dataOf(() =>
    api.GET('/api/admin/subject-requests/people', {
      params: { query: { query: subjectSearch.$values.get().query.trim() } },
    }),
  );
  $found.set(people ?? 'error');
}

/** 'Выбрать': the person the request is about. */
export function choose(person: PersonalDataSubject | null): void {
  $withdrawingAtom.set(null);
  $chosenAtom.set(person);
}

/** A withdrawal of consent that came on paper: how it came and the day. */
export const withdrawalForm = createForm({ via: 'post', receivedOn: '' }, () => ({}));

const $withdrawingAtom = atom<PersonalDataSubject | null>(null);
/** The person whose withdrawal of consent is being recorded. */
export const $withdrawing: ReadableAtom<PersonalDataSubject | null> = $withdrawingAtom;

/** 'Отзыв согласия': the person whose withdrawal is recorded (null: cancel). */
export function startWithdrawal(person: PersonalDataSubject | null): void {
  $chosenAtom.set(null);
  withdrawalForm.reset({ via: 'post', receivedOn: '' });
  $withdrawingAtom.set(person);
}

/** 'Записать отзыв': the account closes at once; the person found shows the withdrawal. */
export async function recordWithdrawal(): Promise<ConsentWithdrawal | null> {
  const person = $withdrawingAtom.get();
  if (!person) return null;
  const { via, receivedOn } = withdrawalForm.$values.get();
  const result = await submit(
    withdrawalForm.$status,
    () =>
      api.POST('/api/admin/users/{id}/consent-withdrawal', {
        params: { path: { id: person.personId } },
        body: { via: via as ConsentWithdrawalInput['via'], ...(receivedOn ? { receivedOn } : {}) },
      }),
    { failureText: w.failed, describe: (failure) => failure.body?.message, failureAs: 'inline' },
  );
  if (!result.ok) return null;
  $withdrawingAtom.set(null);
  const found = $found.get();
  if (Array.isArray(found)) {
    $found.set(
      found.map((one) =>
        one.personId === person.personId ? { ...one, consentWithdrawnAt: result.data.withdrawnAt } : one,
      ),
    );
  }
  return result.data;
}

/** 'Зарегистрировать и ответить': the request registered with its term, answered at once. */
export async function answerRequest(): Promise<SubjectRequest | null> {
  const person = $chosenAtom.get();
  if (!person || !requestForm.validate()) return null;
  const { requester, receivedOn } = requestForm.$values.get();
  const result = await submit(
    requestForm.$status,
    () =>
      api.POST('/api/admin/subject-requests', {
        body: { personId: person.personId, requester: requester.trim(), ...(receivedOn ? { receivedOn } : {}) },
      }),
    { failureText: t.failed, describe: (failure) => failure.body?.message, failureAs: 'inline' },
  );
  if (!result.ok) return null;
  requestForm.reset({ requester: '', receivedOn: '' });
  $chosenAtom.set(null);
  await loadRegister();
  return result.data;
}

/** Downloads a request's answer as PDF or JSON. */
export async function downloadAnswer(request: SubjectRequest, format: 'pdf' | 'json'): Promise<void> {
  try {
    const { data, response } = await api.GET('/api/admin/subject-requests/{id}/answer', {
      params: { path: { id: request.id }, query: { format } },
      parseAs: 'blob',
    });
    if (response.ok && data) saveBlob(data as Blob, t.fileName(request.id, format));
    else showToast('error', t.downloadFailed);
  } catch {
    showToast('error', t.downloadFailed);
  }
}
