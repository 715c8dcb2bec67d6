import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { forbiddenInitial, initialJsOfSite, staticImports } from '../../bench/lib/initial-js.ts';
import { closingNote, type Figure, formatTable } from '../../bench/lib/table.ts';

describe('staticImports', () => {
  it('finds minified and spaced static imports and re-exports, never dynamic import()', () => {
    const code =
      'import{a as b}from"./react.js";import"./side.js";export{c}from"./re.js";' +
      'import x from \'./spaced.js\';const l=()=>import("./lazy.js");';
    expect(staticImports(code)).toEqual(['./react.js', './side.js', './re.js', './spaced.js']);
  });
});

describe('initialJsOfSite', () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'bench-dist-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(dist, rel)), { recursive: true });
    writeFileSync(path.join(dist, rel), text);
  };
  const body = (name: string) => `/* ${name} */ ${'x'.repeat(200)}`;
  write('_astro/island.js', `import{r}from"./runtime.js";${body('island')};const p=()=>import("./jspdf.es.min.js");`);
  write('_astro/runtime.js', `import"./shared.js";${body('runtime')}`);
  write('_astro/shared.js', body('shared'));
  write('_astro/client.js', `import{r}from"./runtime.js";${body('client')}`);
  write('_astro/page.js', body('page script'));
  write('_astro/jspdf.es.min.js', body('jspdf'));
  write('_astro/unused.js', body('never loaded'));
  write(
    'company/index.html',
    '<html><head><script type="module" src="/_astro/page.js"></script></head><body>' +
      '<astro-island component-url="/_astro/island.js" renderer-url="/_astro/client.js"></astro-island>' +
      '<script>console.log("inline runtime")</script></body></html>',
  );
  write('login/index.html', '<html><head><link rel="modulepreload" href="/_astro/shared.js"></head></html>');

  it('follows islands, module scripts, modulepreloads and static imports recursively, and sums gzip sizes', () => {
    const routes = initialJsOfSite(dist);
    expect(routes.map((r) => r.route)).toEqual(['/company', '/login']);
    const company = routes[0];
    expect(company?.modules).toEqual([
      '_astro/client.js',
      '_astro/island.js',
      '_astro/page.js',
      '_astro/runtime.js',
      '_astro/shared.js',
    ]);
    const gz = (rel: string) => gzipSync(readFileSync(path.join(dist, rel)), { level: 9 }).length;
    const inline = gzipSync('console.log("inline runtime")', { level: 9 }).length;
    expect(company?.inlineGzipBytes).toBe(inline);
    expect(company?.gzipBytes).toBe((company?.modules ?? []).reduce((sum, rel) => sum + gz(rel), 0) + inline);
    expect(routes[1]?.modules).toEqual(['_astro/shared.js']);
  });

  it('names jspdf and the certificate font when they are in an initial set', () => {
    expect(forbiddenInitial(['_astro/island.js', '_astro/jspdf.es.min.js'], dist)).toEqual(['_astro/jspdf.es.min.js']);
    write('_astro/font.js', 'export default "PTSerif_400Regular"');
    expect(forbiddenInitial(['_astro/font.js', '_astro/shared.js'], dist)).toEqual(['_astro/font.js']);
  });
});

describe('formatTable', () => {
  const figures: Figure[] = [
    { group: 1, name: 'initial JS /login', budget: '≤ 80 KB', anchor: '69 KB', measured: '84.6 KB', verdict: 'FAIL' },
    { group: 6, name: 'npm start', budget: '≤ 3 s', anchor: '', measured: '949 ms', verdict: 'ok' },
  ];

  it('pads every column to its widest cell, Cyrillic and symbols counted as one column each', () => {
    const lines = formatTable(figures).split('\n');
    expect(lines[0]).toMatch(/^# \| figure +\| budget +\| anchor \| measured \| verdict$/);
    const bars = (line: string) => [...line].flatMap((c, i) => (c === '|' ? [i] : []));
    expect(bars(lines[2] ?? '')).toEqual(bars(lines[3] ?? ''));
    expect(lines[2]).toContain('| FAIL');
  });

  it('names every budget not met in the closing note', () => {
    expect(closingNote(figures)).toContain('[1] initial JS /login: 84.6 KB against ≤ 80 KB');
    expect(closingNote([figures[1] as Figure])).toBe('All measured budgets met.');
  });
});
