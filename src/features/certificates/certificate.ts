// The approval certificate (docs/product.md «The PDF certificate») as pure layout: which text goes where on one A4
// page, in PDF points, on the page and type every committee document shares (#domain/pdf/page.ts). Drawing it
// (jspdf, the embedded font) is certificate-pdf.ts; this file knows only sizes and words.

import { COMMITTEE_NAME } from '#domain/committee.ts';
import { conclusionLines } from '#domain/conclusions.ts';
import type { Statement } from '#domain/contract.ts';
import { CERTIFICATE_PAGE, certificateDate, innKpp, type TextMeasure, wrapText } from '#domain/pdf/page.ts';
import { orDash } from '#domain/russian.ts';

/** What the certificate prints; every value is already text, a dash when missing. */
export interface CertificateData {
  /** The registration number, the statement's visibleId. */
  number: string;
  /** The approval date in ru-RU form (22.11.2026). */
  date: string;
  workType: string;
  category: string;
  objectName: string;
  address: string;
  cadastralNumber: string;
  /** The design organisation: the applicant company. */
  company: string;
  /** 'ИНН / КПП', each a dash when missing, or one dash when both are. */
  innKpp: string;
  /** The company head. */
  head: string;
  /** The approving examiner's full name, printed beside the signature line. */
  examiner: string;
  /** The public check address (`{PUBLIC_ORIGIN}/check/{token}`): printed under 'Проверить подлинность' and as a QR code. */
  checkUrl?: string;
  /** A corrected certificate's line under its title: 'взамен ранее выданного от 22.11.2026' (docs/product.md). */
  replaces?: string;
  /**
   * The conclusions of reviewing bodies received on the statement, one per body as its last answer:
   * 'Отдел охраны культурного наследия — Согласовано, 02.12.2026' (docs/product.md «Conclusions»).
   */
  conclusions?: string[];
}

/** One line of text; `y` is its baseline, from the top of the page. */
export interface CertificateText {
  text: string;
  x: number;
  y: number;
  fontSize: number;
  bold: boolean;
  /** 'center' puts the middle of the line at `x`. */
  align: 'left' | 'center';
}

