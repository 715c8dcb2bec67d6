import { describe, expect, it } from 'vitest';
import { itMaps } from '#domain/__tests__/table.ts';
import { CERTIFICATE_PAGE, certificateDate, innKpp, type TextMeasure, wrapText } from '#domain/pdf/page.ts';
import {
  type CertificateData,
  certificateData,
  certificateFileName,
  certificateTexts,
  layoutCertificate,
} from '../certificate.ts';
import { blankCertificateStatement, fullCertificateStatement } from './fixtures.ts';

// A fake font: every character is half an em wide (bold a little wider).
const measure: TextMeasure = (text, fontSize, bold) => [...text].length * fontSize * (bold ? 0.55 : 0.5);

const full: CertificateData = certificateData(
  fullCertificateStatement,
  'Иванова Анна Сергеевна',
  new Date('2026-11-22T10:00:00Z'),
);

describe('certificate values', () => {
  itMaps('innKpp(%j, %j) is %j', innKpp, [
    ['7701234567', '770101001', '7701234567 / 770101001'],
    ['7701234567', null, '7701234567 / —'],
    [null, '770101001', '— / 770101001'],
    [null, null, '—'],
    ['', ' ', '—'],
  ]);

  it.each([
    ['2026-11-22T10:00:00Z', '22.11.2026'],
    // 22:30 UTC is already the next day in Moscow, the committee's time zone.
    ['2026-12-31T22:30:00Z', '01.01.2027'],
  ])('certificateDate(%s) is %s', (iso, expected) => {
    expect(certificateDate(new Date(iso))).toBe(expected);
  });

  it('names the file after the registration number', () => {
    expect(certificateFileName(42)).toBe('Свидетельство_42.pdf');
  });

  it('takes every certificate field from the statement', () => {
    expect(full).toEqual({
      number: '№ 42',
      date: '22.11.2026',
      workType: 'Новое строительство',
      category: 'Объекты образования',
      objectName: 'Школа на 550 мест',
      address: 'г. Энск, ул. Ленина, д. 1',
      cadastralNumber: '77:01:0001001:1234',
      company: 'ООО «СтройПроект»',
      innKpp: '7701234567 / 770101001',
      head: 'Петров Пётр Петрович',
      examiner: 'Иванова Анна Сергеевна',
    });
  });

  it('puts a dash for every missing value', () => {
    const empty = certificateData(blankCertificateStatement, null, new Date('2026-11-22T10:00:00Z'));
    const { number, date, ...rest } = empty;
    expect(number).toBe('№ 7');
    expect(date).toBe('22.11.2026');
    for (const value of Object.values(rest)) expect(value).toBe('—');
  });
});

describe('wrapText', () => {
  const chars = (s: string) => [...s].length;
  it.each([
    ['', 10, ['']],
    ['короткая строка', 20, ['короткая строка']],
    ['один два три четыре', 9, ['один два', 'три', 'четыре']],
    ['  лишние   пробелы  ', 20, ['лишние пробелы']],
    // A word wider than the line is cut inside, so nothing runs past the margin.
    ['1234567890123 ок', 5, ['12345', '67890', '123', 'ок']],
  ])('wraps %j at %i characters', (text, width, expected) => {
    expect(wrapText(text, width, chars)).toEqual(expected);
  });
});

