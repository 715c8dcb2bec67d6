// dist/api-docs/: the API's documentation for integrators, rendered from openapi.yaml at every build by Redocly's
// build-docs (the Redoc renderer, pre-rendered HTML), with nothing from a CDN. Redoc writes its scripts inline; they
// move to files beside the page, so the page keeps the site's Content Security Policy (scripts from 'self' only).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.join(import.meta.dirname, '..');
const cli = path.join(root, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');

const CDN_LOGO = /https:\/\/cdn\.redoc\.ly\/redoc\/([a-z-]+\.svg)/g;
const WORDMARK =
  '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="16" viewBox="0 0 80 16">' +
  '<text x="0" y="13" font-family="sans-serif" font-size="13" fill="#8c8c8c">Redocly</text></svg>\n';

/**
 * Redoc's search makes its index's worker with `Function(…)` when the page has Web Workers, which the policy refuses
 * (no 'unsafe-eval'). Without them it indexes in the page: this script, first in the head, takes them away.
 */
const NO_WORKERS = ['no-workers.js', 'window.Worker = undefined;\n'] as const;

/** Where the page lives in dist/ (and so its address: /api-docs). */
export const API_DOCS_DIR = 'api-docs';

/** Renders openapi.yaml into `distDir/api-docs/index.html` under `cspDirectives` (the site's, without script-src). */
export async function writeApiDocs(distDir: string, cspDirectives: readonly string[]): Promise<string> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'api-docs-'));
  try {
    const rendered = path.join(scratch, 'index.html');
    await promisify(execFile)(
      process.execPath,
      [cli, 'build-docs', path.join(root, 'openapi.yaml'), '--output', rendered, '--inlineBundle', '--lint-config=off'],
      { cwd: root },
    );
    const html = await readFile(rendered, 'utf8');
    const outDir = path.join(distDir, API_DOCS_DIR);
    await mkdir(outDir, { recursive: true });
    const files: Array<[name: string, code: string]> = [[...NO_WORKERS]];
    const logos = new Set<string>();
    const page = html.replace(
      /<script( type="module")?>([\s\S]*?)<\/script>/g,
      (_, type: string | undefined, inline) => {
        // Redoc's attribution loads its logo from Redocly's CDN: the page serves a wordmark of its own instead.
        const code = inline.replace(CDN_LOGO, (_url: string, logo: string) => {
          logos.add(logo);
          return `/${API_DOCS_DIR}/${logo}`;
        });
        const name = `${createHash('sha256').update(code).digest('hex').slice(0, 12)}.js`;
        files.push([name, code]);
        return `<script${type ?? ''} src="/${API_DOCS_DIR}/${name}"></script>`;
      },
    );
    if (/<script(?![^>]*\ssrc=)[^>]*>/.test(page)) throw new Error('api-docs: an inline script is left in the page');
    const csp = [...cspDirectives, "script-src 'self'"].join('; ');
    const withCsp = page
      .replace('<html lang="en">', '<html lang="ru">')
      .replace(
        /<meta charset="[^"]*" \/>/,
        (charset) =>
          `${charset}\n  <meta http-equiv="content-security-policy" content="${csp}">\n` +
          `  <script src="/${API_DOCS_DIR}/${NO_WORKERS[0]}"></script>`,
      );
    if (!withCsp.includes('content-security-policy')) throw new Error('api-docs: no charset to put the CSP after');
    for (const [name, code] of files) await writeFile(path.join(outDir, name), code);
    for (const logo of logos) await writeFile(path.join(outDir, logo), WORDMARK);
    await writeFile(path.join(outDir, 'index.html'), withCsp);
    return `/${API_DOCS_DIR} (${files.length} scripts, ${Math.round(withCsp.length / 1024)} KB of HTML)`;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
