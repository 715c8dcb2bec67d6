import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { watchPartHeaders } from '../../server/src/prefiles/multipart-headers.ts';

/** Streams `body` in chunks of `size` bytes past a watch with `limit`; answers its verdict. */
async function watched(body: string, size: number, limit: number): Promise<boolean> {
  const stream = new PassThrough();
  const tooLarge = watchPartHeaders(stream, 'B', limit);
  const bytes = Buffer.from(body);
  for (let at = 0; at < bytes.length; at += size) stream.write(bytes.subarray(at, at + size));
  stream.end();
  stream.resume();
  await new Promise((resolve) => stream.once('end', resolve));
  return tooLarge();
}

const part = (headers: string, content = 'data') => `--B\r\n${headers}\r\n\r\n${content}\r\n`;

describe('watchPartHeaders', () => {
  const small = part('Content-Disposition: form-data; name="file"; filename="a.pdf"');
  const big = part(`Content-Disposition: form-data; name="file"\r\nX-Pad: ${'a'.repeat(300)}`);
  const close = '--B--\r\n';

  it.each([1, 2, 3, 7, 64, 100_000])('finds the header blocks whatever the chunk size (%i bytes)', async (size) => {
    expect(await watched(small + close, size, 100)).toBe(false);
    expect(await watched(big + close, size, 100)).toBe(true);
    expect(await watched(small + big + close, size, 100)).toBe(true);
    expect(await watched(small + small + close, size, 100)).toBe(false);
  });

  it('does not count file bytes, even those that look like headers, nor the epilogue', async () => {
    const content = `line\r\n${'x'.repeat(1000)}\r\n\r\nmore`;
    expect(
      await watched(part('Content-Disposition: form-data; name="file"', content) + close + 'e'.repeat(500), 5, 100),
    ).toBe(false);
  });

  it('counts a header block that never ends', async () => {
    expect(await watched(`--B\r\nX-Pad: ${'a'.repeat(500)}`, 9, 100)).toBe(true);
  });
});
