import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { listItems } from './listed.ts';
import { ReviewPage } from './pages/examiner-pages.ts';
import { StatementDetailPage } from './pages/statement-page.ts';

// docs/product.md «Printing»: committees print statements for their meetings. A printed detail carries the committee
// and the date printed, the project, the applicant and the company, every round with its files, the remarks with their
// states and the history, and none of the screen's sidebar or buttons. Chromium prints to PDF; pdftotext reads it back.

/** The page printed by Chromium as A4, read back by pdftotext (layout kept, so a line is a line of the sheet). */
async function printed(page: Page): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-print-'));
  try {
    const file = path.join(dir, 'page.pdf');
    await writeFile(file, await page.pdf({ format: 'A4', printBackground: true }));
    const result = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr}`);
    return result.stdout.replace(/\s+/g, ' ');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What both details print of the seeded approved statement, and what they must leave off the paper. */
const PRINTED = [
  'Комитет по архитектуре и градостроительству',
  'Напечатано',
  '№4',
  'Согласовано',
  'Поликлиника на 300 посещений',
  'Петрова Анна Сергеевна',
  'Документы',
  'Повторная подача №1',
  'Альбом АГР.pdf',
  'Альбом АГР, версия 2.pdf',
  'Приложите ведомость отделки фасадов с колерами.',
  'Снято',
  'Дан ответ',
  'Не снято',
  'Заявление подано',
  'Принято в работу',
];
const LEFT_OFF = ['Меню', 'Выйти', 'Просмотр', 'Показать на листе', 'Сравнить с предыдущей версией'];

/** The seeded approved statement's id, as the list the page asked for names it. */
async function approvedId(page: Page, listPath: string, apiPath: string): Promise<number> {
  const listed = page.waitForResponse((response) => new URL(response.url()).pathname === apiPath && response.ok());
  await page.goto(listPath);
  const items = listItems(await (await listed).json());
  const approved = items.find((item) => item.title === 'Поликлиника на 300 посещений');
  if (!approved) throw new Error('the seeded approved statement is not listed');
  return approved.id;
}

function expectPrinted(text: string, more: string[] = []): void {
  for (const words of [...PRINTED, ...more]) expect(text, `printed: ${words}`).toContain(words);
  for (const words of LEFT_OFF) expect(text, `left off: ${words}`).not.toContain(words);
}

test.describe('printing the examiner’s detail', () => {
  test.use({ role: 'examiner1' });

  test('prints every round, remark and the history under the committee’s header, without the screen’s controls', async ({
    page,
  }) => {
    const review = new ReviewPage(page);
    await review.goto(await approvedId(page, '/instance/all', '/api/instance/all/statements'));
    await expect(review.historyEntries.first()).toBeVisible();
    expectPrinted(await printed(page), ['Смирнов Алексей Петрович', 'О компании', '7701234560']);
  });
});

test.describe('printing the company’s detail', () => {
  test.use({ role: 'owner' });

  test('prints the same statement as the applicant sees it', async ({ page }) => {
    const detail = new StatementDetailPage(page, '/statement/info/');
    await detail.goto(await approvedId(page, '/company', '/api/statements'));
    await expect(detail.historyEntries.first()).toBeVisible();
    expectPrinted(await printed(page));
  });
});
