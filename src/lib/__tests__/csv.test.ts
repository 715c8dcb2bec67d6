import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { BOM, toCsv } from '../csv.ts';

const header = ['ID', 'Компания', 'Адрес объекта', 'Срок'];

describe('toCsv: a file Russian Excel opens as it is', () => {
  it('starts with the BOM, separates by ";", ends lines with CRLF and keeps Cyrillic as it is', () => {
    const csv = toCsv(header, [['1042', 'ООО «СтройПроект»', 'пр. Мира, 45', '3 раб. дн., до 04.12.2026']]);
    expect(csv).toBe(
      `${BOM}ID;Компания;Адрес объекта;Срок\r\n1042;ООО «СтройПроект»;"пр. Мира, 45";"3 раб. дн., до 04.12.2026"\r\n`,
    );
    // The BOM is the three bytes EF BB BF once encoded.
    expect([...new TextEncoder().encode(csv).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it.each<[string, string, string]>([
    ['a ";" inside a field is quoted', 'ул. Садовая; корп. 2', '"ул. Садовая; корп. 2"'],
    ['quotes are doubled inside quotes', 'ООО "Ромашка"', '"ООО ""Ромашка"""'],
    ['a line break is quoted', 'строка 1\nстрока 2', '"строка 1\nстрока 2"'],
    ['a formula is defused', '=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['a leading minus is defused too', '-1+2', `"'-1+2"`],
    ['a dash (not a minus) stays', '—', '—'],
    ['a formula followed by a line separator is defused', '=2+3+LEN("a\u2028")', `"'=2+3+LEN(""a\u2028"")"`],
    [
      'a formula followed by a paragraph separator',
      '=HYPERLINK("http://x","y")\u2029',
      `"'=HYPERLINK(""http://x"",""y"")\u2029"`,
    ],
    ['a formula after a line break', '=1+1\nтекст', `"'=1+1\nтекст"`],
    ['a formula after leading spaces', '  =1+1', `"'  =1+1"`],
    ['a formula after a line separator', '\u2028=1+1', `"'\u2028=1+1"`],
    ['a formula after a no-break space', '\u00a0@SUM(A1)', `"'\u00a0@SUM(A1)"`],
    ['a plus first', '+7 (495) 123-45-67', `"'+7 (495) 123-45-67"`],
    ['an at sign first', '@cmd', `"'@cmd"`],
    ['a tab first', '\t=1+1', `"'\t=1+1"`],
    ['a carriage return first', '\r=1+1', `"'\r=1+1"`],
    ['a full-width equals sign first', '\uff1d1+1', `"'\uff1d1+1"`],
    ['an equals sign inside stays', 'a=b', 'a=b'],
    ['a comma is quoted (programs that guess the separator would split on it)', 'пр. Мира, 45', '"пр. Мира, 45"'],
  ])('%s', (_, value, field) => {
    const csv = toCsv(['A', 'B'], [['x', value]]);
    expect(csv).toBe(`${BOM}A;B\r\nx;${field}\r\n`);
  });

  it('reads back to the same cells', () => {
    const rows = [
      ['1', 'ООО "Ромашка"; филиал', 'наб. Речная, 8', 'Просрочено на 2 раб. дн., до 18.11.2026'],
      ['2', 'ИП Ёлкин', 'ул. Ленина, 1', '—'],
    ];
    const parsed = Papa.parse<string[]>(toCsv(header, rows).slice(BOM.length), {
      delimiter: ';',
      skipEmptyLines: true,
    });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual([header, ...rows]);
  });

  it('writes the header alone for an empty table', () => {
    expect(toCsv(header, [])).toBe(`${BOM}ID;Компания;Адрес объекта;Срок\r\n`);
  });
});
