import { describe, expect, it } from 'vitest';
import {
  CERTIFICATE_PAGE,
  type CertificateData,
  certificateData,
  certificateDate,
  certificateFileName,
  certificateTexts,
  innKpp,
  layoutCertificate,
  orDash,
  type TextMeasure,
  wrapText,
} from '../certificate.ts';

// A fake font: every character is half an em wide (bold a little wider).
const measure: TextMeasure = (text, fontSize, bold) => [...text].length * fontSize * (bold ? 0.55 : 0.5);

const statement = {
  visibleId: 42,
  catalogWorkType: 'Новое строительство',
  categoryName: 'Объекты образования',
  title: 'Школа на 550 мест',
  address: 'г. Энск, ул. Ленина, д. 1',
  companyName: 'ООО «СтройПроект»',
  companyInn: '7701234567',
  companyKpp: '770101001',
  companyDirector: 'Петров Пётр Петрович',
};

const full: CertificateData = certificateData(statement, 'Иванова Анна Сергеевна', new Date('2026-11-22T10:00:00Z'));

describe('certificate values', () => {
  it.each([
    [null, '—'],
    [undefined, '—'],
    ['', '—'],
    ['   ', '—'],
    [' Школа ', 'Школа'],
    [42, '42'],
  ])('orDash(%j) is %j', (value, expected) => {
    expect(orDash(value)).toBe(expected);
  });

  it.each([
    ['7701234567', '770101001', '7701234567 / 770101001'],
    ['7701234567', null, '7701234567 / —'],
    [null, '770101001', '— / 770101001'],
    [null, null, '—'],
    ['', ' ', '—'],
  ])('innKpp(%j, %j) is %j', (inn, kpp, expected) => {
    expect(innKpp(inn, kpp)).toBe(expected);
  });

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

  it('takes every field of spec §3 from the statement', () => {
    expect(full).toEqual({
      number: '№ 42',
      date: '22.11.2026',
      workType: 'Новое строительство',
      category: 'Объекты образования',
      objectName: 'Школа на 550 мест',
      address: 'г. Энск, ул. Ленина, д. 1',
      company: 'ООО «СтройПроект»',
      innKpp: '7701234567 / 770101001',
      head: 'Петров Пётр Петрович',
      examiner: 'Иванова Анна Сергеевна',
    });
  });

  it('puts a dash for every missing value', () => {
    const empty = certificateData(
      {
        visibleId: 7,
        catalogWorkType: null,
        categoryName: null,
        title: '',
        address: null,
        companyName: '',
        companyInn: null,
        companyKpp: null,
        companyDirector: null,
      },
      null,
      new Date('2026-11-22T10:00:00Z'),
    );
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

  it('sets the page of spec §9: A4, 12 pt, line height 1.5, the margins', () => {
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
});
