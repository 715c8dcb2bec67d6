import http from 'node:http';

export interface Answer {
  status: number;
  body: string;
  json<T = unknown>(): T;
}

/**
 * One request to a server on 127.0.0.1 as a real client makes it: its own connection, no keep-alive (a stopped or
 * killed server leaves no pooled socket behind).
 */
export function oneRequest(
  port: number,
  method: string,
  url: string,
  options: { body?: unknown; token?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, json: <T>() => JSON.parse(body) as T }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
