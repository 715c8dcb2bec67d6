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
    ).toEqual(['room-loop: server/src/certificates/ ↔ server/src/statements/']);
  });

  it('finds a loop of rooms through a file at the top of server/src, and one of site features, not only pairs', async () => {
    expect(
      await problemsOf({
        'server/src/config.ts': importing('./signatures/demo-trust.ts'),
        'server/src/signatures/demo-trust.ts': exporting,
        'server/src/signatures/checker.ts': importing('../context.ts'),
        'server/src/context.ts': importing('./config.ts').replace('{ x }', '{ y as x }'),
        'src/features/documents/viewer.ts': importing('../remarks/pins.ts'),
        'src/features/remarks/pins.ts': exporting,
        'src/features/remarks/letter.ts': importing('../certificates/fonts.ts'),
        'src/features/certificates/fonts.ts': exporting,
        'src/features/certificates/check.ts': importing('../documents/texts.ts'),
        'src/features/documents/texts.ts': exporting,
      }),
    ).toEqual([
      'room-loop: server/src/config.ts ↔ server/src/context.ts ↔ server/src/signatures/',
      'room-loop: src/features/certificates/ ↔ src/features/documents/ ↔ src/features/remarks/',
    ]);
  });

  it('lets a file that imports only types (context.ts) name a room that names it back', async () => {
    expect(
      await problemsOf({
        'server/src/context.ts':
          "import type { Checker } from './signatures/checker.ts';\nexport interface Ctx { c: Checker }\n",
        'server/src/signatures/checker.ts': 'export type Checker = () => void;\n',
        'server/src/signatures/signed.ts':
          "import type { Ctx } from '../context.ts';\nexport const sign = (ctx: Ctx) => ctx;\n",
      }),
    ).toEqual([]);
  });

  it("keeps the files table and a statement's status and examiner to their one writer", async () => {
    const update = (table: string, set: string) =>
      `export const q = (db: any) => db.updateTable('${table}').set({ ${set} }).where('id', '=', 1).execute();\n`;
    expect(
      await problemsOf({
        'server/src/files/files.repository.ts':
          "export const q = (db: any) => db.insertInto('files').values({}).execute();\n",
        'server/src/appeals/appeals.repository.ts':
          "export const q = (db: any) => db.insertInto('files').values({}).execute();\n",
        'server/src/workflow/workflow.repository.ts': update('statements', "status: 'sent', examiner_id: 1"),
        'server/src/team/team.repository.ts': update('statements', 'examiner_id: null'),
        'server/src/certificates/certificates.repository.ts': update('statements', "check_token: 'x'"),
        'server/src/statements/statements.repository.ts':
          "export const q = (db: any) => db.insertInto('statements').values({ status: 'sent' }).execute();\n",
      }),
    ).toEqual([
      'one-writer: server/src/appeals/appeals.repository.ts writes files, owned by server/src/files/',
      'one-writer: server/src/team/team.repository.ts writes statements (status, examiner_id, held_status), owned by server/src/workflow/',
    ]);
  });

  it('keeps one name per capability: each contract tag has its site folder and server area', async () => {
    const contract = (...tags: string[]) =>
      `openapi: 3.1.0\ntags:\n${tags.map((t) => `  - name: ${t}\n`).join('')}paths: {}\n`;
    expect(
      await problemsOf({
        'openapi.yaml': contract('remarks', 'conclusions', 'system', 'events'),
        'src/features/remarks/RemarksSection.tsx': exporting,
        'server/src/remarks/remarks.service.ts': exporting,
        'server/src/conclusions/conclusions.service.ts': exporting,
        'src/features/live/live.ts': exporting,
        'server/src/events/events.service.ts': exporting,
      }),
    ).toEqual(["capability-name: the contract's tag conclusions has no src/features/conclusions/"]);
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
