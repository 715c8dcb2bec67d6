// Where the time of a figure still short goes (the profiles in bench/README.md «Что не выполнено») and the next step,
// printed beside it in the closing note, so a run names each with its amount, its cause and what to try next.
import type { Figure } from './table.ts';

const CAUSES: Array<{ name: RegExp; note: string }> = [
  {
    name: /repeat visit, first row after the navigation/,
    note:
      'where: the page JS and the session refresh every full navigation makes (a page without a list takes about as ' +
      'long, see the next row); the first screen is drawn ~10 ms after the refresh answers; next: start the refresh ' +
      'from a script in the head before the islands hydrate, less JS on the list pages',
  },
  {
    name: /repeat visit, first row \/ /,
    note:
      'where: the list page starts its refresh later than the page without a list (its initial JS ~142 KB against ' +
      '~100 KB); next: the refresh from a head script, less JS before the first paint',
  },
  {
    name: /on the wire as the site asks/,
    note:
      'where: the rows themselves; the bound in the anchor is their information, each column compressed alone, and ' +
      'it is over the budget; next: the first screen first and the rest behind it, which changes the rule that a ' +
      'list is read whole',
  },
  {
    name: /GET \/api\/users\/me vs bare Fastify/,
    note:
      'where (CPU profile): the socket write, Node HTTP, GC, the Fastify core and one SQLite read of the user, ' +
      'which checks the session against the database on every request; /api/health, all our hooks without the ' +
      'database, is 0.5-0.6; next: a request without that read needs a user cache dropped on every process at removal',
  },
  {
    name: /Lighthouse .*: (TBT|performance)/,
    note:
      'where (trace at CPU x4): module evaluation and island hydration, on a list page also the list unpacked and ' +
      'drawn; Lighthouse on a ' +
      'shared machine moves more than this (BenchmarkIndex in the anchor); next: fewer React roots at load',
  },
  {
    name: /signature check of a 100 MB document, GOST \d+ \(/,
    note:
      "where: nearly all of it is the GOST engine's Streebog hash over 100 MB in OpenSSL (1.1 s on the AMD EPYC " +
      'machines, 1.7-2.4 s on these Intel Xeon ones); next: nothing in our code: the document already streams to OpenSSL',
  },
  {
    name: /npm start answers \/login \(empty database/,
    note:
      "where: loading and type-stripping the server's modules (~1.2 s cold), the demo seed's OpenSSL checks and " +
      'letters (~1 s), migrations (~0.2 s); next: the seed after listening, with the API waiting for it',
  },
  {
    name: /upload speed vs streaming/,
    note:
      'where: the HTTP loop itself with the client on the same 2 cores (the bare Fastify sink in the anchor is far ' +
      'from the disk too); next: measure from another machine',
  },
];

/** Each figure not met, with the cause and next step known for it where it has none of its own. */
export function withCauses(figures: readonly Figure[]): Figure[] {
  return figures.map((figure) => {
    if (figure.verdict !== 'FAIL' || figure.note) return figure;
    const cause = CAUSES.find((known) => known.name.test(figure.name));
    return cause ? { ...figure, note: cause.note } : figure;
  });
}
