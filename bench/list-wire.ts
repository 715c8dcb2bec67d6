// Figure 4, the examiner's list on the wire as the site asks for it: in columns (domain/list-columns.ts), brotli, as
// the list cache sends it once it has compressed it again; beside it the array form and the bound of what the rows
// carry. Run by bench/run.ts on each database's portal of 10,000 statements.
import zlib from 'node:zlib';
import type { StatementListItem } from '#domain/contract.ts';
import { encodeListColumns, LIST_COLUMNS_TYPE } from '#domain/list-columns.ts';
import { rawGet } from './api.ts';
import type { BenchPortal } from './lib/portal.ts';
import { atMost, type Figure, kb } from './lib/table.ts';

const brotli11 = (text: string) =>
  zlib.brotliCompressSync(Buffer.from(text), {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
    },
  }).length;

/**
 * The bound: the rows' information, each column compressed alone at brotli 11 (the most brotli does): each text
 * field's distinct values sorted (their order is the references' business) and its references, the ids and dates as
 * differences, the rest as they are. The seed draws titles, addresses, statuses, examiners and millisecond times at
 * random for each row, so this is about all a whole list can be brought down to.
 */
export function listInformationBytes(items: readonly StatementListItem[]): number {
  const columns = encodeListColumns(items);
  let bytes = 0;
  for (const [name, column] of Object.entries(columns)) {
    if (name === 'text' || name === 'count') continue;
    bytes += brotli11(JSON.stringify(column));
  }
  for (const text of columns.text) {
    bytes += brotli11([...text.values].sort().join('\n'));
    bytes += brotli11(JSON.stringify(text.refs));
  }
  return bytes;
}

export async function listWireFigures(options: { big: BenchPortal; label: string }): Promise<Figure[]> {
  const { big, label } = options;
  const examiner = await big.logIn('examiner1@demo.example');
  const auth = { authorization: `Bearer ${examiner.accessToken}` };
  const url = `${big.url}/api/instance/all/statements`;
  const asks = { ...auth, accept: `${LIST_COLUMNS_TYPE}, application/json;q=0.9`, 'accept-encoding': 'br, gzip' };
  const first = await rawGet(url, asks);
  if (first.status !== 200) throw new Error(`examiner list answered ${first.status}`);
  const plain = await rawGet(url, { ...auth, accept: asks.accept });
  // The list cache compresses the columns again at quality 10 in the thread pool (0.5–2 s): wait, at most 30 s.
  let wire = await rawGet(url, asks);
  for (let i = 0; i < 150 && wire.wireBytes >= first.wireBytes; i++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    wire = await rawGet(url, asks);
  }
  const items = (await fetch(url, { headers: auth }).then((r) => r.json())) as StatementListItem[];
  const bound = listInformationBytes(items);
  const array = await rawGet(url, { ...auth, 'accept-encoding': 'br, gzip' });
  return [
    atMost(
      {
        group: 4,
        name: `${label}: examiner list of ${items.length} on the wire as the site asks (columns, ${wire.encoding})`,
        budget: '≤ 100 KB',
        anchor: `bound (the rows' information, each column alone at brotli 11) ${kb(bound)}; first reply after a write ${kb(first.wireBytes)}; uncompressed ${kb(plain.wireBytes)}; the array form ${kb(array.wireBytes)} (${array.encoding})`,
      },
      wire.wireBytes,
      100 * 1024,
      kb,
    ),
  ];
}