/** A straight line (the signature line), from the top of the page. */
export interface CertificateRule {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** The square the QR code of the check address fills (its quiet zone is the white space around it). */
export interface CertificateQr {
  text: string;
  x: number;
  y: number;
  size: number;
}

/** Everything to draw on the one page, and the font size the layout settled on. */
export interface CertificateLayout {
  texts: CertificateText[];
  rules: CertificateRule[];
  /** The QR code of the check address, at the foot of the page (only when the data has one). */
  qr: CertificateQr | null;
  fontSize: number;
  /** Baseline of the last line plus its descent: never below the bottom margin. */
  bottom: number;
}

/** Height of the font's ascender in em: the tallest glyph above the baseline. */
const ASCENT = 1.05;

/** Only for values beyond any real certificate (1,000-character names) does the type shrink, never below this. */
const MIN_FONT_SIZE = 7;

/** The printed words of the certificate. */
export const certificateTexts = {
  committee: COMMITTEE_NAME,
  title: 'СВИДЕТЕЛЬСТВО',
  subtitle: 'о согласовании архитектурно-градостроительного решения объекта капитального строительства',
  number: 'Регистрационный номер',
  date: 'Дата',
  workType: 'Вид работ',
  category: 'Категория объекта',
  objectName: 'Наименование объекта',
  address: 'Адрес объекта',
  cadastralNumber: 'Кадастровый номер земельного участка',
  company: 'Проектная организация',
  innKpp: 'ИНН / КПП',
  head: 'Руководитель',
  conclusions: 'Заключения',
  decision: 'Архитектурно-градостроительное решение объекта капитального строительства согласовано.',
  examiner: 'Эксперт комитета',
  signature: 'подпись',
  verify: 'Проверить подлинность',
  verifyHint: 'Наведите камеру телефона на QR-код или откройте адрес:',
  dash: '—',
} as const;

/** The file the examiner downloads, and the one the approval carries. */
export { certificateFileName } from '#domain/certificates.ts';

/** The certificate's values from the approved statement, the approving examiner and the day of approval. */
export function certificateData(
  statement: Pick<
    Statement,
    | 'visibleId'
    | 'catalogWorkType'
    | 'categoryName'
    | 'title'
    | 'address'
    | 'cadastralNumber'
    | 'companyName'
    | 'companyInn'
    | 'companyKpp'
    | 'companyDirector'
  > &
    Partial<Pick<Statement, 'conclusions'>>,
  examinerFio: string | null | undefined,
  date: Date,
  checkUrl?: string,
): CertificateData {
  const conclusions = conclusionLines(statement.conclusions ?? [], (at) => certificateDate(new Date(at)));
  return {
    ...(checkUrl ? { checkUrl } : {}),
    ...(conclusions.length > 0 ? { conclusions } : {}),
    number: `№ ${statement.visibleId}`,
    date: certificateDate(date),
    workType: orDash(statement.catalogWorkType),
    category: orDash(statement.categoryName),
    objectName: orDash(statement.title),
    address: orDash(statement.address),
    cadastralNumber: orDash(statement.cadastralNumber),
    company: orDash(statement.companyName),
    innKpp: innKpp(statement.companyInn, statement.companyKpp),
    head: orDash(statement.companyDirector),
    examiner: orDash(examinerFio),
  };
}

/** The labelled rows, in the order of docs/product.md «The PDF certificate». */
function rowsOf(data: CertificateData): Array<[string, string]> {
  const t = certificateTexts;
  return [
    [t.number, data.number],
    [t.date, data.date],
    [t.workType, data.workType],
    [t.category, data.category],
    [t.objectName, data.objectName],
    [t.address, data.address],
    [t.cadastralNumber, data.cadastralNumber],
    [t.company, data.company],
    [t.innKpp, data.innKpp],
    [t.head, data.head],
    ...(data.conclusions ?? []).map((line, i): [string, string] => [i === 0 ? t.conclusions : '', line]),
  ];
}

/** The QR code's side in points (about 32 mm: a phone reads it from a printed page at arm's length). */
const QR_SIZE = 90;
/** White space between the QR code and anything else: more than the 4 modules of quiet zone a reader needs. */
const QR_GAP = 16;
/** The check address is printed at this size, smaller only if it would not fit on one line. */
const URL_FONT_SIZE = 10;

/**
 * The foot of the page: the QR code at the left margin, resting on the bottom margin, and beside it
 * 'Проверить подлинность', a hint, and the check address on one line (smaller type rather than a broken URL).
 */
function layoutQr(
  checkUrl: string,
  measure: TextMeasure,
): { qr: CertificateQr; texts: CertificateText[]; top: number } {
  const { width: pageWidth, height, margins } = CERTIFICATE_PAGE;
  const bottom = height - margins.bottom;
  const qr = { text: checkUrl, x: margins.left, y: bottom - QR_SIZE, size: QR_SIZE };
  const textX = qr.x + QR_SIZE + QR_GAP;
  const textWidth = pageWidth - margins.right - textX;
  const texts: CertificateText[] = [];
  let y = qr.y + CERTIFICATE_PAGE.fontSize * ASCENT;
  texts.push({
    text: certificateTexts.verify,
    x: textX,
    y,
    fontSize: CERTIFICATE_PAGE.fontSize,
    bold: true,
    align: 'left',
  });
  y += CERTIFICATE_PAGE.fontSize * CERTIFICATE_PAGE.lineHeight;
  const hintSize = URL_FONT_SIZE;
  for (const line of wrapText(certificateTexts.verifyHint, textWidth, (s) => measure(s, hintSize, false))) {
    texts.push({ text: line, x: textX, y, fontSize: hintSize, bold: false, align: 'left' });
    y += hintSize * CERTIFICATE_PAGE.lineHeight;
  }
  let urlSize = URL_FONT_SIZE;
  while (urlSize > MIN_FONT_SIZE - 1 && measure(checkUrl, urlSize, false) > textWidth) urlSize -= 0.5;
  for (const line of wrapText(checkUrl, textWidth, (s) => measure(s, urlSize, false))) {
    texts.push({ text: line, x: textX, y, fontSize: urlSize, bold: false, align: 'left' });
    y += urlSize * CERTIFICATE_PAGE.lineHeight;
  }
  return { qr, texts, top: qr.y - QR_GAP };
}

/** Lays the certificate out at one font size; `bottom` tells whether it fits. */
function layoutAt(data: CertificateData, measure: TextMeasure, fontSize: number): CertificateLayout {
  const { width: pageWidth, margins } = CERTIFICATE_PAGE;
  const step = fontSize * CERTIFICATE_PAGE.lineHeight;
  const left = margins.left;
  const right = pageWidth - margins.right;
  const width = right - left;
  const center = left + width / 2;
  // Labels take a fixed column; a label that does not fit wraps inside it.
  const labelWidth = Math.round(width * 0.34);
  const gap = fontSize;
  const valueX = left + labelWidth + gap;
  const valueWidth = right - valueX;
  const texts: CertificateText[] = [];
  const rules: CertificateRule[] = [];
  // The first baseline sits one ascent below the top margin (PT Serif's ascender is 1.04 em), so no glyph enters it.
  let y = margins.top + fontSize * ASCENT;

  const centered = (text: string, bold: boolean) => {
    for (const line of wrapText(text, width, (s) => measure(s, fontSize, bold))) {
      texts.push({ text: line, x: center, y, fontSize, bold, align: 'center' });
      y += step;
    }
  };
  const paragraph = (text: string) => {
    for (const line of wrapText(text, width, (s) => measure(s, fontSize, false))) {
      texts.push({ text: line, x: left, y, fontSize, bold: false, align: 'left' });
      y += step;
    }
  };
  const row = (label: string, value: string) => {
    const labelLines = wrapText(label ? `${label}:` : '', labelWidth, (s) => measure(s, fontSize, true));
    const valueLines = wrapText(value, valueWidth, (s) => measure(s, fontSize, false));
    labelLines.forEach((line, i) => {
      texts.push({ text: line, x: left, y: y + i * step, fontSize, bold: true, align: 'left' });
    });
    valueLines.forEach((line, i) => {
      texts.push({ text: line, x: valueX, y: y + i * step, fontSize, bold: false, align: 'left' });
    });
    y += Math.max(labelLines.length, valueLines.length) * step;
  };

  centered(certificateTexts.committee, true);
  y += step;
  centered(certificateTexts.title, true);
  centered(certificateTexts.subtitle, false);
  if (data.replaces) centered(data.replaces, false);
  y += step;
  for (const [label, value] of rowsOf(data)) row(label, value);
  y += step;
  paragraph(certificateTexts.decision);
  y += step * 2;

  // Signature block: the examiner's name on the left, a line to sign on the right with its caption under it.
  row(certificateTexts.examiner, data.examiner);
  const signatureY = y + step;
  const lineStart = right - Math.min(width * 0.4, 180);
  rules.push({ x1: lineStart, y1: signatureY, x2: right, y2: signatureY });
  texts.push({
    text: `(${certificateTexts.signature})`,
    x: (lineStart + right) / 2,
    y: signatureY + step * 0.8,
    fontSize: fontSize * 0.75,
    bold: false,
    align: 'center',
  });
  const bottom = signatureY + step * 0.8 + fontSize * 0.25;
  return { texts, rules, qr: null, fontSize, bottom };
}

/**
 * The whole certificate on one A4 page: its header, rows and signature line at 12 pt with line height 1.5.
 * Long values wrap inside their column; only if the page would still overflow (values far beyond real ones) does the
 * type shrink in half-point steps, so the certificate stays one page with nothing cut off. With a check address the
 * QR code and 'Проверить подлинность' take the foot of the page and the body ends above them.
 */
export function layoutCertificate(data: CertificateData, measure: TextMeasure): CertificateLayout {
  const foot = data.checkUrl ? layoutQr(data.checkUrl, measure) : null;
  // With a QR code the body must end above it; the code itself rests on the bottom margin.
  const limit = foot ? foot.top : CERTIFICATE_PAGE.height - CERTIFICATE_PAGE.margins.bottom;
  let fontSize: number = CERTIFICATE_PAGE.fontSize;
  let layout = layoutAt(data, measure, fontSize);
  while (layout.bottom > limit && fontSize > MIN_FONT_SIZE) {
    fontSize -= 0.5;
    layout = layoutAt(data, measure, fontSize);
  }
  if (!foot) return layout;
  const footBottom = Math.max(foot.qr.y + foot.qr.size, ...foot.texts.map((t) => t.y + t.fontSize * 0.25));
  return {
    ...layout,
    texts: [...layout.texts, ...foot.texts],
    qr: foot.qr,
    bottom: Math.max(layout.bottom, footBottom),
  };
}
