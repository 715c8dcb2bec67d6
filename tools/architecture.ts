// The architecture's rules, checked on the import graph (docs/architecture.md «Rules that keep the map true»):
// no import cycle between files; a site capability reaches another only through the files at the top of its folder;
// a server area never imports another area's repository and builds no query outside its repositories; http/ imports
// no domain area; no loop between rooms (a server area, a top-level server file, a site feature); and one writer per
// table where a table has one owner (`files`; a statement's status and examiner). dependency-cruiser reads the graph;
// the room loops and the scans of the source are ours, as they need the whole graph at once.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';

/** The folders the rules cover, relative to the project's root. */
export const CHECKED_ROOTS = ['src', 'server/src', 'domain', 'tools'];

const rules: IForbiddenRuleType[] = [
  {
    name: 'no-cycle',
    comment: 'Files never import each other in a circle, even through types or a lazy import.',
    severity: 'error',
    from: {},
    to: { circular: true },
  },
  {
    name: 'capability-internals',
    comment: 'A site capability reaches another only through the files at the top of its folder, never its internals.',
    severity: 'error',
    from: { path: '^src/features/([^/]+)/' },
    to: { path: '^src/features/[^/]+/[^/]+/', pathNot: '^src/features/$1/' },
  },
  {
    name: 'foreign-repository',
    comment: "A server area reaches another area through that area's service or access module, never its repository.",
    severity: 'error',
    from: { path: '^server/src/([^/]+)/' },
    to: { path: '^server/src/[^/]+/.*\\.repository\\.ts$', pathNot: '^server/src/$1/' },
  },
  {
    name: 'repository-from-top',
    comment: 'The files at the top of server/src (start, runtime, cli…) reach data through services.',
    severity: 'error',
    from: { path: '^server/src/[^/]+\\.ts$' },
    to: { path: '\\.repository\\.ts$' },
  },
  {
    name: 'http-is-plumbing',
    comment:
      'server/src/http holds HTTP plumbing only: it imports no domain area (plumbing: http, contract, site, db).',
    severity: 'error',
    from: { path: '^server/src/http/' },
    to: { path: '^server/src/[^/]+/', pathNot: '^server/src/(http|contract|site|db)/' },
  },
];

