// A table as a CSV file that Russian Excel opens as it is: UTF-8 with a BOM, ';' between fields, CRLF lines. In the
// kernel, so the site's exports and the API's CSV replies (the report on terms) write one format. It pulls in
// papaparse: the site imports it only dynamically (when someone exports).
import Papa from 'papaparse';

/** The byte order mark that tells Excel the file is UTF-8 (without it Cyrillic reads as mojibake). */
export const BOM = '\uFEFF';
/** Excel in the Russian locale splits fields on ';' (',' is the decimal separator there). */
const CSV_DELIMITER = ';';

/**
 * A cell a spreadsheet could read as a formula (OWASP «CSV Injection»): '=', '+', '-', '@', a tab or a CR first,
 * also after leading whitespace of any kind (spaces, no-break spaces, line and paragraph separators, the BOM), and in
 * their full-width forms. Only the start is looked at, so a line or paragraph separator later in the cell cannot hide
 * the formula (papaparse's own pattern, `^[=+\-@\t\r].*$`, fails on them and lets the cell through).
 */
const FORMULA_START =
  /^[\s\u00a0\u1680\u180e\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]*[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/u;

/**
 * How a field is written: ';' between fields, CRLF lines, a field with ';', quotes or line breaks quoted (quotes
 * doubled), a field with a comma quoted too (a program that guesses the separator, as Gnumeric and LibreOffice do,
 * would otherwise split 'ул. Гагарина, 27' on it), and a field a spreadsheet would run as a formula (FORMULA_START)
 * quoted and prefixed with an apostrophe.
 */
const UNPARSE: Papa.UnparseConfig = {
  delimiter: CSV_DELIMITER,
  newline: '\r\n',
  quotes: (value: unknown) => String(value).includes(','),
  escapeFormulae: FORMULA_START,
};

/** The CSV text of a header and rows: BOM, then the fields as UNPARSE writes them. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const text = Papa.unparse({ fields: [...header], data: rows.map((row) => [...row]) }, UNPARSE);
  // Every line ends with CRLF, the last one too (papaparse ends the header line itself when there are no rows).
  return `${BOM}${text}${text.endsWith('\r\n') ? '' : '\r\n'}`;
}

/**
 * Rows only (no BOM, no header), each line ending with CRLF, formulas neutralized as in `toCsv`: the batches of a
 * streamed export that began with `toCsv(header, firstRows)`.
 */
export function csvLines(rows: ReadonlyArray<readonly string[]>): string {
  if (rows.length === 0) return '';
  const text = Papa.unparse(
    rows.map((row) => [...row]),
    UNPARSE,
  );
  return `${text}\r\n`;
}
