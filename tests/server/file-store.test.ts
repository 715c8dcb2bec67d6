// The file store's contract, run against both implementations: a directory and a bucket of a real S3-compatible
// server (s3rver on loopback); then the API's upload → statement → download path with files in S3.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.ts';
import { MAX_FILE_BYTES } from '../../server/src/prefiles/prefiles.service.ts';
import {
  directoryFileStore,
  FileNotFoundError,
  type FileStore,
  FileTooLargeError,
  measureStream,
} from '../../server/src/storage/file-store.ts';
import { createS3Client, S3StoreError, s3FileStore } from '../../server/src/storage/s3-file-store.ts';
import { demoUsers } from '../../tools/demo.ts';
import { startTestS3 } from '../../tools/s3.ts';
import { login, startTestPortal, type TestPortal } from './helpers.ts';

const MB = 1024 * 1024;
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const newKey = () => randomBytes(24).toString('base64url');

/** `total` bytes of varied content in 1 MiB chunks made as they are read, hashed on the way for the test to compare. */
function generated(total: number): { stream: Readable; expected: () => { size: number; sha256: string } } {
  const base = randomBytes(MB);
  const hash = createHash('sha256');
  let sent = 0;
  const stream = new Readable({
    read() {
      if (sent >= total) {
        this.push(null);
        return;
      }
      const chunk = Buffer.from(base.subarray(0, Math.min(MB, total - sent)));
      chunk.writeUInt32BE(sent / MB, 0);
      hash.update(chunk);
      sent += chunk.length;
      this.push(chunk);
    },
  });
  let digest: string | null = null;
  const expected = () => {
    digest = digest ?? hash.digest('hex');
    return { size: sent, sha256: digest };
  };
  return { stream, expected };
}

/** A full garbage collection, so what is measured is what is held, not what is waiting to be collected. */
const collectGarbage = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

/**
 * Runs `work` while sampling memory after a collection; returns how far rss and the heap with its buffers rose above
 * where they started at the worst moment.
 */
async function memoryRise<T>(work: () => Promise<T>): Promise<{ result: T; rss: number; heap: number }> {
  collectGarbage();
  collectGarbage();
  const start = process.memoryUsage();
  let rss = 0;
  let heap = 0;
  const sample = () => {
    // Buffers' memory is released by a background sweeper after a collection; the next collection first waits for
    // that sweep to finish, so after two nothing collected is still counted.
    collectGarbage();
    collectGarbage();
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss - start.rss);
    heap = Math.max(heap, now.heapUsed + now.arrayBuffers - (start.heapUsed + start.arrayBuffers));
  };
  // The sampling rate (an input): the worst moment is looked for every 400 ms while `work` runs.
  const timer = setInterval(sample, 400);
  try {
    const result = await work();
    sample();
    return { result, rss, heap };
  } finally {
    clearInterval(timer);
  }
}

