// An upload declaring more than a 100 MB file with its multipart framing (101 MiB, nginx's limit on
// /api/prefiles) is refused from its Content-Length, before its body is read, and the connection is closed.
import { existsSync, readdirSync } from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_UPLOAD_REQUEST_BYTES } from '../../server/src/prefiles/prefiles.service.ts';
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

/**
 * Sends the headers of an upload declaring `declared` bytes and only the first 64 KB of its body, then waits for the
 * server: resolves with what it answered and whether it closed the connection, never sending the rest.
 */
function partialUpload(declared: number): Promise<{ answer: string; closed: boolean }> {
  const form = multipartFile('огромный.pdf');
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ answer, closed: false });
    }, 5_000);
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    socket.on('end', () => {
      clearTimeout(timer);
      resolve({ answer, closed: true });
    });
    socket.on('error', reject);
    socket.write(
      'POST /api/prefiles HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `Authorization: Bearer ${token}\r\n` +
        `Content-Type: ${form.contentType}\r\n` +
        `Content-Length: ${declared}\r\n\r\n`,
    );
    socket.write(form.head);
    socket.write(Buffer.alloc(64 * 1024, 1));
  });
}

it('refuses an upload declaring more than 101 MiB from its Content-Length, with 413, closing the connection', async () => {
  const before = storedFiles();
  const rows = (await portal.db.selectFrom('prefiles').select('id').execute()).length;
  const { answer, closed } = await partialUpload(MAX_UPLOAD_REQUEST_BYTES + 1);
  expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  expect(answer.toLowerCase()).toContain('connection: close');
  const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
  expect(body).toEqual({ error: 'file_too_large', message: 'Файл больше 100 МБ' });
  expect(closed).toBe(true);
  expect(storedFiles()).toBe(before);
  expect((await portal.db.selectFrom('prefiles').select('id').execute()).length).toBe(rows);
}, 30_000);

it('reads an upload declaring up to 101 MiB (a 100 MB file with its framing) instead of refusing it early', async () => {
  const { answer, closed } = await partialUpload(MAX_UPLOAD_REQUEST_BYTES);
  // The server waits for the rest of the body: nothing is answered while it is missing.
  expect(answer).toBe('');
  expect(closed).toBe(false);
}, 30_000);
