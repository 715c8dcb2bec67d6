import { describe, expect, it, vi } from 'vitest';
import { createUploader, type UploadRequest } from '../upload.ts';

/** A stand-in XMLHttpRequest that records what it was told and answers when the test says so. */
class FakeRequest implements UploadRequest {
  withCredentials = false;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers = new Map<string, string>();
  body: FormData | null = null;
  aborted = false;
  private listeners = new Map<string, Array<() => void>>();
  private progressListeners: Array<(event: ProgressEvent) => void> = [];
  readonly upload = {
    addEventListener: (_type: 'progress', listener: (event: ProgressEvent) => void) => {
      this.progressListeners.push(listener);
    },
  };
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.emit('abort');
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
  progress(loaded: number, total: number) {
    for (const listener of this.progressListeners) {
      listener({ lengthComputable: true, loaded, total } as ProgressEvent);
    }
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.emit('load');
  }
}

function setup(token: string | null = 'token-1') {
  const requests: FakeRequest[] = [];
  const onUnauthorized = vi.fn();
  const getToken = vi.fn(async () => token);
  const upload = createUploader({
    baseUrl: 'http://api.test',
    getToken,
    createRequest: () => {
      const request = new FakeRequest();
      requests.push(request);
      return request;
    },
    onUnauthorized,
  });
  return { upload, requests, onUnauthorized, getToken };
}

const file = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
const prefile = { id: 5, name: 'Альбом.pdf', contentType: 'application/pdf', size: 8 };

describe('createUploader', () => {
  it('posts the multipart field `file` with a fresh bearer token and cookies, and reports progress', async () => {
    const { upload, requests, getToken } = setup();
    const progress: number[] = [];
    const done = upload(file, 'Альбом.pdf', { onProgress: (fraction) => progress.push(fraction) });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    const request = requests[0] as FakeRequest;
    expect(getToken).toHaveBeenCalledTimes(1);
    expect([request.method, request.url]).toEqual(['POST', 'http://api.test/api/prefiles']);
    expect(request.withCredentials).toBe(true);
    expect(request.headers.get('Authorization')).toBe('Bearer token-1');
    const sent = request.body?.get('file');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('Альбом.pdf');
    request.progress(4, 8);
    request.progress(8, 8);
    request.answer(201, prefile);
    expect(await done).toEqual({ ok: true, prefile });
    expect(progress).toEqual([0.5, 1]);
  });

  it.each([
    ['a refused type', 400, { error: 'blocked_extension', message: 'Недопустимый тип файла' }],
    ['a file too large', 413, { error: 'file_too_large', message: 'Файл больше 100 МБ' }],
    ['a server failure', 500, { error: 'internal_error', message: 'Внутренняя ошибка' }],
  ])('answers %s as a failure with the body, without retrying', async (_name, status, body) => {
    const { upload, requests, onUnauthorized } = setup();
    const done = upload(file, 'a.pdf');
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    requests[0]?.answer(status, body);
    expect(await done).toEqual({ ok: false, status, body, aborted: false });
    expect(requests).toHaveLength(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('tells the session about a 401 and does not send the file again', async () => {
    const { upload, requests, onUnauthorized } = setup();
    const done = upload(file, 'a.pdf');
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    requests[0]?.answer(401, { error: 'unauthorized', message: 'Требуется вход' });
    expect(await done).toMatchObject({ ok: false, status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(requests).toHaveLength(1);
  });

  it('answers a network failure with no status', async () => {
    const { upload, requests } = setup();
    const done = upload(file, 'a.pdf');
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    requests[0]?.emit('error');
    expect(await done).toEqual({ ok: false, status: null, body: null, aborted: false });
  });

  it('stops when the caller aborts, and sends nothing when aborted before it started', async () => {
    const { upload, requests } = setup();
    const controller = new AbortController();
    const done = upload(file, 'a.pdf', { signal: controller.signal });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    controller.abort();
    expect(await done).toMatchObject({ ok: false, aborted: true });
    expect(requests[0]?.aborted).toBe(true);

    const early = new AbortController();
    early.abort();
    expect(await upload(file, 'b.pdf', { signal: early.signal })).toMatchObject({ aborted: true });
    expect(requests).toHaveLength(1);
  });

  it('sends no Authorization header when there is no token', async () => {
    const { upload, requests } = setup(null);
    void upload(file, 'a.pdf');
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
  });
});
