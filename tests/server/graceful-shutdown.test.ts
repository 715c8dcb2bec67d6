import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPartialName } from '../../server/src/storage/file-store.ts';
import type { Child } from '../../tools/child.ts';
import { demoUsers } from '../../tools/demo.ts';
import { freePort } from '../../tools/free-port.ts';
import { oneRequest, openRequest } from '../../tools/http.ts';
import { logInByCode } from '../../tools/login.ts';
import { multipartFile } from '../../tools/multipart.ts';
import { type SmtpSink, startSmtpSink } from '../../tools/smtp-sink.ts';
import { serverProcessEnv, startApiProcess } from './helpers.ts';

let server: Child | undefined;
let mailbox: SmtpSink | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  server?.kill('SIGKILL');
  await mailbox?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const request = oneRequest;

describe('graceful shutdown of the real server process', () => {
  it('lets an upload in progress when SIGTERM arrives complete (201), refuses new connections, exits 0', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-shutdown-'));
    const sink = await startSmtpSink();
    mailbox = sink;
    const port = await freePort();
    const child = startApiProcess(port, await serverProcessEnv(dataDir, sink.smtpUrl));
    server = child;
    // Ready once the database and the file store answer.
    await child.waitForStart({
      name: 'server',
      ready: async () => (await request(port, 'GET', '/api/health/ready').catch(() => null))?.status === 200,
      timeoutMs: 20_000,
    });

    const email = demoUsers.owner.email;
    const { accessToken: token } = await logInByCode(`http://127.0.0.1:${port}`, email, (e) => sink.waitForCode(e));

    // A multipart upload of 2 MiB, sent slowly: half of it, then SIGTERM, then the rest.
    const form = multipartFile('plan.pdf');
    const content = Buffer.alloc(2 * 1024 * 1024, 0x41);
    const { request: uploadRequest, answer: upload } = openRequest(port, 'POST', '/api/prefiles', {
      token,
      headers: form.headers(content.length),
    });
    upload.catch(() => undefined); // awaited below; a failure must not also surface as unhandled
    const send = (chunk: Buffer) =>
      new Promise<void>((resolve, reject) =>
        uploadRequest.write(chunk, (error) => (error ? reject(error) : resolve())),
      );
    await send(form.head);
    await send(content.subarray(0, content.length / 2));
    // The server is storing it: part of the file is on disk.
    const filesDir = path.join(dataDir, 'files');
    const partialBytes = () =>
      (existsSync(filesDir) ? readdirSync(filesDir) : [])
        .filter(isPartialName)
        .reduce((sum, name) => sum + (statSync(path.join(filesDir, name), { throwIfNoEntry: false })?.size ?? 0), 0);
    await expect.poll(partialBytes, { timeout: 10_000 }).toBeGreaterThan(0);

    child.kill('SIGTERM');
    // The listening socket is closed: a new client is refused while the upload is still going.
    await vi.waitFor(() => expect(request(port, 'GET', '/api/health')).rejects.toThrow(/ECONNREFUSED/), {
      timeout: 10_000,
    });
    expect(child.running()).toBe(true);

    for (let offset = content.length / 2; offset < content.length; offset += 256 * 1024) {
      await send(content.subarray(offset, offset + 256 * 1024));
      // Pacing, not a wait: the rest of the body trickles in while the server is shutting down.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    uploadRequest.end(form.tail);
    const answer = await upload;
    expect(answer.status, answer.body).toBe(201);
    expect(JSON.parse(answer.body)).toMatchObject({ name: 'plan.pdf', size: content.length });
    expect(await child.exited, child.output()).toBe(0);

    const sizes = readdirSync(filesDir).map((name) => statSync(path.join(filesDir, name)).size);
    expect(sizes).toContain(content.length);
  });
});