describe('layoutCertificate', () => {
  const { width, height, margins } = CERTIFICATE_PAGE;
  const inside = (layout: ReturnType<typeof layoutCertificate>) => {
    for (const line of layout.texts) {
      const w = measure(line.text, line.fontSize, line.bold);
      const x0 = line.align === 'center' ? line.x - w / 2 : line.x;
      expect(x0).toBeGreaterThanOrEqual(margins.left - 0.01);
      expect(x0 + w).toBeLessThanOrEqual(width - margins.right + 0.01);
      expect(line.y).toBeGreaterThan(margins.top);
      expect(line.y).toBeLessThanOrEqual(height - margins.bottom);
    }
    expect(layout.bottom).toBeLessThanOrEqual(height - margins.bottom);
  };
  const text = (layout: ReturnType<typeof layoutCertificate>) => layout.texts.map((t) => t.text).join('\n');

  it('sets the page: A4, 12 pt, line height 1.5, the margins', () => {
    expect(CERTIFICATE_PAGE).toMatchObject({ width: 595.28, height: 841.89, fontSize: 12, lineHeight: 1.5 });
    expect(CERTIFICATE_PAGE.margins).toEqual({ left: 85, top: 56, right: 42, bottom: 56 });
  });

  it('prints the committee first, then every label and value, and the signature line', () => {
    const layout = layoutCertificate(full, measure);
    expect(layout.fontSize).toBe(12);
    expect(layout.texts[0]).toMatchObject({ text: certificateTexts.committee, bold: true, align: 'center' });
    for (const value of Object.values(full)) expect(text(layout)).toContain(value);
    for (const label of ['Регистрационный номер:', 'Дата:', 'Вид работ:', 'Руководитель:', 'Эксперт комитета:']) {
      expect(text(layout)).toContain(label);
    }
    expect(layout.rules).toHaveLength(1);
    expect(text(layout)).toContain('(подпись)');
    inside(layout);
  });

  it('keeps the line height 1.5: consecutive body lines are 18 pt apart', () => {
    const layout = layoutCertificate(full, measure);
    const lefts = layout.texts.filter((t) => t.align === 'left' && t.fontSize === 12).map((t) => t.y);
    const steps = new Set(lefts.slice(1).map((y, i) => Math.round((y - (lefts[i] ?? 0)) * 100) / 100));
    expect([...steps].every((step) => step === 0 || step % 18 === 0)).toBe(true);
  });

  it.each([
    ['long values', 120],
    ['values at the contract limits', 1000],
  ])('wraps %s inside the columns and stays on one page', (_, length) => {
    const long = 'Многофункциональный жилой комплекс с подземной автостоянкой '.repeat(30).slice(0, length);
    const data = { ...full, objectName: long, address: long, company: long.slice(0, 255), head: long.slice(0, 255) };
    const layout = layoutCertificate(data, measure);
    inside(layout);
    const printed = layout.texts.map((t) => t.text).join(' ');
    expect(printed.replace(/\s+/g, '')).toContain(long.replace(/\s+/g, ''));
    if (length < 200) expect(layout.fontSize).toBe(12);
  });

  describe('with the check address', () => {
    const checkUrl = 'https://agr.example.ru/check/dWpth7Z2F6ymlXVJh0sO8NxLjyOwmy0A';
    const withQr = { ...full, checkUrl };
    const overlaps = (a: { x0: number; y0: number; x1: number; y1: number }, b: typeof a) =>
      a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
    const boxOf = (line: ReturnType<typeof layoutCertificate>['texts'][number]) => {
      const w = measure(line.text, line.fontSize, line.bold);
      const x0 = line.align === 'center' ? line.x - w / 2 : line.x;
      return { x0, x1: x0 + w, y0: line.y - line.fontSize * 1.05, y1: line.y + line.fontSize * 0.25 };
    };

    it.each([
      ['real values', withQr],
      [
        'values at the contract limits',
        {
          ...withQr,
          objectName: 'Многофункциональный жилой комплекс с подземной автостоянкой '.repeat(20).slice(0, 1000),
          address: 'Многофункциональный жилой комплекс с подземной автостоянкой '.repeat(20).slice(0, 1000),
        },
      ],
    ])('puts the QR code and the address at the foot, inside the margins, over nothing (%s)', (_, data) => {
      const layout = layoutCertificate(data, measure);
      inside(layout);
      const qr = layout.qr;
      if (!qr) throw new Error('no QR code');
      expect(qr.text).toBe(checkUrl);
      expect(qr.x).toBeGreaterThanOrEqual(margins.left);
      expect(qr.x + qr.size).toBeLessThanOrEqual(width - margins.right);
      expect(qr.y + qr.size).toBeLessThanOrEqual(height - margins.bottom);
      expect(qr.size).toBeGreaterThanOrEqual(80);
      // In the lower part of the page.
      expect(qr.y).toBeGreaterThan(height / 2);
      const qrBox = { x0: qr.x - 8, x1: qr.x + qr.size + 8, y0: qr.y - 8, y1: qr.y + qr.size + 8 };
      const boxes = layout.texts.map(boxOf);
      for (const [i, box] of boxes.entries()) {
        expect(overlaps(box, qrBox), layout.texts[i]?.text).toBe(false);
        for (const other of boxes.slice(i + 1)) expect(overlaps(box, other)).toBe(false);
      }
      const urlLine = layout.texts.find((t) => t.text === checkUrl);
      expect(urlLine, 'the address on one line').toBeDefined();
      expect(text(layout)).toContain('Проверить подлинность');
      // The signature line stays above the QR code.
      for (const rule of layout.rules) expect(rule.y1).toBeLessThan(qr.y);
      for (const value of Object.values(data).flat())
        expect(text(layout).replace(/\s+/g, '')).toContain(value.replace(/\s+/g, ''));
    });

    it('keeps the body at 12 pt for real values', () => {
      expect(layoutCertificate(withQr, measure).fontSize).toBe(12);
    });

    it('has no QR code without an address', () => {
      expect(layoutCertificate(full, measure).qr).toBeNull();
    });
  });
});

