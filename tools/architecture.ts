// The architecture's rules, checked on the import graph (docs/architecture.md «Rules that keep the map true»):
// no import cycle between files; a site capability reaches another only through the files at the top of its folder;
// a server area never imports another area's repository, never ties two ways with another area, and builds no
// query outside its repositories; http/ imports no domain area. dependency-cruiser reads the graph; the area ties
// and the query scan are ours, as they need the whole graph at once.
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

/** The server area a file belongs to (its first folder under server/src), or null. */
const areaOf = (file: string): string | null => /^server\/src\/([^/]+)\//.exec(file)?.[1] ?? null;

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

  const ties = new Map<string, Set<string>>();
  for (const module of output.modules) {
    const from = areaOf(module.source);
    if (!from) continue;
    for (const dependency of module.dependencies) {
      const to = areaOf(dependency.resolved);
      if (!to || to === from) continue;
      if (!ties.has(from)) ties.set(from, new Set());
      ties.get(from)?.add(to);
    }
  }
  for (const [from, targets] of ties) {
    for (const to of targets) {
      if (from < to && ties.get(to)?.has(from)) problems.push(`two-way-tie: server areas ${from} ↔ ${to}`);
    }
  }

  for (const module of output.modules) {
    const file = module.source;
    if (!file.startsWith('server/src/') || QUERY_HOMES.test(file) || !/\.ts$/.test(file)) continue;
    const text = readFileSync(path.join(baseDir, file), 'utf8');
    if (QUERY.test(text)) problems.push(`query-outside-repository: ${file}`);
  }
  return problems.sort();
}
