// The page and type every committee document shares (the certificate, the remarks letter, the refusal letters), as
// pure values and helpers: the site draws with them in the browser, the API on the server (docs/architecture.md).
import { COMMITTEE_TIME_ZONE } from '../committee-time.ts';
import { DASH, orDash } from '../russian.ts';

/**
 * The page: A4 in points, margins in points and the type (12 pt, line height 1.5; docs/product.md
 * «Constants and limits»). The requirements give the margins as '85/56/42/56' without an order. Read as
 * left/top/right/bottom (the order of pdfmake's pageMargins) they are 30/20/15/20 mm, the margins of Russian official
 * documents (ГОСТ Р 7.0.97: the wide margin on the left, for binding); read as CSS top/right/bottom/left the bottom
 * margin would be the smallest.
 */
export const CERTIFICATE_PAGE = {
  width: 595.28,
  height: 841.89,
  margins: { left: 85, top: 56, right: 42, bottom: 56 },
  fontSize: 12,
  lineHeight: 1.5,
} as const;

/** A text width in points for a font size and weight: the embedded font's metrics when rendering, a fake in tests. */
export type TextMeasure = (text: string, fontSize: number, bold: boolean) => number;

/** 'ИНН / КПП' with a dash for each missing half, or a single dash when both are missing. */
export function innKpp(inn: string | null | undefined, kpp: string | null | undefined): string {
  if (!inn?.trim() && !kpp?.trim()) return DASH;
  return `${orDash(inn)} / ${orDash(kpp)}`;
}

/** A date as ru-RU writes it (22.11.2026), in the committee's time zone. */
export function certificateDate(date: Date): string {
  return new Intl.DateTimeFormat('ru-RU', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: COMMITTEE_TIME_ZONE,
  }).format(date);
}

/**
 * Splits `text` into lines no wider than `width`: at spaces where it can, inside a word only when the word alone is
 * wider than the line (a long cadastral number or e-mail), so nothing runs past the margin.
 */
export function wrapText(text: string, width: number, measure: (text: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  const push = () => {
    lines.push(line);
    line = '';
  };
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate) <= width) {
      line = candidate;
      continue;
    }
    if (line) push();
    if (measure(word) <= width) {
      line = word;
      continue;
    }
    for (const char of word) {
      if (line && measure(line + char) > width) push();
      line += char;
    }
  }
  if (line || lines.length === 0) push();
  return lines;
}
