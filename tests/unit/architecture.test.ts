// The graph rules of tools/architecture.ts (run on the project by `npm run lint`), proven on probe trees: each rule
// fires on the import it forbids and stays quiet on its allowed neighbour.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { architectureProblems } from '../../tools/architecture.ts';

let scratch = '';
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

/** Lays out `files` (path → source) in a fresh directory and returns the rules' findings there. */
async function problemsOf(files: Record<string, string>): Promise<string[]> {
  scratch = mkdtempSync(join(tmpdir(), 'architecture-'));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(dirname(join(scratch, file)), { recursive: true });
    writeFileSync(join(scratch, file), source);
  }
  return architectureProblems(scratch, ['src', 'server/src']);
}

const exporting = 'export const x = 1;\n';
const importing = (specifier: string) => `import { x } from '${specifier}';\nexport const y = x;\n`;

describe('architecture rules', () => {
  it('finds a cycle, also through a type-only import', async () => {
    expect(
      await problemsOf({
        'src/lib/a.ts': "import type { B } from './b.ts';\nexport type A = B | 1;\n",
        'src/lib/b.ts': "import type { A } from './a.ts';\nexport type B = A | 2;\n",
      }),
    ).toEqual(['no-cycle: src/lib/a.ts → src/lib/b.ts → src/lib/a.ts']);
  });

  it("lets a site capability import another's top files, never its internals", async () => {
    expect(
      await problemsOf({
        'src/features/remarks/RemarksSection.tsx': exporting,
        'src/features/remarks/stores/remarks.ts': exporting,
        'src/features/statements/components/Detail.tsx': importing('../../remarks/RemarksSection.tsx'),
        'src/features/statements/stores/detail.ts': importing('../../remarks/stores/remarks.ts'),
        'src/features/remarks/components/Own.tsx': importing('../stores/remarks.ts'),
      }),
    ).toEqual([
      'capability-internals: src/features/statements/stores/detail.ts → src/features/remarks/stores/remarks.ts',
    ]);
  });

  it("keeps each server area out of another's repository, top files included", async () => {
    expect(
      await problemsOf({
        'server/src/users/users.repository.ts': exporting,
        'server/src/users/users.service.ts': importing('./users.repository.ts'),
        'server/src/remarks/remarks.service.ts': importing('../users/users.repository.ts'),
        'server/src/files/files.service.ts': importing('../users/users.service.ts'),
        'server/src/cli.ts': importing('./users/users.repository.ts'),
      }),
    ).toEqual([
      'foreign-repository: server/src/remarks/remarks.service.ts → server/src/users/users.repository.ts',
      'repository-from-top: server/src/cli.ts → server/src/users/users.repository.ts',
    ]);
  });

  it('finds two server areas that import each other', async () => {
    expect(
      await problemsOf({
        'server/src/statements/statements.service.ts': importing('../certificates/certificates.service.ts'),
        'server/src/certificates/certificates.service.ts': `${exporting}${importing('../statements/access.ts').replace('y', 'z')}`,
        'server/src/statements/access.ts': exporting,
      }),
    ).toEqual(['two-way-tie: server areas certificates ↔ statements']);
  });

  it('keeps http/ free of domain areas and queries in repositories', async () => {
    expect(
      await problemsOf({
        'server/src/statements/statements.repository.ts': "export const q = (db: any) => db.selectFrom('s');\n",
        'server/src/statements/list.ts': "export const q = (db: any) => db.selectFrom('s');\n",
        'server/src/http/cache.ts': importing('../statements/statements.repository.ts'),
        'server/src/http/headers.ts': importing('../site/headers.ts'),
        'server/src/site/headers.ts': exporting,
      }),
    ).toEqual([
      'foreign-repository: server/src/http/cache.ts → server/src/statements/statements.repository.ts',
      'http-is-plumbing: server/src/http/cache.ts → server/src/statements/statements.repository.ts',
      'query-outside-repository: server/src/statements/list.ts',
    ]);
  });
});
