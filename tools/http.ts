import http from 'node:http';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json<T = unknown>(): T;
}

/**
 * The whole answer to `request` as text; rejects when the request or the answer breaks off. A server that answers
 * early (413) and closes makes writing the rest of the body fail with EPIPE: its answer still counts, so such an
 * error waits a moment for it.
 */
function answerTo(request: http.ClientRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) return;
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') setTimeout(() => answered || reject(error), 2_000);
      else reject(error);
    });
    request.on('response', (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('error', reject);
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: <T>() => JSON.parse(body) as T }),
      );
    });
  });
}

/**
 * A request to a server on 127.0.0.1 as a real client makes it: its own connection, no keep-alive (a stopped or
 * killed server leaves no pooled socket behind). The caller writes its body and ends it; `answer` is the answer.
 */
export function openRequest(
  port: number,
  method: string,
  url: string,
  options: { token?: string; headers?: Record<string, string> } = {},
): { request: http.ClientRequest; answer: Promise<Answer> } {
  const request = http.request({
    host: '127.0.0.1',
    port,
    method,
    path: url,
    agent: false,
    headers: { ...options.headers, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
  });
  return { request, answer: answerTo(request) };
}

/** One request with a JSON body (or none), sent whole; see `openRequest`. */
export function oneRequest(
  port: number,
  method: string,
  url: string,
  options: { body?: unknown; token?: string } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const { request, answer } = openRequest(port, method, url, {
    token: options.token,
    headers: payload ? { 'content-type': 'application/json' } : {},
  });
  request.end(payload);
  return answer;
}

/** Whether `url` answers with a 2xx within `timeoutMs`: a refused, failed or hung request is a no. */
export async function answersOk(url: string, timeoutMs = 2_000): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })).ok;
  } catch {
    return false;
  }
}
