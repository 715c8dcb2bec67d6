// @ts-check
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { writeApiDocs } from './scripts/api-docs.ts';
import { precompressDir } from './scripts/precompress.ts';
import { writeVersionFile } from './scripts/version-file.ts';
import { SHELL_FALLBACKS } from './server/src/site/fallbacks.ts';

/** When this build started: sources changed after it may be missing from it (dist/.build-started). */
let buildStarted = Date.now();

/**
 * dist/version.json: the deployed version open clients compare with theirs (scripts/version-file.ts); and
 * dist/.build-started, the moment the build began, which the staleness checks compare sources with.
 */
const versionFile = {
  name: 'version-file',
  hooks: {
    'astro:build:start': () => {
      buildStarted = Date.now();
    },
    /** @param {{ dir: URL, logger: { info(message: string): void } }} options */
    'astro:build:done': async ({ dir, logger }) => {
      logger.info(`version.json: ${await writeVersionFile(fileURLToPath(dir))}`);
      await writeFile(new URL('.build-started', dir), `${buildStarted}\n`);
    },
  },
};

/** `.br` and `.gz` beside every text asset of dist/, for nginx's gzip_static and `npm start`'s preCompressed. */
const precompress = {
  name: 'precompress',
  hooks: {
    /** @param {{ dir: URL, logger: { info(message: string): void } }} options */
    'astro:build:done': async ({ dir, logger }) => {
      const count = await precompressDir(fileURLToPath(dir));
      logger.info(`${count} text files precompressed (.br, .gz)`);
    },
  },
};

/** `npm run dev` (scripts/dev.ts): the API process Astro's dev server sends the API's paths to, as nginx does. */
const devApiOrigin = process.env.DEV_API_ORIGIN ?? null;

/** In the dev server, an id route is answered by its shell, as `npm start` and nginx do (the address stays). */
const devShells = {
  name: 'dev-shells',
  /** @param {{ middlewares: { use(handler: (req: { url?: string }, res: unknown, next: () => void) => void): void } }} server */
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const pathname = (req.url ?? '').split('?')[0] ?? '';
      const hit = SHELL_FALLBACKS.find((fallback) => fallback.pattern.test(pathname));
      if (hit) req.url = `/${hit.shell.replace(/index\.html$/, '')}`;
      next();
    });
  },
};

/** The API's origin when the site calls it elsewhere (PUBLIC_API_BASE, as src/lib/api/session-core.ts reads it). */
const apiOrigin = process.env.PUBLIC_API_BASE ? new URL(process.env.PUBLIC_API_BASE).origin : null;

/**
 * Styles also allow inline: Radix Dialog's scroll lock (react-remove-scroll) injects a <style> whose text depends on
 * the scrollbar width, so no build-time hash can match it (README "Style policy"); Redoc's pre-rendered styles too.
 */
const STYLE_SOURCES = ["'self'", "'unsafe-inline'"];

/**
 * The site's Content Security Policy but its script-src, which Astro writes per page with the hashes of its scripts.
 * Everything from our own origin only (SECURITY.md, «Headers and Content Security Policy»): the API (or
 * PUBLIC_API_BASE's origin), the pdf.js worker, fonts; images also as data: (QR codes) and blob: (the viewer).
 * frame-ancestors cannot be set in a <meta>: nginx and the API send it as a header.
 * @type {NonNullable<Exclude<NonNullable<import('astro').AstroUserConfig['security']>['csp'], boolean | undefined>['directives']>}
 */
const CSP_DIRECTIVES = [
  "default-src 'self'",
  `connect-src 'self'${apiOrigin ? ` ${apiOrigin}` : ''}`,
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
];

/** dist/api-docs: the API's documentation for integrators, under the same policy (scripts/api-docs.ts). */
const apiDocs = {
  name: 'api-docs',
  hooks: {
    /** @param {{ dir: URL, logger: { info(message: string): void } }} options */
    'astro:build:done': async ({ dir, logger }) => {
      logger.info(await writeApiDocs(fileURLToPath(dir), [...CSP_DIRECTIVES, `style-src ${STYLE_SOURCES.join(' ')}`]));
    },
  },
};

export default defineConfig({
  output: 'static',
  integrations: [react(), apiDocs, versionFile, precompress],
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  security: {
    csp: {
      // Scripts stay hash-only.
      styleDirective: { resources: STYLE_SOURCES },
      directives: CSP_DIRECTIVES,
    },
  },
  // No Markdown pages; Shiki's inline styles would also clash with the hashed CSP.
  markdown: { syntaxHighlight: false },
  devToolbar: { enabled: false },
  vite: devApiOrigin
    ? {
        plugins: [devShells],
        server: { proxy: Object.fromEntries(['/api', '/files', '/version.json'].map((p) => [p, devApiOrigin])) },
      }
    : {},
});
