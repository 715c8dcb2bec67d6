import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { apiError } from '../errors.ts';
import { SHELL_FALLBACKS } from './fallbacks.ts';
import { isApiPath, routedPath } from './routed-path.ts';

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** Resolves a URL path to a file inside dist/ the way nginx.conf does: file, dir/index.html, id shell, else null. */
export async function resolveSitePath(distDir: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  // Like nginx.conf: no dotfiles (.git, .env, …) whatever dist/ holds.
  if (decoded.split('/').some((segment) => segment.startsWith('.') && segment !== '.well-known')) return null;
  const target = path.resolve(distDir, `.${path.posix.normalize(decoded)}`);
  if (target !== distDir && !target.startsWith(distDir + path.sep)) return null;
  if (await isFile(target)) return target;
  const index = path.join(target, 'index.html');
  if (await isFile(index)) return index;
  const fallback = SHELL_FALLBACKS.find((rule) => rule.pattern.test(decoded));
  if (fallback) return path.join(distDir, fallback.shell);
  return null;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Cache-Control as nginx.conf sends it: hashed build assets for a year, everything else revalidated. */
export function cacheControlFor(file: string): string {
  return file.includes(`${path.sep}_astro${path.sep}`) ? IMMUTABLE : 'no-cache';
}

/** `file` (inside `root`) as the URL-style path @fastify/static resolves against its root. */
function relativeUrlPath(root: string, file: string): string {
  return `/${path.relative(root, file).split(path.sep).join('/')}`;
}

function sendSiteFile(reply: FastifyReply, root: string, file: string, status = 200): FastifyReply {
  return reply.code(status).sendFile(relativeUrlPath(root, file), root);
}

/**
 * Serves the built site from dist/ with nginx.conf's rules, as the not-found handler after the API routes.
 * Files go out through @fastify/static: ETag/Last-Modified with 304, and the `.br`/`.gz` the build wrote beside
 * each text asset (scripts/precompress.ts) when the client accepts them, with `Vary: Accept-Encoding`.
 * Which file answers a path (index.html, the id-route shells, 404.html, no dotfiles) is decided here first.
 */
export async function serveSite(app: FastifyInstance, distDir: string): Promise<void> {
  const root = path.resolve(distDir);
  await app.register(fastifyStatic, {
    root,
    // No route of its own: the not-found handler below picks the file, @fastify/static sends it.
    serve: false,
    preCompressed: true,
    index: false,
    dotfiles: 'deny',
    etag: true,
    lastModified: true,
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('Cache-Control', cacheControlFor(file));
    },
  });
  // RFC 9239: JavaScript is text/javascript (@fastify/static's mime table still says application/javascript).
  // A callback hook: it runs on every reply, API included, and an async one costs a promise each.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/javascript'))
      reply.header('content-type', 'text/javascript; charset=utf-8');
    done(null, payload);
  });
  app.setNotFoundHandler(async (request, reply) => {
    // The router's reading of the path (decoded), as for no-store in http/reply-headers.ts: `/%61pi/nope` is the API's 404.
    if (isApiPath(routedPath(request))) {
      const missing = apiError('not_found');
      return reply.code(missing.statusCode).send(missing.body);
    }
    const urlPath = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply
        .code(405)
        .header('Allow', 'GET, HEAD')
        .send({ error: 'method_not_allowed', message: 'Метод не поддерживается' });
    }
    const file = await resolveSitePath(root, urlPath);
    if (file) return sendSiteFile(reply, root, file);
    return sendSiteFile(reply, root, path.join(root, '404.html'), 404);
  });
}
