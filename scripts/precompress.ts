// Precompresses the text assets of a build: `.br` and `.gz` beside each file, served as they are by nginx
// (`gzip_static on`) and by `npm start` (@fastify/static `preCompressed`). Run by the Astro hook `astro:build:done`
// (astro.config.mjs), so every `astro build` writes them; `node scripts/precompress.ts [dist]` does it by hand.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text types worth compressing; woff2, images and PDFs are compressed already. */
export const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest|map|ttf|otf)$/;
/** Like nginx.conf's gzip_min_length: smaller files gain nothing. */
export const MIN_SIZE = 256;

async function listFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // No dotfiles: they are never served.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await listFiles(full)));
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) files.push(full);
  }
  return files;
}

/** Writes `file.br` and `file.gz` for every compressible file of `dir` (when smaller); returns how many files. */
export async function precompressDir(dir: string): Promise<number> {
  let count = 0;
  for (const file of await listFiles(dir)) {
    const { size } = await stat(file);
    if (size < MIN_SIZE) continue;
    const body = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: size,
        },
      }),
      gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < size) await writeFile(`${file}.br`, br);
    if (gz.length < size) await writeFile(`${file}.gz`, gz);
    count++;
  }
  return count;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  const count = await precompressDir(dir);
  console.log(`precompress: ${count} files in ${dir} (.br, .gz)`);
}
