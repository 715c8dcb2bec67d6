// An upload declaring more than a 100 MB file with its multipart framing (101 MiB, nginx's limit on
// /api/prefiles) is refused from its Content-Length, before its body is read, and the connection is closed.
import { existsSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_UPLOAD_REQUEST_BYTES } from '../../server/src/prefiles/prefiles.service.ts';
import { isPartialName } from '../../server/src/storage/file-store.ts';
import { demoUsers } from '../../tools/demo.ts';
import { multipartFile } from '../../tools/multipart.ts';
import { login, startTestPortal, type TestPortal } from './helpers.ts';

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
  const socket = net.connect(port, '127.0.0.1');
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

it('refuses an upload declaring more than 101 MiB from its Content-Length, with 413, closing the connection', async () => {
  const before = storedFiles();
  const rows = (await portal.db.selectFrom('prefiles').select('id').execute()).length;
  const upload = partialUpload(MAX_UPLOAD_REQUEST_BYTES + 1);
  try {
    await expect.poll(() => upload.closed || upload.error !== null, { timeout: 5_000 }).toBe(true);
  } finally {
    upload.socket.destroy();
  }
  expect(upload.error).toBeNull();
  const { answer } = upload;
  expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  expect(answer.toLowerCase()).toContain('connection: close');
  const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
  expect(body).toEqual({ error: 'file_too_large', message: 'Файл больше 100 МБ' });
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
