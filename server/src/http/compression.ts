import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fp from 'fastify-plugin';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Smaller replies gain nothing worth the CPU (and fit one packet anyway). */
const MIN_BYTES = 1024;
/** Brotli at quality 4 is about as fast as gzip 6 and smaller; 11 (the default) is for build-time assets only. */
const BROTLI_OPTIONS = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};

/** The encoding to answer with: br before gzip, only when the client accepts it (q=0 refuses). */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * Compresses JSON replies of the API (lists of thousands of statements are mostly repeated keys and names) with
 * Node's zlib, off the event loop. Static files are precompressed at build and served as such, so only /api/ is
 * touched; streams (downloads) pass through untouched.
 */
export default fp(
  async (app) => {
    // A callback hook: most replies are passed on synchronously (small, not JSON, not the API); only compressing
    // waits for zlib.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!request.url.startsWith('/api/')) return done(null, payload);
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
      if (reply.hasHeader('content-encoding')) return done(null, payload);
      const type = String(reply.getHeader('content-type') ?? '');
      if (!type.includes('json')) return done(null, payload);
      const vary = String(reply.getHeader('vary') ?? '');
      if (!/accept-encoding/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
      if (size < MIN_BYTES) return done(null, payload);
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      if (!encoding) return done(null, payload);
      (encoding === 'br' ? brotli(payload, BROTLI_OPTIONS) : gzip(payload)).then(
        (body) => {
          reply.header('content-encoding', encoding);
          reply.removeHeader('content-length');
          done(null, body);
        },
        (error: Error) => done(error),
      );
    });
  },
  { name: 'compression' },
);
