// Initial JavaScript of a built page: everything it loads before interaction. From the HTML: module scripts,
// modulepreloads, islands (component and renderer) and inline scripts; from each module, its static imports
// (`import … from "./x.js"`, `import "./x.js"`), recursively. Dynamic `import()` is what a route may load later and is
// left out on purpose. Sizes are gzip (the build's .gz when present, else gzip -9 of the file).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { API_DOCS_DIR } from '../../scripts/api-docs.ts';

export interface RouteJs {
  /** The page's path as served ('/company', '/login'). */
  route: string;
  /** dist-relative module files in the initial set, sorted. */
  modules: string[];
  /** gzip bytes of those modules plus the page's inline scripts. */
  gzipBytes: number;
  inlineGzipBytes: number;
}

const attr = (tag: string, name: string): string | null => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match?.[1] ?? null;
};

/** Module URLs and inline script bodies a page's HTML starts with. */
export function entriesOfHtml(html: string): { urls: string[]; inline: string[] } {
  const urls: string[] = [];
  const inline: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = match[1] ?? '';
    const src = attr(attrs, 'src');
    if (src) urls.push(src);
    else if (!/type="(application\/(ld\+)?json|importmap)"/.test(attrs)) {
      inline.push(match[2] ?? '');
      // An inline module may import chunks itself.
      if (/type="module"/.test(attrs)) urls.push(...staticImports(match[2] ?? ''));
    }
  }
  for (const match of html.matchAll(/<link\b[^>]*>/g)) {
    if (/rel="modulepreload"/.test(match[0])) {
      const href = attr(match[0], 'href');
      if (href) urls.push(href);
    }
  }
  for (const match of html.matchAll(/<astro-island\b[^>]*>/g)) {
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const url = attr(match[0], name);
      if (url) urls.push(url);
    }
  }
  return { urls, inline };
}

/** Static import specifiers of a module (not dynamic `import()`). */
export function staticImports(code: string): string[] {
  const found: string[] = [];
  // `import{a}from"./x.js"`, `import x from './x.js'`, `export{a}from"./x.js"`, `import"./x.js"`.
  for (const match of code.matchAll(/(?:\bimport|\bexport)\s*(?:[\w*${}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g)) {
    const before = code.slice(Math.max(0, (match.index ?? 0) - 1), match.index ?? 0);
    if (before === '.') continue;
    if (match[1]) found.push(match[1]);
  }
  return found;
}

function gzipSize(file: string): number {
  const gz = `${file}.gz`;
  if (existsSync(gz)) return statSync(gz).size;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** The initial JS of one HTML file of `distDir`. */
export function initialJsOfPage(distDir: string, htmlFile: string): RouteJs {
  const html = readFileSync(htmlFile, 'utf8');
  const { urls, inline } = entriesOfHtml(html);
  const seen = new Set<string>();
  const queue = urls.filter((url) => url.startsWith('/')).map((url) => url.split('?')[0] ?? url);
  while (queue.length > 0) {
    const url = queue.shift() as string;
    const rel = url.replace(/^\//, '');
    if (seen.has(rel)) continue;
    const file = path.join(distDir, rel);
    if (!existsSync(file)) throw new Error(`${htmlFile} loads ${url}, which is not in ${distDir}`);
    seen.add(rel);
    for (const spec of staticImports(readFileSync(file, 'utf8'))) {
      if (spec.startsWith('./') || spec.startsWith('../')) {
        queue.push(`/${path.posix.join(path.posix.dirname(rel), spec)}`);
      } else if (spec.startsWith('/')) queue.push(spec);
    }
  }
  const modules = [...seen].sort();
  const inlineGzipBytes = inline.reduce(
    (sum, body) => sum + (body.trim() ? gzipSync(body, { level: 9 }).length : 0),
    0,
  );
  const gzipBytes = modules.reduce((sum, rel) => sum + gzipSize(path.join(distDir, rel)), 0) + inlineGzipBytes;
  const relHtml = path.relative(distDir, htmlFile).split(path.sep).join('/');
  const route = `/${relHtml.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`.replace(/\/$/, '') || '/';
  return { route, modules, gzipBytes, inlineGzipBytes };
}

/**
 * Every built page of `distDir` but the integrators' API documentation (dist/api-docs, scripts/api-docs.ts): Redoc's
 * own page, which no user of the portal loads.
 */
export function initialJsOfSite(distDir: string): RouteJs[] {
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '_astro' && full !== path.join(distDir, API_DOCS_DIR)) walk(full);
      } else if (entry.name.endsWith('.html')) pages.push(full);
    }
  };
  walk(distDir);
  return pages.sort().map((page) => initialJsOfPage(distDir, page));
}

/** What must stay out of every initial load: jspdf (and html2canvas it pulls) and the certificate's font. */
export function forbiddenInitial(modules: readonly string[], distDir: string): string[] {
  return modules.filter((rel) => {
    if (/jspdf|html2canvas|\.ttf$|pdf\.worker|DocumentViewer/i.test(rel)) return true;
    // A chunk that embeds the certificate font, jspdf or pdf.js under another name.
    const code = readFileSync(path.join(distDir, rel), 'utf8');
    return code.includes('PTSerif') || /jsPDF\s*=|\.jsPDF\b/.test(code) || code.includes('GlobalWorkerOptions');
  });
}
