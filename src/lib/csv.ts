// A table as a CSV file that Russian Excel opens as it is: UTF-8 with a BOM, ';' between fields, CRLF lines.
// Import this module dynamically (only when someone exports): it pulls in papaparse.
import Papa from 'papaparse';
import { saveBlob } from './browser.ts';

/** The byte order mark that tells Excel the file is UTF-8 (without it Cyrillic reads as mojibake). */
export const BOM = '\uFEFF';
/** Excel in the Russian locale splits fields on ';' (',' is the decimal separator there). */
export const CSV_DELIMITER = ';';

/**
 * The CSV text of a header and rows: BOM, ';', CRLF, fields with ';', quotes or line breaks quoted (quotes doubled),
 * and a field that Excel would run as a formula ('=', '+', '-', '@' first) prefixed with an apostrophe.
 */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const text = Papa.unparse(
    { fields: [...header], data: rows.map((row) => [...row]) },
    { delimiter: CSV_DELIMITER, newline: '\r\n', quotes: false, escapeFormulae: true },
  );
  // Every line ends with CRLF, the last one too (papaparse ends the header line itself when there are no rows).
  return `${BOM}${text}${text.endsWith('\r\n') ? '' : '\r\n'}`;
}

/** Saves a CSV text as a download. */
export function saveCsv(csv: string, fileName: string): void {
  saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);
}
