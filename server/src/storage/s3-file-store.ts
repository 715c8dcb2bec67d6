import { pipeline, Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../config.ts';
import {
  asStream,
  assertStorageKey,
  FileNotFoundError,
  type FileStore,
  FileTooLargeError,
  measure,
  type StoredFile,
} from './file-store.ts';

/**
 * Multipart parts: S3's minimum part size, two in flight. An upload holds about `PART_SIZE * (QUEUE_SIZE + 2)` in
 * memory whatever the file's size (a part is kept until sent so the SDK can retry it; one more is being gathered).
 */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

/** An S3 call that failed, said plainly for the log: what, which object, and what the server answered. */
export class S3StoreError extends Error {
  constructor(operation: string, where: string, cause: unknown) {
    super(`S3 ${operation} ${where} failed: ${describeS3Error(cause)}`, { cause });
    this.name = 'S3StoreError';
  }
}

function describeS3Error(error: unknown): string {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode;
    return `${error.name}${status ? ` (HTTP ${status})` : ''}${error.message && error.message !== 'UnknownError' ? `: ${error.message}` : ''}`;
  }
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return `${code ? `${code} ` : ''}${error.message}`;
  }
  return String(error);
}

function httpStatus(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

/** The client for the settings: retries and timeouts from the SDK, checksums only where S3 requires them. */
export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Flexible checksums (CRC32 trailers) are what new SDKs send by default; many S3-compatible servers reject them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Files as objects in one bucket, under their keys. Uploads stream through a multipart upload (a file up to 5 MB is
 * one PutObject), measured on the way; an upload that fails or runs past `maxBytes` leaves no object behind.
 * Downloads stream the object's body.
 */
export function s3FileStore(config: S3Config, client: S3Client = createS3Client(config)): FileStore {
  const { bucket } = config;
  const description = `s3://${bucket}${config.endpoint ? ` (${config.endpoint})` : ''}`;
  const object = (key: string) => {
    assertStorageKey(key);
    return { Bucket: bucket, Key: key };
  };
  const where = (key: string) => `s3://${bucket}/${key}`;

  return {
    description,
    async put(key, source, maxBytes = Number.POSITIVE_INFINITY) {
      const target = object(key);
      const result: StoredFile = { size: 0, sha256: '' };
      let streamError: unknown = null;
      const body = pipeline(asStream(source), measure(maxBytes, result), (error) => {
        if (error) streamError = error;
      });
      const upload = new Upload({
        client,
        params: { ...target, Body: body, ContentType: 'application/octet-stream' },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
      });
      try {
        await upload.done();
      } catch (error) {
        body.destroy();
        // Lib-storage aborts the multipart upload itself; a server that cannot abort would hide the cause behind
        // its own error, so the stream's failure (too large, the client went away) is what the caller hears.
        await client.send(new DeleteObjectCommand(target)).catch(() => undefined);
        if (streamError instanceof FileTooLargeError) throw streamError;
        throw new S3StoreError('upload', where(key), streamError ?? error);
      }
      return result;
    },
    async get(key, range) {
      const target = object(key);
      try {
        const answer = await client.send(
          new GetObjectCommand(range ? { ...target, Range: `bytes=${range.start}-${range.end}` } : target),
        );
        if (!answer.Body) throw new Error('no body in the answer');
        const body = answer.Body as Readable;
        if (!range) return body;
        // Some S3-compatible servers answer more than was asked (the whole object, or `bytes=0-0` as `0-`): the
        // answer's own Content-Range says where its bytes start, and only the asked ones go on.
        const sent = /^bytes (\d+)-(\d+)\//.exec(answer.ContentRange ?? '');
        const sentStart = sent ? Number(sent[1]) : 0;
        const sentEnd = sent ? Number(sent[2]) : Number.POSITIVE_INFINITY;
        if (sentStart === range.start && sentEnd === range.end) return body;
        if (sentStart > range.start)
          throw new Error(`asked bytes ${range.start}-${range.end}, got ${answer.ContentRange}`);
        return byteSlice(body, range.start - sentStart, range.end - range.start + 1);
      } catch (error) {
        if (httpStatus(error) === 404 && (error as Error).name !== 'NoSuchBucket') {
          throw new FileNotFoundError(key, description);
        }
        throw new S3StoreError('GetObject', where(key), error);
      }
    },
    async remove(key) {
      try {
        await client.send(new DeleteObjectCommand(object(key)));
      } catch (error) {
        if (httpStatus(error) === 404) return;
        throw new S3StoreError('DeleteObject', where(key), error);
      }
    },
    async *list() {
      let token: string | undefined;
      do {
        const page = await client
          .send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }))
          .catch((error: unknown) => {
            throw new S3StoreError('ListObjectsV2', `s3://${bucket}`, error);
          });
        for (const item of page.Contents ?? []) {
          if (item.Key) yield { name: item.Key, modifiedAt: item.LastModified ?? new Date() };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand(object(key)));
        return true;
      } catch (error) {
        if (httpStatus(error) === 404) return false;
        throw new S3StoreError('HeadObject', where(key), error);
      }
    },
    async ready() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        const status = httpStatus(error);
        const reason =
          status === 404 ? 'no such bucket' : status === 403 ? 'access denied (check the credentials)' : null;
        throw new S3StoreError('HeadBucket', `s3://${bucket}${reason ? ` (${reason})` : ''}`, error);
      }
    },
  };
}

/** `length` bytes of `source` after skipping `skip`; the rest of the source is not read (leaving the loop destroys it). */
function byteSlice(source: Readable, skip: number, length: number): Readable {
  return Readable.from(
    (async function* () {
      let toSkip = skip;
      let left = length;
      for await (const chunk of source) {
        const part = (chunk as Buffer).subarray(Math.min(toSkip, (chunk as Buffer).length));
        toSkip -= (chunk as Buffer).length - part.length;
        const taken = part.subarray(0, left);
        left -= taken.length;
        if (taken.length > 0) yield taken;
        if (left === 0) return;
      }
    })(),
  );
}
