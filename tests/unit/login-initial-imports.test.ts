// The login page's island paints a spinner and checks the session; its form, the typed API client (openapi-fetch)
// and the form's requests load lazily (a budget: login ≤ 80 KB of initial JS). This follows the static imports of the
// island's sources, as the build does, and fails when one of them pulls the typed client back into the initial load.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/** Static import specifiers of a source file (type-only imports and dynamic `import()` left out). */
function staticImports(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[\s\S]*?\sfrom\s+)?'([^']+)';/gm)) {
    if (match[1]) found.push(match[1]);
  }
  return found;
}

/** The project's own import aliases (package.json "imports", e.g. '#stores/*' -> './src/stores/*'). */
const aliases = Object.entries(
  (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { imports: Record<string, string> }).imports,
).map(([alias, target]) => [alias.replace(/\*$/, ''), target.replace(/\*$/, '')] as const);

/** The file an import names, or null for a package. */
function localFile(from: string, spec: string): string | null {
  if (spec.startsWith('.')) return resolve(dirname(from), spec);
  const alias = aliases.find(([prefix]) => spec.startsWith(prefix));
  return alias ? resolve(root, alias[1], spec.slice(alias[0].length)) : null;
}

/** Every file and package the entry reaches through static imports. */
function staticGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [resolve(root, entry)];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (files.has(file)) continue;
    files.add(file);
    for (const spec of staticImports(readFileSync(file, 'utf8'))) {
      const local = localFile(file, spec);
      if (local) queue.push(local);
      else packages.add(spec);
    }
  }
  return { files, packages };
}

const rel = (files: Set<string>) => [...files].map((file) => file.slice(root.length + 1)).sort();

describe('the login page initial imports', () => {
  it('the island reaches neither the typed client nor the form until the session is known', () => {
    const { files, packages } = staticGraph('src/features/auth/components/LoginForm.tsx');
    expect(rel(files)).toContain('src/stores/session.ts');
    expect(rel(files)).toContain('src/lib/api/session-core.ts');
    expect(rel(files)).not.toContain('src/lib/api/client.ts');
    expect(rel(files)).not.toContain('src/stores/api.ts');
    expect(rel(files)).not.toContain('src/features/auth/components/LoginSteps.tsx');
    expect(rel(files)).not.toContain('src/features/auth/stores/login.ts');
    expect([...packages]).not.toContain('openapi-fetch');
  });

  it('the session reaches neither the kept lists with their columns codec nor the toasts store', () => {
    // list-keep.ts shares a chunk with whatever imports it: from the session, the codec came into the login page.
    const { files } = staticGraph('src/features/auth/components/LoginForm.tsx');
    expect(rel(files)).toContain('src/stores/kept-lists.ts');
    expect(rel(files)).not.toContain('src/stores/list-keep.ts');
    expect(rel(files)).not.toContain('domain/list-columns.ts');
    expect(rel(files)).not.toContain('src/stores/toasts.ts');
  });

  it('the version check of every page runs without the typed client and the session', () => {
    const { files, packages } = staticGraph('src/stores/app-version.ts');
    expect(rel(files)).not.toContain('src/lib/api/client.ts');
    expect(rel(files)).not.toContain('src/lib/api/session-core.ts');
    expect([...packages]).not.toContain('openapi-fetch');
  });

  it('the walker sees the typed client where it is imported (the check can fail)', () => {
    const { files, packages } = staticGraph('src/features/auth/stores/login-actions.ts');
    expect(rel(files)).toContain('src/lib/api/client.ts');
    expect([...packages]).toContain('openapi-fetch');
  });
});

// The public register and the status check have the login page's budget too (no login, like it).
describe('the public pages initial imports', () => {
  it.each(['src/features/registry/RegistryPage.tsx', 'src/features/registry/StatusCheck.tsx'])(
    '%s reaches neither the typed client, the session, date-fns nor the entries and open data sections',
    (entry) => {
      const { files, packages } = staticGraph(entry);
      expect(rel(files)).not.toContain('src/lib/api/client.ts');
      expect(rel(files)).not.toContain('src/stores/session.ts');
      expect(rel(files)).not.toContain('src/lib/api/session-core.ts');
      expect(rel(files)).not.toContain('src/features/registry/components/OpenData.tsx');
      expect(rel(files)).not.toContain('src/features/registry/components/RegistryResults.tsx');
      expect([...packages]).not.toContain('openapi-fetch');
      expect([...packages]).not.toContain('date-fns');
    },
  );
});
