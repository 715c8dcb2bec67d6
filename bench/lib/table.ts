// The bench's figures and the table `npm run bench` prints (figure | budget | anchor | measured | verdict).

export type Verdict = 'ok' | 'FAIL' | 'info' | 'skipped';

export interface Figure {
  /** The performance budget's number (1..7) the figure belongs to. */
  group: number;
  name: string;
  /** The budget in words ('≤ 80 KB'); '' when the figure is reported only. */
  budget: string;
  anchor: string;
  /** The measured value, formatted. */
  measured: string;
  verdict: Verdict;
  /** Raw numbers for results.json. */
  value?: number | null;
  note?: string;
}

type FigureBase = Omit<Figure, 'verdict' | 'measured' | 'value'>;
type Format = (n: number) => string;

/** A figure against an upper bound. */
export function atMost(base: FigureBase, value: number, limit: number, format: Format): Figure {
  return judged(base, value, format, value <= limit);
}

/** A figure against a lower bound. */
export function atLeast(base: FigureBase, value: number, limit: number, format: Format): Figure {
  return judged(base, value, format, value >= limit);
}

function judged(base: FigureBase, value: number, format: Format, ok: boolean): Figure {
  return { ...base, value, measured: format(value), verdict: ok ? 'ok' : 'FAIL' };
}

/** A figure that could not be measured: FAIL, with the error's first line. */
export function failed(group: number, name: string, error: unknown): Figure {
  return {
    group,
    name,
    budget: '',
    anchor: '',
    measured: 'error',
    verdict: 'FAIL',
    note: String((error as Error).message ?? error).split('\n')[0],
  };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
export const ratio = (value: number) => value.toFixed(2);
export const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** Display width: combining marks count as nothing, everything else (Cyrillic included) as one column. */
function width(text: string): number {
  return [...text.normalize('NFC')].length;
}

function pad(text: string, size: number): string {
  return text + ' '.repeat(Math.max(0, size - width(text)));
}

/** A plain-text table with one header row, columns padded to their widest cell. */
export function formatTable(figures: readonly Figure[]): string {
  const header = ['#', 'figure', 'budget', 'anchor', 'measured', 'verdict'];
  const rows = figures.map((f) => [String(f.group), f.name, f.budget, f.anchor, f.measured, f.verdict]);
  const widths = header.map((h, i) => Math.max(width(h), ...rows.map((row) => width(row[i] ?? ''))));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => pad(cell, widths[i] ?? 0))
      .join(' | ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('-|-');
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** The closing note: every budget not met, or that all were. */
export function closingNote(figures: readonly Figure[]): string {
  const failed = figures.filter((f) => f.verdict === 'FAIL');
  const skipped = figures.filter((f) => f.verdict === 'skipped');
  const lines: string[] = [];
  if (failed.length === 0) lines.push('All measured budgets met.');
  else {
    lines.push(`${failed.length} budget(s) not met:`);
    for (const f of failed)
      lines.push(`  - [${f.group}] ${f.name}: ${f.measured} against ${f.budget}${f.note ? ` — ${f.note}` : ''}`);
  }
  for (const f of skipped) lines.push(`  (skipped) [${f.group}] ${f.name}${f.note ? `: ${f.note}` : ''}`);
  return lines.join('\n');
}
