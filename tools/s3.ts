import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { S3Config } from '../server/src/config.ts';

/** s3rver's built-in account: it checks request signatures against these. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** A real S3-compatible server on loopback, holding its objects in a temporary directory. */
export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The settings the portal reads from the environment, already parsed. */
  config: S3Config;
  /** The environment that selects this bucket (`S3_ENDPOINT`, `S3_BUCKET`, credentials) for `loadConfig`. */
  env: Record<string, string>;
  /** Stops the server (a test may stop it early to see the portal cope); a second call does nothing. */
  close(): Promise<void>;
}

/** Starts s3rver in a child process on 127.0.0.1, on a port of its choosing, with an empty bucket. */
export async function startTestS3(bucket = 'portal-files'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'portal-s3-'));
  const child: ChildProcess = fork(path.join(import.meta.dirname, 's3rver-process.ts'), [directory, bucket], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [message] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => {
      throw new Error(`s3rver exited with ${code} before listening`);
    }),
  ])) as [{ port: number }];
  const endpoint = `http://127.0.0.1:${message.port}`;
  let closed = false;
  return {
    endpoint,
    bucket,
    config: { endpoint, bucket, region: 'us-east-1', credentials: CREDENTIALS, forcePathStyle: true },
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    async close() {
      if (closed) return;
      closed = true;
      const exited = once(child, 'exit');
      child.disconnect();
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
