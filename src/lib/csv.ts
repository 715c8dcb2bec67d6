// The site's CSV exports: the kernel's writer (domain/csv.ts) and the download.
// Import this module dynamically (only when someone exports): it pulls in papaparse.
import { saveBlob } from './browser.ts';

export { BOM, toCsv } from '#domain/csv.ts';

/** Saves a CSV text as a download. */
export function saveCsv(csv: string, fileName: string): void {
  saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);
}
