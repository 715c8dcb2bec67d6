// POST /api/prefiles through XMLHttpRequest: fetch reports no upload progress.

import type { paths } from '#domain/api-schema.d.ts';
import type { ApiErrorBody, Prefile } from '#domain/contract.ts';

/** The path of the upload endpoint (openapi.yaml `uploadPrefile`). */
const PREFILES_PATH = '/api/prefiles' satisfies keyof paths;

/** How an upload ended: the stored prefile, or the failure (`status` null without an answer, `aborted` by the caller). */
export type UploadResult =
  | { ok: true; prefile: Prefile }
  | { ok: false; status: number | null; body: ApiErrorBody | null; aborted: boolean };

/** Options of one upload. */
export interface UploadOptions {
  /** Called as bytes leave, with the share sent so far (0..1). */
  onProgress?: (fraction: number) => void;
  /** Aborts the upload (the file was removed from the list). */
  signal?: AbortSignal;
}

/** The part of XMLHttpRequest an upload uses (injectable for tests). */
export interface UploadRequest {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: FormData): void;
  abort(): void;
  withCredentials: boolean;
  readonly status: number;
  readonly responseText: string;
  readonly upload: { addEventListener(type: 'progress', listener: (event: ProgressEvent) => void): void };
  addEventListener(type: 'load' | 'error' | 'abort' | 'timeout', listener: () => void): void;
}

/** What an uploader needs: where to send, the token, a request object, and what to do when the session is gone. */
export interface UploaderDeps {
  baseUrl: string;
  /** A token valid for at least a minute (refreshes first), as the openapi-fetch client would send. */
  getToken: () => Promise<string | null>;
  createRequest: () => UploadRequest;
  /** Called on a 401: the session could not be saved by the refresh that preceded the upload. */
  onUnauthorized: () => void;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isPrefile(body: unknown): body is Prefile {
  return typeof body === 'object' && body !== null && typeof (body as { id?: unknown }).id === 'number';
}

function isErrorBody(body: unknown): body is ApiErrorBody {
  return typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string';
}

/**
 * Creates an upload function with the client's token handling: the bearer token is fresh before the file leaves,
 * cookies go along, and an upload is never retried by itself (the person re-adds the file).
 */
export function createUploader(deps: UploaderDeps) {
  return async function upload(file: Blob, name: string, options: UploadOptions = {}): Promise<UploadResult> {
    const aborted: UploadResult = { ok: false, status: null, body: null, aborted: true };
    if (options.signal?.aborted) return aborted;
    const token = await deps.getToken();
    if (options.signal?.aborted) return aborted;
    const form = new FormData();
    form.append('file', file, name);
    return new Promise<UploadResult>((resolve) => {
      const request = deps.createRequest();
      request.open('POST', `${deps.baseUrl}${PREFILES_PATH}`);
      request.withCredentials = true;
      if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
      request.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
      });
      request.addEventListener('load', () => {
        const body = parse(request.responseText);
        if (request.status >= 200 && request.status < 300 && isPrefile(body)) {
          resolve({ ok: true, prefile: body });
          return;
        }
        if (request.status === 401) deps.onUnauthorized();
        resolve({ ok: false, status: request.status, body: isErrorBody(body) ? body : null, aborted: false });
      });
      const failed = () => resolve({ ok: false, status: null, body: null, aborted: false });
      request.addEventListener('error', failed);
      request.addEventListener('timeout', failed);
      request.addEventListener('abort', () => resolve(aborted));
      options.signal?.addEventListener('abort', () => request.abort(), { once: true });
      request.send(form);
    });
  };
}

/** The function that uploads one file; the store takes it as a dependency. */
export type Uploader = ReturnType<typeof createUploader>;
