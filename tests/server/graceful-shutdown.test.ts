import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { demoUsers } from '../support/demo.ts';
import { freePort } from '../support/free-port.ts';
import { oneRequest } from '../support/http.ts';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.ts';
import { createTestDatabase, usingPostgres } from './helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let child: ChildProcess | undefined;
let mailbox: SmtpSink | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await mailbox?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const request = oneRequest;

describe('graceful shutdown of the real server process', () => {
  it('lets an upload in progress when SIGTERM arrives complete (201), refuses new connections, exits 0', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-shutdown-'));
    mailbox = await startSmtpSink();
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, SMTP_URL: mailbox.smtpUrl };
    delete env.DATABASE_URL;
    if (usingPostgres) {
      await (await createTestDatabase(dataDir)).destroy();
      env.DATABASE_URL = process.env.TEST_DATABASE_URL;
    }
    const port = await freePort();
    child = spawn(process.execPath, ['server/src/server.ts'], {
      cwd: ROOT,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'development' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));

    // Ready once the database and the file store answer. Connect only once it says it listens: a connection to a
    // port nobody listens on yet can be given that same port as its own and then hold it (TCP simultaneous open).
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (!output.includes('API портала запущен')) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
        await sleep(50);
        continue;
      }
      const ready = await request(port, 'GET', '/api/health/ready').catch(() => null);
      if (ready?.status === 200) break;
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
      await sleep(100);
    }

    const email = demoUsers.owner.email;
    expect((await request(port, 'POST', '/api/authentication/start-email-login', { body: { email } })).status).toBe(
      204,
    );
    const code = await mailbox.waitForCode(email);
    const verified = await request(port, 'POST', '/api/authentication/verify-email-login', { body: { email, code } });
    expect(verified.status).toBe(200);
    const token = (JSON.parse(verified.body) as { access_token: string }).access_token;

    // A multipart upload of 2 MiB, sent slowly: half of it, then SIGTERM, then the rest.
    const boundary = 'shutdown-test-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="plan.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    );
    const content = Buffer.alloc(2 * 1024 * 1024, 0x41);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    let uploadRequest: http.ClientRequest | undefined;
    const upload = new Promise<{ status: number; body: string }>((resolve, reject) => {
      uploadRequest = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/prefiles',
          agent: false,
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(head.length + content.length + tail.length),
          },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      uploadRequest.on('error', reject);
    });
    upload.catch(() => undefined); // awaited below; a failure must not also surface as unhandled
    const send = (chunk: Buffer) =>
      new Promise<void>((resolve, reject) =>
        uploadRequest?.write(chunk, (error) => (error ? reject(error) : resolve())),
      );
    await send(head);
    await send(content.subarray(0, content.length / 2));
    await sleep(500);

    child.kill('SIGTERM');
    await sleep(500);
    expect(child.exitCode).toBeNull();
    // The listening socket is closed: a new client is refused while the upload is still going.
    await expect(request(port, 'GET', '/api/health')).rejects.toThrow(/ECONNREFUSED/);

    for (let offset = content.length / 2; offset < content.length; offset += 256 * 1024) {
      await send(content.subarray(offset, offset + 256 * 1024));
      await sleep(50);
    }
    uploadRequest?.end(tail);
    const answer = await upload;
    expect(answer.status, answer.body).toBe(201);
    expect(JSON.parse(answer.body)).toMatchObject({ name: 'plan.pdf', size: content.length });
    expect(await exited, output).toBe(0);

    const filesDir = path.join(dataDir, 'files');
    const sizes = readdirSync(filesDir).map((name) => statSync(path.join(filesDir, name)).size);
    expect(sizes).toContain(content.length);
  });
});
