import type { MapStore } from 'nanostores';
import type { ApiErrorBody } from '#domain/contract.ts';
import { showToast } from './toasts.ts';

/** What a form or button shows while an action runs: busy, and the last failure text. */
export interface SubmitState {
  busy: boolean;
  error: string | null;
}

/** Why an action failed: the HTTP status (null when no answer came) and the server's `{ error, message }` body. */
export interface ApiFailure {
  status: number | null;
  body: ApiErrorBody | null;
}

/** The result of `submit`: the data on success, or the failure and the Russian text chosen for it. */
export type SubmitResult<T> = { ok: true; data: T } | { ok: false; failure: ApiFailure; text: string };

/** How `submit` reports an action. */
export interface SubmitOptions {
  /** The action's failure text from docs/product.md «Error texts» (e.g. 'Не удалось создать заявление'). */
  failureText: string;
  /** A more specific text for this failure (by error code or status); null or undefined falls back to failureText. */
  describe?: (failure: ApiFailure) => string | null | undefined;
  /** The success toast from docs/product.md «Error texts» (e.g. 'Заявление создано'), if the action has one. */
  successText?: string;
  /** 'toast' (default) also shows the failure as a toast; 'inline' leaves it to the form (`state.error`). */
  failureAs?: 'toast' | 'inline';
}

/** The part of an openapi-fetch result `submit` needs. */
export interface CallResult<T> {
  data?: T;
  error?: unknown;
  response: { ok: boolean; status: number };
}

/**
 * The server's own text when it found the request as a whole invalid (400 `validation_error` naming no field): a file
 * it would not file, such as a signature of no document (docs/product.md «Signatures»); or when it cannot do what the
 * request needs now and says why (503 `service_unavailable`: no signature can be checked on this server); null
 * otherwise.
 */
export function requestRefusal(failure: ApiFailure): string | null {
  const body = failure.body;
  if (failure.status === 503 && body?.error === 'service_unavailable') return body.message;
  return failure.status === 400 && body?.error === 'validation_error' && !body.field ? body.message : null;
}

/** True for a body of the contract's Error shape. */
function isApiErrorBody(body: unknown): body is ApiErrorBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { error?: unknown }).error === 'string' &&
    typeof (body as { message?: unknown }).message === 'string'
  );
}

/**
 * Runs one API action for a form or button: sets busy, branches on `{ data, error }`, maps a failure to Russian text
 * (kept in `$state.error`, and toasted unless inline), toasts success. Transport failures and 5xx were already toasted
 * by the client middleware; this adds what failed. A second call while busy is ignored.
 */
export async function submit<T, S extends SubmitState>(
  $state: MapStore<S>,
  call: () => Promise<CallResult<T>>,
  options: SubmitOptions,
): Promise<SubmitResult<T>> {
  const failed = (failure: ApiFailure): SubmitResult<T> => {
    const text = options.describe?.(failure) || options.failureText;
    patch($state, { busy: false, error: text });
    if (options.failureAs !== 'inline') showToast('error', text);
    return { ok: false, failure, text };
  };
  if ($state.get().busy) return { ok: false, failure: { status: null, body: null }, text: '' };
  patch($state, { busy: true, error: null });
  let result: CallResult<T>;
  try {
    result = await call();
  } catch {
    return failed({ status: null, body: null });
  }
  if (!result.response.ok) {
    return failed({ status: result.response.status, body: isApiErrorBody(result.error) ? result.error : null });
  }
  patch($state, { busy: false, error: null });
  if (options.successText) showToast('success', options.successText);
  return { ok: true, data: result.data as T };
}

function patch<S extends SubmitState>($state: MapStore<S>, part: SubmitState): void {
  // S extends SubmitState, so replacing these two keys keeps every other key of S as it was.
  $state.set({ ...$state.get(), ...part } as S);
}
