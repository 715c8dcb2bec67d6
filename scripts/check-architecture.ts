// `npm run lint` runs this: the import graph's rules (tools/architecture.ts), on the whole project.
import path from 'node:path';
import { architectureProblems } from '../tools/architecture.ts';

const problems = await architectureProblems(path.join(import.meta.dirname, '..'));
for (const problem of problems) console.error(problem);
if (problems.length > 0) {
  console.error(
    `\n${problems.length} architecture rule(s) broken (docs/architecture.md «Rules that keep the map true»)`,
  );
  process.exit(1);
}
console.log(
  'architecture: no cycle, no capability internals, no foreign repository, no loop between rooms, one writer per owned table',
);
