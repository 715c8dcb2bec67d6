// File sizes as people read them: bytes as a whole number, then КБ up to ТБ with two decimals, in ru-RU notation.

const SIZE_UNITS = ['Б', 'КБ', 'МБ', 'ГБ', 'ТБ'] as const;

/**
 * A size for people (docs/product.md «Constants and limits»): bytes as a whole number, then КБ up to ТБ with two
 * decimals, in ru-RU notation.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let unit = 0;
  let value = bytes;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 2;
  const number = value.toLocaleString('ru-RU', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  });
  return `${number} ${SIZE_UNITS[unit]}`;
}
