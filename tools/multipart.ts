import { randomBytes } from 'node:crypto';

/** The multipart/form-data framing of one file in the field `file`, for a body sent by hand (streamed, cut off). */
export interface MultipartFile {
  /** The Content-Type header, with the boundary. */
  contentType: string;
  /** What goes before the file's bytes. */
  head: Buffer;
  /** What goes after them: the closing boundary. */
  tail: Buffer;
  /** Content-Type and Content-Length of a body carrying `size` bytes of file. */
  headers(size: number): Record<string, string>;
}

export function multipartFile(fileName: string, type = 'application/pdf'): MultipartFile {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const contentType = `multipart/form-data; boundary=${boundary}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    contentType,
    head,
    tail,
    headers: (size) => ({
      'content-type': contentType,
      'content-length': String(head.length + size + tail.length),
    }),
  };
}
