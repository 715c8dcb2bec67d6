// An upload declaring more than a 100 MB file with its multipart framing (101 MiB, nginx's limit on
// /api/prefiles) is refused from its Content-Length, before its body is read; the rest of the body is then read and
// dropped within a bound, so a client that sends it all reads the 413 (http/lingering-close.ts).
import { existsSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINGER } from '../../server/src/http/lingering-close.ts';
import { MAX_UPLOAD_REQUEST_BYTES } from '../../server/src/prefiles/prefiles.service.ts';
import { isPartialName } from '../../server/src/storage/file-store.ts';
import type { Child } from '../../tools/child.ts';
import { demoUsers } from '../../tools/demo.ts';
import { multipartFile } from '../../tools/multipart.ts';
import { login, startSecondApiProcess, startTestPortal, type TestPortal } from './helpers.ts';

let portal: TestPortal;
let token: string;
let port: number;

beforeAll(async () => {
  portal = await startTestPortal();
  token = (await login(portal, demoUsers.employee.email)).accessToken;
  await portal.app.listen({ port: 0, host: '127.0.0.1' });
  port = (portal.app.server.address() as net.AddressInfo).port;
}, 60_000);
afterAll(async () => {
  await portal.close();
});

const storedFiles = () => (existsSync(portal.config.filesDir) ? readdirSync(portal.config.filesDir).length : 0);

/** Bytes of uploads being written (`KEY.part`) in the store. */
const partialBytes = () =>
  (existsSync(portal.config.filesDir) ? readdirSync(portal.config.filesDir) : [])
    .filter(isPartialName)
    .reduce(
      (sum, name) => sum + (statSync(path.join(portal.config.filesDir, name), { throwIfNoEntry: false })?.size ?? 0),
      0,
    );

/**
 * Sends the headers of an upload declaring `declared` bytes and only the first 64 KB of its body, never the rest;
 * what the server answers so far, and whether it closed the connection.
 */
function partialUpload(declared: number) {
  const form = multipartFile('огромный.pdf');
  // Half-open allowed: the client's side stays open after the server's FIN, as a client still sending keeps it.
  const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  const upload = { answer: '', closed: false, error: null as Error | null, socket };
  socket.on('data', (chunk) => {
    upload.answer += chunk.toString('utf8');
  });
  socket.on('end', () => {
    upload.closed = true;
  });
  socket.on('error', (error) => {
    upload.error = error;
  });

  socket.write(
    'POST /api/prefiles HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
      `Authorization: Bearer ${token}\r\n` +
      `Content-Type: ${form.contentType}\r\n` +
      `Content-Length: ${declared}\r\n\r\n`,
  );
  socket.write(form.head);
  socket.write(Buffer.alloc(64 * 1024, 1));
  return upload;
}

it('refuses an upload declaring more than 101 MiB from its Content-Length at once, with 413; a client that then stops sending is cut', async () => {
  const before = storedFiles();
  const rows = (await portal.db.selectFrom('prefiles').select('id').execute()).length;
  const upload = partialUpload(MAX_UPLOAD_REQUEST_BYTES + 1);
  try {
    // Answered with only 64 KB of the body sent: the refusal does not wait for the body.
    await expect.poll(() => upload.answer.includes('\r\n\r\n{'), { timeout: 5_000 }).toBe(true);
    const { answer } = upload;
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({ error: 'file_too_large', message: 'Файл больше 100 МБ' });
    // The answer ends our side (FIN); the rest of the body is awaited only while it comes: a client that sends nothing
    // more is cut.
    await expect.poll(() => upload.closed, { timeout: 5_000 }).toBe(true);
    const connections = () =>
      new Promise<number>((resolve, reject) =>
        portal.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      );
    expect(await connections()).toBe(1);
    await expect.poll(connections, { timeout: LINGER.idleMs + 5_000 }).toBe(0);
  } finally {
    upload.socket.destroy();
  }
  expect(storedFiles()).toBe(before);
  expect((await portal.db.selectFrom('prefiles').select('id').execute()).length).toBe(rows);
}, 30_000);

it('reads an upload declaring up to 101 MiB (a 100 MB file with its framing) instead of refusing it early', async () => {
  const upload = partialUpload(MAX_UPLOAD_REQUEST_BYTES);
  try {
    // The server stores the body it has so far: it took the upload. A refusal from the Content-Length would have
    // come before any of it was read.
    await expect.poll(partialBytes, { timeout: 5_000 }).toBeGreaterThan(0);
    // And it waits for the rest: nothing is answered while it is missing.
    expect(upload.answer).toBe('');
    expect(upload.closed).toBe(false);
    expect(upload.error).toBeNull();
  } finally {
    upload.socket.destroy();
  }
}, 30_000);

/**
 * Sends an upload of `total` bytes (its multipart head, then filler) to `url` as a plain HTTP client does, writing until
 * the answer has been read; a write that breaks off (EPIPE) or a reset before that rejects.
 */
function sendWhole(url: string, total: number): Promise<{ status: number; body: string }> {
  const form = multipartFile('огромный.pdf');
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${url}/api/prefiles`,
      {
        method: 'POST',
        agent: false,
        headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType, 'content-length': total },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body });
          request.destroy();
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.write(form.head);
    const block = Buffer.alloc(1024 * 1024, 1);
    let sent = form.head.length;
    const pump = () => {
      while (sent < total && !request.destroyed) {
        const size = Math.min(block.length, total - sent);
        sent += size;
        if (!request.write(size === block.length ? block : block.subarray(0, size))) {
          request.once('drain', pump);
          return;
        }
      }
      if (!request.destroyed) request.end();
    };
    pump();
  });
}

describe('an API process of its own, as npm start runs it', () => {
  let child: Child | undefined;
  let url = '';
  beforeAll(async () => {
    ({ child, url } = await startSecondApiProcess(portal));
  }, 90_000);
  afterAll(async () => {
    await child?.stop({ graceMs: Infinity });
  });

  it('twenty clients sending 101 MiB and a byte straight to the API all read the 413 (never write EPIPE)', async () => {
    for (let round = 0; round < 20; round++) {
      const answer = await sendWhole(url, MAX_UPLOAD_REQUEST_BYTES + 1);
      expect(answer.status, `upload ${round + 1}`).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ error: 'file_too_large', message: 'Файл больше 100 МБ' });
    }
  }, 240_000);
});
