// The bench's large drawing set, made with PDFKit: every sheet has its own resources, so a viewer reads one sheet's
// image to draw it. (jsPDF, which tools/drawing-pdf.ts uses for the tests' small drawings, puts every image of a file
// into one shared resource dictionary: any viewer must then read all of them to draw page 1.)
//
// `layout` says where the page dictionaries lie. 'grouped' (as optimizing writers and Fast Web View files place
// them): every page dictionary near the start, the images after. 'interleaved' (PDFKit's own streaming order): each
// page's dictionary right after its image. pdf.js checks the last page before it shows the first, and in a flat page
// tree it must read every page dictionary on the way (pdf.worker `checkLastPage`, `Catalog.getPageDict`): one range
// per page when they are spread through the file.
import PDFDocument from 'pdfkit';

/**
 * The bench's drawing album: 300 sheets with a 337 × 337 RGB raster each (≈ 333 KB a sheet), 97.5 MiB (102 MB) in
 * all: the viewer's set (figure 8) and the stamping's (figure 14).
 */
export const ALBUM = { pages: 300, raster: { width: 337, height: 337 } } as const;

/** Size and order of a generated set. */
export interface DrawingSetOptions {
  pages: number;
  /** The raster on each sheet, in pixels (RGB, incompressible noise): what makes the file large. */
  raster: { width: number; height: number };
  layout: 'grouped' | 'interleaved';
}

/** A drawing set as PDF bytes: frame, facade lines, title block and a scanned-looking raster on every sheet. */
export async function drawingSet({ pages, raster, layout }: DrawingSetOptions): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', compress: false, autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  // An object is written when it is ended: images ended after the last page come after every page dictionary.
  const pending: Array<() => void> = [];
  let seed = 20261125;
  for (let n = 1; n <= pages; n += 1) {
    doc.addPage();
    doc.lineWidth(1).rect(28, 28, 786, 539).stroke();
    doc.rect(40, 170, 400, 250).stroke();
    for (let col = 0; col < 5; col += 1) doc.rect(60 + col * 75, 210, 40, 60).stroke();
    doc.moveTo(30, 170).lineTo(240, 90).lineTo(450, 170).stroke();
    doc.fontSize(12).text(`Bench set - sheet ${n} of ${pages}`, 560, 500);
    const pixels = Buffer.alloc(raster.width * raster.height * 3);
    for (let i = 0; i + 4 <= pixels.length; i += 4) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      pixels.writeUInt32LE(seed, i);
    }
    const image = doc.ref({
      Type: 'XObject',
      Subtype: 'Image',
      Width: raster.width,
      Height: raster.height,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
    });
    if (layout === 'interleaved') image.end(pixels);
    else pending.push(() => image.end(pixels));
    // PDFKit's image() takes an already embedded image as { width, height, label, obj }.
    doc.image({ width: raster.width, height: raster.height, label: `Scan${n}`, obj: image } as never, 560, 60, {
      width: 240,
    });
  }
  for (const end of pending) end();
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