describe('a corrected certificate', () => {
  it('says under its title which certificate it replaces', () => {
    const texts = (data: CertificateData) => layoutCertificate(data, measure).texts.map((line) => line.text);
    expect(texts(full)).not.toContain('взамен ранее выданного от 22.11.2026');
    const lines = texts({ ...full, replaces: 'взамен ранее выданного от 22.11.2026' });
    // Under the title and its subtitle, before the first row.
    const at = lines.indexOf('взамен ранее выданного от 22.11.2026');
    expect(at).toBeGreaterThan(lines.indexOf(certificateTexts.title));
    expect(at).toBe(lines.indexOf(`${certificateTexts.number}:`) - 1);
  });
});

describe('the conclusions of reviewing bodies', () => {
  const conclusion = (bodyId: number, name: string, fields: object) => ({
    id: bodyId * 10,
    statementId: 7,
    body: { id: bodyId, name, kind: 'department' as const, termDays: 5 },
    question: 'Согласуете?',
    round: 1,
    requestedAt: '2026-11-23T09:00:00.000Z',
    requestedBy: 'Иванова Анна Сергеевна',
    dueDate: '2026-11-30',
    overdue: false,
    status: 'answered' as const,
    verdict: 'agreed' as const,
    text: null,
    answeredAt: '2026-11-25T09:00:00.000Z',
    answeredBy: 'Наследова Анна Петровна',
    files: [],
    withdrawnReason: null,
    ...fields,
  });

  it('lists each body’s last answer with its verdict and date, and nothing for unanswered or withdrawn requests', () => {
    const data = certificateData(
      {
        ...fullCertificateStatement,
        conclusions: [
          conclusion(1, 'Отдел охраны культурного наследия', { verdict: 'not_agreed' }),
          conclusion(2, 'Водоканал', { status: 'withdrawn', verdict: null, answeredAt: null }),
          conclusion(3, 'Департамент транспорта', { status: 'requested', verdict: null, answeredAt: null }),
          conclusion(1, 'Отдел охраны культурного наследия', {
            id: 11,
            verdict: 'agreed_with_remarks',
            answeredAt: '2026-12-02T09:00:00.000Z',
          }),
        ],
      },
      'Иванова Анна Сергеевна',
      new Date('2026-12-03T10:00:00Z'),
    );
    expect(data.conclusions).toEqual(['Отдел охраны культурного наследия — Согласовано с замечаниями, 02.12.2026']);
    const layout = layoutCertificate(data, measure);
    const printed = layout.texts.map((t) => t.text).join(' ');
    expect(printed).toContain('Заключения:');
    expect(printed).toContain('Отдел охраны культурного наследия — Согласовано с замечаниями, 02.12.2026');
  });

  it('prints no row when no body was asked', () => {
    expect(full.conclusions).toBeUndefined();
    expect(layoutCertificate(full, measure).texts.map((t) => t.text)).not.toContain('Заключения:');
  });
});
