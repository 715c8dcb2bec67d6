import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SHELL_FALLBACKS } from './fallbacks.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

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

function sendFile(reply: FastifyReply, file: string, status = 200) {
  const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  reply.code(status).type(type);
  if (file.includes(`${path.sep}_astro${path.sep}`))
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
  else reply.header('Cache-Control', 'no-cache');
  return reply.send(createReadStream(file));
}

/** Serves the built site from dist/ with nginx.conf's rules, as the not-found handler after the API routes. */
export async function serveSite(app: FastifyInstance, distDir: string): Promise<void> {
  const root = path.resolve(distDir);
  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath.startsWith('/api/') || urlPath.startsWith('/files/')) {
      return reply.code(404).send({ error: 'not_found', message: 'Не найдено' });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply
        .code(405)
        .header('Allow', 'GET, HEAD')
        .send({ error: 'method_not_allowed', message: 'Метод не поддерживается' });
    }
    const file = await resolveSitePath(root, urlPath);
    if (file) return sendFile(reply, file);
    return sendFile(reply, path.join(root, '404.html'), 404);
  });
}