/** Files allowed to build queries: repositories, the database's own set-up and the migrations. */
const QUERY_HOMES = /(\.repository\.ts|^server\/src\/db\/.*|^server\/migrations\/.*)$/;
const QUERY = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|with)\(|\bsql`|\bsql<[^>]*>`/;

/**
 * The room a file is in, for the loop rule: a server area (`server/src/users/`), a file at the top of server/src
 * (`server/src/config.ts`: each is a room of its own), or a site feature (`src/features/appeals/`); null elsewhere.
 */
export function roomOf(file: string): string | null {
  return (
    /^server\/src\/[^/]+\//.exec(file)?.[0] ??
    /^server\/src\/[^/]+\.tsx?$/.exec(file)?.[0] ??
    /^src\/features\/[^/]+\//.exec(file)?.[0] ??
    null
  );
}

/**
 * Tables with one writer: the room whose repositories alone insert, update or delete them (`columns`: only updates
 * that set one of these; a statement is born `sent` by its submission). Another room asks the owner's service.
 */
const ONE_WRITER: ReadonlyArray<{ table: string; owner: string; columns?: readonly string[] }> = [
  { table: 'files', owner: 'server/src/files/' },
  { table: 'statements', owner: 'server/src/workflow/', columns: ['status', 'examiner_id', 'held_status'] },
];

/** The writes of `table` in a source text: each query from its `insertInto`/`updateTable`/`deleteFrom` to its `;`. */
function writesOf(text: string, table: string): string[] {
  const start = new RegExp(`\\.(insertInto|updateTable|deleteFrom)\\(\\s*'${table}'\\s*\\)`, 'g');
  return [...text.matchAll(start)].map((match) => text.slice(match.index, text.indexOf(';', match.index) + 1));
}

/** Contract tags that name no capability: the site's own service endpoints (`/api/health`, `/version.json`). */
const PLUMBING_TAGS = new Set(['system']);

/**
 * Capabilities named before one name was asked for all three, each with where it lives under another name (null: no
 * folder on that side). Nothing may join this list: a new capability takes one name for the site folder, the server
 * area and the contract's tag (docs/architecture.md «The capability map»).
 */
const NAMED_BEFORE: Readonly<Record<string, { site?: string | null; server?: string | null }>> = {
  users: { site: 'profile' },
  companies: { site: 'company' },
  events: { site: 'live' },
  files: { site: 'documents' },
  catalogs: { site: null },
  prefiles: { site: null },
};

/**
 * A capability keeps one name (`capability-name`): each tag of `openapi.yaml` has its site folder
 * (`src/features/<tag>`) and its server area (`server/src/<tag>`), unless it is plumbing or named before the rule.
 */
function capabilityNameProblems(baseDir: string): string[] {
  const contract = path.join(baseDir, 'openapi.yaml');
  if (!existsSync(contract)) return [];
  const tags = [...readFileSync(contract, 'utf8').matchAll(/^ {2}- name: ([a-z-]+)$/gm)].map((match) => match[1] ?? '');
  const problems: string[] = [];
  for (const tag of tags) {
    if (PLUMBING_TAGS.has(tag)) continue;
    const before = NAMED_BEFORE[tag] ?? {};
    const sides = [
      ['src/features', before.site === undefined ? tag : before.site],
      ['server/src', before.server === undefined ? tag : before.server],
    ] as const;
    for (const [root, name] of sides) {
      if (name !== null && !existsSync(path.join(baseDir, root, name))) {
        problems.push(`capability-name: the contract's tag ${tag} has no ${root}/${name}/`);
      }
    }
  }
  return problems;
}

/** Whether a write sets this column (`column:` in its values or `set`). */
function setsColumn(write: string, column: string): boolean {
  return new RegExp(`\\b${column}\\s*:`).test(write);
}

/** Whether a file imports only types: its imports are erased, so it ties no room to another at run time. */
function importsOnlyTypes(text: string): boolean {
  const imports = text.match(/^import\s[^;]*;/gm) ?? [];
  return imports.every((line) => /^import\s+type\s/.test(line));
}

/** The loops of a directed graph: its strongly connected parts of more than one node (Tarjan), each sorted. */
function loopsOf(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const part: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      part.push(member);
    } while (member !== node);
    if (part.length > 1) loops.push(part.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return loops.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

/** Everything the rules find wrong under `baseDir` (empty when the tree keeps them). */
export async function architectureProblems(baseDir: string, roots = CHECKED_ROOTS): Promise<string[]> {
  const result = await cruise(
    roots.filter((root) => existsSync(path.join(baseDir, root))),
    {
      baseDir,
      validate: true,
      ruleSet: { forbidden: rules },
      tsPreCompilationDeps: true,
      doNotFollow: { path: 'node_modules' },
      exclude: { path: '(^|/)(node_modules|dist)/|\\.d\\.ts$' },
      enhancedResolveOptions: {
        extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs'],
        conditionNames: ['import', 'node', 'default', 'types'],
      },
    },
    {},
  );
  const output = result.output as ICruiseResult;
  const problems = output.summary.violations.map((v) =>
    v.cycle
      ? `${v.rule.name}: ${[v.from, ...v.cycle.map((step) => step.name)].join(' → ')}`
      : `${v.rule.name}: ${v.from} → ${v.to}`,
  );

  const texts = new Map<string, string>();
  const textOf = (file: string) => {
    if (!texts.has(file)) texts.set(file, readFileSync(path.join(baseDir, file), 'utf8'));
    return texts.get(file) ?? '';
  };
  const rooms = new Map<string, Set<string>>();
  for (const module of output.modules) {
    const from = roomOf(module.source);
    if (!from || importsOnlyTypes(textOf(module.source))) continue;
    for (const dependency of module.dependencies) {
      const to = roomOf(dependency.resolved);
      if (!to || to === from) continue;
      if (!rooms.has(from)) rooms.set(from, new Set());
      rooms.get(from)?.add(to);
    }
  }
  for (const loop of loopsOf(rooms)) problems.push(`room-loop: ${loop.join(' ↔ ')}`);

  for (const module of output.modules) {
    const file = module.source;
    if (!file.startsWith('server/src/') || QUERY_HOMES.test(file) || !/\.ts$/.test(file)) continue;
    if (QUERY.test(textOf(file))) problems.push(`query-outside-repository: ${file}`);
  }
  for (const module of output.modules) {
    const file = module.source;
    if (!file.startsWith('server/src/') || !/\.ts$/.test(file)) continue;
    for (const { table, owner, columns } of ONE_WRITER) {
      if (file.startsWith(owner)) continue;
      const writes = writesOf(textOf(file), table);
      const owned = columns
        ? writes.filter((write) => write.startsWith('.updateTable') && columns.some((c) => setsColumn(write, c)))
        : writes;
      if (owned.length > 0)
        problems.push(
          `one-writer: ${file} writes ${table}${columns ? ` (${columns.join(', ')})` : ''}, owned by ${owner}`,
        );
    }
  }
  problems.push(...capabilityNameProblems(baseDir));
  return problems.sort();
}
