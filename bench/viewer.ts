// Figure 8: the document viewer on a 100 MB, 300-page drawing set (made here with PDFKit, each sheet carrying an
// incompressible raster so the file is as large as scanned drawings): time from 'Просмотр' to page 1 on screen, the
// bytes read for it, and the tab's JS heap while every page is scrolled through.
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS, type Cookie, loggedIn } from './browser.ts';
import { ALBUM, drawingSet } from './lib/drawing-set.ts';
import type { BenchPortal } from './lib/portal.ts';
import { atMost, type Figure, ms, percent } from './lib/table.ts';

const { pages: PAGES, raster: RASTER } = ALBUM;
const FILE_NAME = 'Альбом 300 листов.pdf';
const MB = 1024 * 1024;

/** Uploads the set and files a statement with it; answers the statement's id and the file's size. */
async function statementWithSet(portal: BenchPortal, accessToken: string, bytes: Buffer): Promise<number> {
  const authorization = `Bearer ${accessToken}`;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), FILE_NAME);
  const uploaded = await fetch(`${portal.url}/api/prefiles`, {
    method: 'POST',
    headers: { authorization },
    body: form,
  });
  if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
  const { id: prefileId } = (await uploaded.json()) as { id: number };
  const created = await fetch(`${portal.url}/api/statements`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({
      cipher: '',
      objectName: 'Бенчмарк просмотра',
      address: null,
      comment: null,
      prefileIds: [prefileId],
    }),
  });
  if (created.status !== 201) throw new Error(`statement: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { id: number }).id;
}

/** What opening one set measured: time and bytes to page 1, and (when scrolled) the heap peak and scroll time. */
interface Opened {
  firstPageMs: number;
  firstPageBytes: number;
  scroll: { peakHeap: number; ms: number; canvases: number } | null;
}

/** Opens the set of statement `id` in the viewer, as its owner, from 'Просмотр'; with `scroll`, goes to every page. */
async function openInViewer(portal: BenchPortal, cookie: Cookie, id: number, scroll: boolean): Promise<Opened> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const context = await loggedIn(browser, portal, cookie);
    const page = await context.newPage();
    const sizes: Promise<number>[] = [];
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname !== '/api/files') return;
      sizes.push(request.sizes().then((s) => s.responseBodySize));
    });
    await page.goto(`/statement/info/${id}`);
    const open = page.getByRole('button', { name: `Просмотр «${FILE_NAME}»` });
    await open.waitFor();
    const clicked = performance.now();
    await open.click();
    await page.locator('[data-page="1"] canvas[data-drawn]').waitFor({ timeout: 120_000 });
    const firstPageMs = performance.now() - clicked;
    const firstPageBytes = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
    if (!scroll) return { firstPageMs, firstPageBytes, scroll: null };

    // Every page in turn, from the page input: the kept window moves, canvases come and go; the heap is sampled.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const heap = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
    };
    let peakHeap = await heap();
    const input = page.getByRole('textbox', { name: 'Номер страницы' });
    const began = performance.now();
    for (let n = 2; n <= PAGES; n += 1) {
      await input.fill(String(n));
      await input.press('Enter');
      await page.locator(`[data-page="${n}"] canvas[data-drawn]`).waitFor({ timeout: 30_000 });
      if (n % 10 === 0) peakHeap = Math.max(peakHeap, await heap());
    }
    const ms = performance.now() - began;
    const canvases = await page.locator('.viewer__page canvas').count();
    return { firstPageMs, firstPageBytes, scroll: { peakHeap, ms, canvases } };
  } finally {
    await browser.close();
  }
}

export async function viewerFigures(portal: BenchPortal): Promise<Figure[]> {
  const owner = await portal.logIn('owner@demo.example');
  const figures: Figure[] = [];
  for (const layout of ['grouped', 'interleaved'] as const) {
    const made = performance.now();
    const bytes = await drawingSet({ pages: PAGES, raster: RASTER, layout });
    const madeMs = performance.now() - made;
    const id = await statementWithSet(portal, owner.accessToken, bytes);
    // The refresh cookie rotates with every page load: each browser gets a login of its own (one code a minute per
    // address, so the second is the company's employee).
    const { cookie } = layout === 'grouped' ? owner : await portal.logIn('employee@demo.example');
    const opened = await openInViewer(portal, cookie, id, layout === 'grouped');
    const size = `${(bytes.length / MB).toFixed(0)} MB, ${PAGES} pages, page dictionaries ${layout}`;
    if (layout === 'interleaved') {
      figures.push({
        group: 8,
        name: `viewer: page 1 of a set whose page dictionaries lie between the images (${size})`,
        budget: 'reported',
        anchor: 'pdf.js checks the last page first and reads every page dictionary on the way',
        measured: `${ms(opened.firstPageMs)}, ${percent(opened.firstPageBytes / bytes.length)} of the file`,
        value: opened.firstPageMs,
        verdict: 'info',
      });
      continue;
    }
    figures.push(
      atMost(
        {
          group: 8,
          name: `viewer: 'Просмотр' to page 1 on screen (${size})`,
          budget: '≤ 1.5 s',
          anchor: `set made by PDFKit in ${(madeMs / 1000).toFixed(1)} s; includes loading the viewer chunk and worker`,
        },
        opened.firstPageMs,
        1500,
        ms,
      ),
      atMost(
        {
          group: 8,
          name: 'viewer: bytes read for page 1 / file size',
          budget: '≤ 5 %',
          anchor: `${(opened.firstPageBytes / MB).toFixed(2)} MB of ${(bytes.length / MB).toFixed(0)} MB in ranges`,
        },
        opened.firstPageBytes / bytes.length,
        0.05,
        percent,
      ),
    );
    if (opened.scroll) {
      figures.push(
        atMost(
          {
            group: 8,
            name: 'viewer: peak JS heap of the tab, every page gone to',
            budget: '< 300 MB',
            anchor: `${PAGES} pages in ${(opened.scroll.ms / 1000).toFixed(0)} s; ${opened.scroll.canvases} canvases kept at the end`,
          },
          opened.scroll.peakHeap,
          300 * MB - 1,
          (v) => `${(v / MB).toFixed(0)} MB`,
        ),
      );
    }
  }
  return figures;
}
