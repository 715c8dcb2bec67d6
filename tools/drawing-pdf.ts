// Real PDFs for tests and the bench: drawing sheets made with jsPDF (the library the site's certificate uses).
import { jsPDF } from 'jspdf';

/** What a generated drawing set looks like. */
export interface DrawingOptions {
  /** Number of sheets (A4 landscape). */
  pages: number;
  /** The set's label printed on every sheet (ASCII: jsPDF's standard fonts have no Cyrillic). */
  label: string;
  /** Sheets (1-based) that get an extra annex drawn in red: the "revised" version of the same set. */
  revisedPages?: readonly number[];
  /**
   * A raster image embedded on every sheet, `width` x `height` pixels of noise (it does not compress), so the file
   * is large as scanned drawings are: the bench's 100 MB set.
   */
  raster?: { width: number; height: number };
  /** Encrypts the file with this user password (a PDF that needs a password to open). */
  password?: string;
}

/** A drawing set as PDF bytes: a frame, a facade with windows and a title block on each sheet. */
export function drawingPdf({ pages, label, revisedPages = [], raster, password }: DrawingOptions): Buffer {
  const doc = new jsPDF({
    orientation: 'landscape',
    unit: 'mm',
    format: 'a4',
    compress: true,
    ...(password
      ? { encryption: { userPassword: password, ownerPassword: password, userPermissions: ['print'] } }
      : {}),
  });
  const noise = raster ? rasterNoise(raster.width, raster.height) : null;
  for (let n = 1; n <= pages; n += 1) {
    if (n > 1) doc.addPage();
    doc.setLineWidth(0.5);
    doc.rect(10, 10, 277, 190);
    doc.rect(197, 170, 90, 30);
    doc.setFontSize(12);
    doc.text(`${label} - sheet ${n} of ${pages}`, 200, 180);
    doc.setFontSize(9);
    doc.text('Facade 1-7', 200, 190);
    // The facade: a wall with two rows of windows.
    doc.rect(40, 60, 140, 90);
    for (let row = 0; row < 2; row += 1) {
      for (let col = 0; col < 5; col += 1) doc.rect(50 + col * 26, 75 + row * 40, 14, 20);
    }
    doc.line(30, 60, 110, 30);
    doc.line(110, 30, 190, 60);
    if (noise) doc.addImage(noise, 'RGBA', 200, 20, 80, 60, `noise-${n}`, 'NONE');
    if (revisedPages.includes(n)) {
      doc.setDrawColor(200, 0, 0);
      doc.setFillColor(200, 0, 0);
      doc.rect(185, 100, 8, 50, 'F');
      doc.setDrawColor(0, 0, 0);
    }
  }
  return Buffer.from(doc.output('arraybuffer'));
}

/** RGBA noise from a fixed-seed generator: the same bytes every run, and nothing a compressor can shrink. */
function rasterNoise(width: number, height: number): { data: Uint8ClampedArray; width: number; height: number } {
  const data = new Uint8ClampedArray(width * height * 4);
  let seed = 20261125;
  for (let i = 0; i < data.length; i += 4) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    data[i] = seed & 0xff;
    data[i + 1] = (seed >>> 8) & 0xff;
    data[i + 2] = (seed >>> 16) & 0xff;
    data[i + 3] = 255;
  }
  return { data, width, height };
}
