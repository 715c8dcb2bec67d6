// The import rules of biome.json (shared -> features -> pages; a capability reaches another only through the files at
// the top of its folder; Radix only in components/ui; the site and the API import the domain kernel and never each
// other), proven on probe files laid out like the repository in a scratch copy of the project's Biome config.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const biome = join(root, 'node_modules', '.bin', 'biome');

const probes: Array<[file: string, specifier: string, allowed: boolean]> = [
  ['src/features/auth/stores/probe.ts', '../../statements/stores/lists.ts', false],
  ['src/features/auth/stores/probe.ts', '../../../features/statements/stores/lists.ts', false],
  ['src/features/auth/probe.ts', '../statements/stores/lists.ts', false],
  ['src/features/auth/components/probe.ts', '@radix-ui/react-dialog', false],
  ['src/features/auth/components/probe.ts', '../../../layouts/texts.ts', false],
  ['src/lib/probe.ts', '../features/statements/stores/counters.ts', false],
  ['src/stores/probe.ts', '../layouts/texts.ts', false],
  ['src/components/ui/probe.ts', '../../features/auth/texts.ts', false],
  ['src/layouts/probe.ts', '@radix-ui/react-dropdown-menu', false],
  ['src/features/auth/stores/probe.ts', '../texts.ts', true],
  ['src/features/auth/stores/probe.ts', '../../../lib/deadline.ts', true],
  ['src/features/auth/components/probe.ts', '../../../components/ui/Dialog.tsx', true],
  ['src/components/ui/probe.ts', '@radix-ui/react-dialog', true],
  ['src/layouts/probe.ts', '../features/statements/counters.ts', true],
  ['src/layouts/probe.ts', '../features/statements/stores/lists.ts', false],
  // A capability's public face is the files at the top of its folder; its subfolders are its own.
  ['src/features/statements/probe.ts', '../remarks/RemarksSection.tsx', true],
  ['src/features/statements/stores/probe.ts', '../../live/changes.ts', true],
  ['src/features/statements/components/detail/probe.ts', '../../../remarks/remarks.ts', true],
  ['src/features/statements/probe.ts', '../remarks/stores/editing.ts', false],
  ['src/features/statements/stores/probe.ts', '../../remarks/components/probe.tsx', false],
  ['src/features/statements/components/detail/probe.ts', '../../../remarks/stores/editing.ts', false],
  ['src/features/statements/components/detail/probe.ts', '../../../../features/remarks/remarks.ts', false],
  ['src/features/remarks/probe.ts', './stores/editing.ts', true],
  ['src/features/statements/components/detail/probe.ts', '../../stores/detail.ts', true],
  ['src/features/statements/components/detail/probe.ts', '#stores/session.ts', true],
  // Folder pairs: the site and the API import the kernel; the kernel imports neither; neither imports the other.
  ['server/src/statements/probe.ts', '../../../src/lib/deadline.ts', false],
  ['server/src/routes/api/files/probe.ts', '../../../../../src/stores/session.ts', false],
  ['server/src/probe.ts', '../../src/components/ui/Dialog.tsx', false],
  ['src/lib/probe.ts', '../../server/src/config.ts', false],
  ['src/features/auth/stores/probe.ts', '../../../../server/src/errors.ts', false],
  ['src/pages/probe.ts', '../../server/src/app.ts', false],
  ['domain/probe.ts', '../src/lib/deadline.ts', false],
  ['domain/probe.ts', '../server/src/config.ts', false],
  ['domain/probe.ts', './statuses.ts', true],
  ['server/src/statements/probe.ts', '#domain/statuses.ts', true],
  ['server/src/statements/probe.ts', '../db/database.ts', true],
  ['src/lib/probe.ts', '#domain/routes.ts', true],
  ['src/features/auth/stores/probe.ts', '#domain/files.ts', true],
  // The site's own aliases: features and layouts reach shared code by them; lib, the bottom layer, reaches no higher.
  ['src/features/auth/stores/probe.ts', '#stores/session.ts', true],
  ['src/layouts/probe.ts', '#components/ui/Dialog.tsx', true],
  ['src/lib/probe.ts', '#stores/toasts.ts', false],
  ['src/lib/api/probe.ts', '../../stores/toasts.ts', false],
  ['src/lib/probe.ts', '#components/ui/Dialog.tsx', false],
  // Tests, bench and scripts share helpers through tools/, never through the test tree.
  ['bench/lib/probe.ts', '../../tests/e2e/paths.ts', false],
  ['bench/probe.ts', '../tests/server/helpers.ts', false],
  ['scripts/probe.ts', '../tests/e2e/portal.ts', false],
  ['tools/probe.ts', '../tests/server/helpers.ts', false],
  ['bench/lib/probe.ts', '../../tools/free-port.ts', true],
  ['scripts/probe.ts', '../tools/child.ts', true],
  ['tests/server/probe.ts', '../../tools/smtp-sink.ts', true],
];

let scratch = '';
let restricted = new Set<string>();

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'import-direction-'));
  const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
  delete config.$schema;
  writeFileSync(join(scratch, 'biome.json'), JSON.stringify(config));
  probes.forEach(([file, specifier], i) => {
    const path = join(scratch, file.replace('probe', `probe${i}`));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `import * as probe from '${specifier}';\n\nexport default probe;\n`);
  });
  let output = '';
  try {
    output = execFileSync(biome, ['lint', '--reporter=json', '--max-diagnostics=none', '.'], {
      cwd: scratch,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? '');
  }
  const report = JSON.parse(output) as { diagnostics: Array<{ category: string; location: { path: string } }> };
  restricted = new Set(
    report.diagnostics
      .filter((d) => d.category === 'lint/style/noRestrictedImports')
      .map((d) => d.location.path.replace(/\\/g, '/')),
  );
}, 30_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('import direction (biome.json noRestrictedImports)', () => {
  it.each(probes.map((probe, i) => [...probe, i] as const))('%s importing %s: allowed %s', (file, _s, allowed, i) => {
    const probeFile = file.replace('probe', `probe${i}`);
    expect(restricted.has(probeFile)).toBe(!allowed);
  });
});
