// Renders real remarks letters with jspdf and the embedded PT Serif in Node and reads them back with poppler, as the
// applicant's PDF viewer would: the statement, every published remark with its place, answer and state, in Russian.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toBase64 } from '#domain/pdf/committee-document.ts';
import { remarkItem } from '../../../test-support/remarks.ts';
import { statementItem } from '../../../test-support/statements.ts';
import { remarksLetterFileName } from '../letter/remarks-letter.ts';
import { renderRemarksLetter } from '../letter/remarks-letter-pdf.ts';

function hasPoppler(): boolean {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const poppler = hasPoppler();
if (!poppler && process.env.CI) throw new Error('pdftotext is required in CI: apt-get install poppler-utils');

const require = createRequire(import.meta.url);
const font = (path: string) => toBase64(readFileSync(require.resolve(`@expo-google-fonts/pt-serif/${path}`)));
const fonts = { regular: font('400Regular/PTSerif_400Regular.ttf'), bold: font('700Bold/PTSerif_700Bold.ttf') };
const dir = mkdtempSync(join(tmpdir(), 'remarks-letter-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const statement = statementItem({
  visibleId: 57,
  title: 'Театр на набережной',
  address: 'наб. Реки, 7',
  dateCreate: '2026-11-20T09:00:00.000Z',
  examiner: { fio: 'Смирнов Алексей Петрович', governmentAgency: 'Комитет', phone: null, email: null },
});
const pin = { fileId: 3, page: 2, x: 0.4, y: 0.3, width: null, height: null };

async function read(name: string, remarks: Parameters<typeof renderRemarksLetter>[1]) {
  const file = join(dir, name);
  writeFileSync(
    file,
    new Uint8Array(await renderRemarksLetter(statement, remarks, new Date('2026-11-25T10:00:00Z'), fonts)),
  );
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
  return { flat: text.replace(/\s+/g, ' '), pages };
}

describe.skipIf(!poppler)('the remarks letter', () => {
  it('lists every published remark with its place, text, kind, answer and state', async () => {
    const { flat, pages } = await read('letter.pdf', [
      remarkItem({
        id: 1,
        number: 1,
        pin,
        fileName: 'Фасады.pdf',
        status: 'resolved',
        answer: { text: 'Отметка исправлена на листе 2', round: 3, at: '2026-11-22T09:00:00Z', author: 'Иванов И. И.' },
        resolution: { resolved: true, at: '2026-11-23T09:00:00Z', note: null, author: 'Смирнов', byDecision: false },
      }),
      remarkItem({ id: 2, number: 2, text: 'Рекомендуем светлый тон штукатурки', severity: 'advisory' }),
      remarkItem({
        id: 3,
        number: 3,
        text: 'Покажите узел примыкания кровли',
        status: 'reopened',
        answer: { text: 'Узел добавлен', round: 3, at: '2026-11-22T09:00:00Z', author: null },
        resolution: {
          resolved: false,
          at: '2026-11-23T09:00:00Z',
          note: 'Нет утеплителя',
          author: 'Смирнов',
          byDecision: false,
        },
      }),
      remarkItem({ id: 4, number: null, status: 'draft', text: 'Черновик, которого заявитель не видел' }),
    ]);
    expect(pages).toBe(1);
    for (const expected of [
      'Комитет по архитектуре и градостроительству',
      'ПЕРЕЧЕНЬ ЗАМЕЧАНИЙ',
      'по заявлению № 57 от 20.11.2026',
      'Наименование объекта: Театр на набережной',
      'Эксперт комитета: Смирнов Алексей Петрович',
      'Замечания: 3, снято 1',
      '№ 1 · Обязательное · снято',
      'Документ: Фасады.pdf, стр. 2',
      'Отметка карниза не совпадает с разрезом',
      'Ответ заявителя: Отметка исправлена на листе 2',
      '№ 2 · Рекомендация · открыто',
      'Документ: без места на листе',
      'Ответ заявителя: —',
      '№ 3 · Обязательное · не снято',
      'Решение эксперта: Нет утеплителя',
      'Страница 1 из 1',
    ]) {
      expect(flat).toContain(expected);
    }
    expect(flat).not.toContain('Черновик, которого');
  });

  it('goes on to further pages, each numbered, when the remarks do not fit one', async () => {
    const many = Array.from({ length: 40 }, (_, i) =>
      remarkItem({ id: i + 1, number: i + 1, text: `Замечание ${i + 1}: ${'уточните отметки и узлы '.repeat(8)}` }),
    );
    const { flat, pages } = await read('many.pdf', many);
    expect(pages).toBeGreaterThan(1);
    expect(flat).toContain(`Страница ${pages} из ${pages}`);
    expect(flat).toContain('№ 40 · Обязательное · открыто');
    expect(remarksLetterFileName(57)).toBe('Замечания_57.pdf');
  });
});