interface Subject {
  store: FileStore;
  /** The keys of everything stored, to see that a failure or a readiness check leaves nothing behind. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

const subjects: Array<[string, () => Promise<Subject>]> = [
  [
    'directory',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'portal-files-'));
      return {
        store: directoryFileStore(dir),
        keys: async () => readdirSync(dir).sort(),
        close: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  ],
  [
    'S3 (s3rver)',
    async () => {
      const s3 = await startTestS3();
      const client = createS3Client(s3.config);
      return {
        store: s3FileStore(s3.config, client),
        keys: async () => {
          const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
          return (listed.Contents ?? []).map((item) => item.Key ?? '').sort();
        },
        close: async () => {
          client.destroy();
          await s3.close();
        },
      };
    },
  ],
];

describe.each(subjects)('file store: %s', (_name, open) => {
  let subject: Subject;
  let store: FileStore;
  beforeAll(async () => {
    subject = await open();
    store = subject.store;
  });
  afterAll(async () => {
    await subject?.close();
  });

  it('streams a file in, measuring its size and SHA-256, and streams the same bytes out', async () => {
    const key = newKey();
    const parts = [Buffer.from('%PDF-1.4 '), Buffer.from('альбом '), randomBytes(70_000)];
    const whole = Buffer.concat(parts);
    const stored = await store.put(key, Readable.from(parts));
    expect(stored).toEqual({ size: whole.length, sha256: sha256(whole) });
    expect(await store.exists(key)).toBe(true);
    const read = await store.get(key);
    expect(read).toBeInstanceOf(Readable);
    expect(await measureStream(read)).toEqual(stored);
    expect(await subject.keys()).toContain(key);
  });

  it('takes a string or a buffer, and an empty file', async () => {
    for (const source of ['ok', Buffer.from('байты'), '']) {
      const key = newKey();
      expect(await store.put(key, source)).toEqual({ size: Buffer.byteLength(source), sha256: sha256(source) });
      expect(await measureStream(await store.get(key))).toEqual({
        size: Buffer.byteLength(source),
        sha256: sha256(source),
      });
    }
  });

  it('removes a file; a missing key is FileNotFoundError for get, false for exists, and no error to remove', async () => {
    const key = newKey();
    await store.put(key, 'to be removed');
    await store.remove(key);
    expect(await store.exists(key)).toBe(false);
    expect(await subject.keys()).not.toContain(key);
    await expect(store.get(key)).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(store.remove(key)).resolves.toBeUndefined();
    await expect(store.get(newKey())).rejects.toBeInstanceOf(FileNotFoundError);
  });

  it('refuses keys that are not server-made before touching anything', async () => {
    for (const bad of ['../portal.sqlite', 'a/b/c/d/e/f/g/h/i/j', '/etc/passwd', 'short']) {
      await expect(store.put(bad, 'x')).rejects.toThrow(/not a storage key/);
      await expect(store.get(bad)).rejects.toThrow(/not a storage key/);
    }
  });

  it('rejects a file past maxBytes with FileTooLargeError and keeps nothing, in one part or many', async () => {
    const before = await subject.keys();
    for (const [size, max] of [
      [2000, 1999],
      [12 * MB, 7 * MB],
    ] as const) {
      const key = newKey();
      await expect(store.put(key, generated(size).stream, max)).rejects.toBeInstanceOf(FileTooLargeError);
      expect(await store.exists(key)).toBe(false);
    }
    const exact = newKey();
    expect((await store.put(exact, generated(6 * MB).stream, 6 * MB)).size).toBe(6 * MB);
    await store.remove(exact);
    expect(await subject.keys()).toEqual(before);
  });

  it('keeps nothing when the source fails half-way', async () => {
    const before = await subject.keys();
    const key = newKey();
    const source = generated(20 * MB).stream;
    let read = 0;
    source.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > 7 * MB) source.destroy(new Error('the client went away'));
    });
    await expect(store.put(key, source)).rejects.toThrow(/the client went away/);
    expect(await store.exists(key)).toBe(false);
    expect(await subject.keys()).toEqual(before);
  });

  it('is ready without writing anything', async () => {
    const before = await subject.keys();
    for (let i = 0; i < 5; i++) await store.ready();
    expect(await subject.keys()).toEqual(before);
  });

  it('streams a 100 MB file in and out with memory staying flat', async () => {
    const key = newKey();
    const source = generated(100 * MB);
    const put = await memoryRise(() => store.put(key, source.stream, 100 * MB));
    expect(put.result).toEqual(source.expected());
    const get = await memoryRise(async () => measureStream(await store.get(key)));
    expect(get.result).toEqual(source.expected());
    // Whole-file buffering would add 100 MB; streaming holds a few parts at most.
    console.log(
      `${_name}: 100 MB put rose rss ${(put.rss / MB).toFixed(1)} MB, heap+buffers ${(put.heap / MB).toFixed(1)} MB;` +
        ` get rss ${(get.rss / MB).toFixed(1)} MB, heap+buffers ${(get.heap / MB).toFixed(1)} MB`,
    );
    // Whole-file buffering would hold 100 MB; streaming holds a few parts at most. The process's rss also keeps pages
    // the allocator got for collected garbage, so it gets a looser bound.
    for (const held of [put.heap, get.heap]) expect(held).toBeLessThan(60 * MB);
    for (const rss of [put.rss, get.rss]) expect(rss).toBeLessThan(100 * MB);
    await store.remove(key);
  }, 120_000);
});

describe('file store readiness failures', () => {
  it('a directory that cannot be made is not ready', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-files-'));
    const notADirectory = path.join(dir, 'a-file');
    writeFileSync(notADirectory, 'x');
    await expect(directoryFileStore(path.join(notADirectory, 'files')).ready()).rejects.toThrow();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a missing bucket or a server that does not answer is not ready, with a clear error', async () => {
    const s3 = await startTestS3();
    try {
      const missing = s3FileStore({ ...s3.config, bucket: 'no-such-bucket' });
      await expect(missing.ready()).rejects.toThrow(/HeadBucket s3:\/\/no-such-bucket \(no such bucket\)/);
    } finally {
      await s3.close();
    }
    const gone = s3FileStore(s3.config);
    const error = await gone.ready().catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(S3StoreError);
    expect(String((error as Error).message)).toMatch(/ECONNREFUSED/);
    await expect(gone.get(newKey())).rejects.toBeInstanceOf(S3StoreError);
  });
});

describe('S3 settings', () => {
  const base = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-config-')), NODE_ENV: 'test' };

  it('selects S3 by S3_BUCKET, path-style by default with an endpoint, taking AWS_* keys too', () => {
    expect(loadConfig(base).s3).toBeNull();
    expect(
      loadConfig({
        ...base,
        S3_ENDPOINT: 'https://s3.example.ru/',
        S3_BUCKET: 'agr-files',
        AWS_ACCESS_KEY_ID: 'id',
        AWS_SECRET_ACCESS_KEY: 'secret',
      }).s3,
    ).toEqual({
      endpoint: 'https://s3.example.ru',
      bucket: 'agr-files',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(
      loadConfig({ ...base, S3_BUCKET: 'agr-files', S3_REGION: 'eu-central-1', S3_FORCE_PATH_STYLE: 'false' }).s3,
    ).toEqual({
      endpoint: null,
      bucket: 'agr-files',
      region: 'eu-central-1',
      credentials: null,
      forcePathStyle: false,
    });
  });

  it('refuses half a configuration with a clear Russian message', () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /Задан S3_ENDPOINT, но не задан S3_BUCKET/],
      [{ S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 's' }, /не задан S3_BUCKET/],
      [{ S3_BUCKET: 'ab', S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_BUCKET: от 3 до 63 символов/],
      [{ S3_BUCKET: 'Files_Here', S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_BUCKET/],
      [{ S3_BUCKET: 'agr-files' }, /нужен S3_REGION/],
      [{ S3_BUCKET: 'agr-files', S3_ENDPOINT: 'ftp://x' }, /S3_ENDPOINT должен быть адресом/],
      [{ S3_BUCKET: 'agr-files', S3_ENDPOINT: 'http://x', S3_ACCESS_KEY_ID: 'id' }, /задаются парой/],
    ];
    for (const [env, message] of cases) {
      expect(() =>
        loadConfig({ ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://x', JWT_SECRET: 'x'.repeat(40), ...env }),
      ).toThrow(message);
      expect(() => loadConfig({ ...base, ...env })).toThrow(message);
    }
  });
});

describe('the API with files in S3', () => {
  let portal: TestPortal;
  let token: string;
  beforeAll(async () => {
    portal = await startTestPortal({}, { fileStore: 's3' });
    token = (await login(portal, demoUsers.owner.email)).accessToken;
  }, 60_000);
  afterAll(async () => {
    await portal?.close();
  });

  it('uploads a prefile into the bucket, attaches it to a statement and downloads the same bytes', async () => {
    const s3 = portal.s3;
    if (!s3) throw new Error('no S3 server');
    expect(portal.ctx.files.description).toContain(`s3://${s3.bucket}`);
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4 '), randomBytes(7 * MB)]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'Альбом АГР.pdf');
    const auth = { authorization: `Bearer ${token}` };
    const uploaded = await portal.app.inject({ method: 'POST', url: '/api/prefiles', headers: auth, payload: form });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const prefile = await portal.db
      .selectFrom('prefiles')
      .select(['storage_key', 'size', 'sha256'])
      .where('id', '=', uploaded.json().id)
      .executeTakeFirstOrThrow();
    expect(prefile).toMatchObject({ size: bytes.length, sha256: sha256(bytes) });
    // The bytes are in the bucket, not in FILES_DIR.
    const inBucket = s3FileStore(s3.config);
    expect(await measureStream(await inBucket.get(prefile.storage_key))).toEqual({
      size: bytes.length,
      sha256: sha256(bytes),
    });
    expect(readdirSync(portal.config.dataDir)).not.toContain('files');

    const created = await portal.app.inject({
      method: 'POST',
      url: '/api/statements',
      headers: auth,
      payload: {
        cipher: '',
        objectName: 'Библиотека',
        address: 'ул. Тестовая, 1',
        comment: '',
        prefileIds: [uploaded.json().id],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json().stages[0].files[0].url;
    expect(key).toBe(prefile.storage_key);
    const downloaded = await portal.app.inject({ method: 'GET', url: `/api/files?path=${key}`, headers: auth });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-length']).toBe(String(bytes.length));
    expect(downloaded.rawPayload.equals(bytes)).toBe(true);

    // Bytes gone from the bucket: the same 404 as an unknown key, not a 500.
    await inBucket.remove(key);
    const gone = await portal.app.inject({ method: 'GET', url: `/files/${key}`, headers: auth });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe('not_found');
  });

  it('refuses a file over 100 MB with 413 and leaves nothing in the bucket', async () => {
    const s3 = portal.s3;
    if (!s3) throw new Error('no S3 server');
    const client = createS3Client(s3.config);
    const objects = async () =>
      ((await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map((item) => item.Key);
    const before = await objects();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(MAX_FILE_BYTES + 1)], { type: 'application/pdf' }), 'большой.pdf');
    const over = await portal.app.inject({
      method: 'POST',
      url: '/api/prefiles',
      headers: { authorization: `Bearer ${token}` },
      payload: form,
    });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ error: 'file_too_large', message: 'Файл «большой.pdf» больше 100 МБ' });
    expect(await objects()).toEqual(before);
    client.destroy();
  }, 60_000);

  it('is ready while the bucket answers and not ready (503, naming the file store) when it does not', async () => {
    const ready = await portal.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    await portal.s3?.close();
    const notReady = await portal.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json().message).toContain('хранилище файлов');
  });
});
