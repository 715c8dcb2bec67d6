// .env.example, README's table of variables and the variables the API and its start scripts read are one list.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** Every `env.NAME` / `process.env.NAME` the API (server/src) and `npm run start:nginx` read. */
function readByCode(): Set<string> {
  const names = new Set<string>();
  for (const file of [...sourceFiles('server/src'), 'scripts/start-nginx.ts']) {
    for (const match of read(file).matchAll(/\benv\.([A-Z][A-Z0-9_]+)\b/g)) names.add(match[1] as string);
  }
  return names;
}

/** The names in the first column of README's «Переменные окружения» table. */
function inReadme(): Set<string> {
  const section = read('README.md').split('## Переменные окружения')[1]?.split('\n## ')[0] ?? '';
  const names = new Set<string>();
  for (const line of section.split('\n').filter((l) => l.startsWith('| `'))) {
    const firstColumn = line.split('|')[1] ?? '';
    for (const match of firstColumn.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(match[1] as string);
  }
  return names;
}

/** The variables .env.example sets or shows commented out. */
function inExample(): Set<string> {
  return new Set([...read('.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1] as string));
}

const sorted = (names: Set<string>) => [...names].sort();

describe('.env.example', () => {
  it('names every variable of README’s table, and only those', () => {
    expect(sorted(inExample())).toEqual(sorted(inReadme()));
  });

  it('README’s table names every variable the API and start:nginx read, and nothing they do not', () => {
    expect(sorted(inReadme())).toEqual(sorted(readByCode()));
  });

  it('says each variable in Russian on the line above it', () => {
    const lines = read('.env.example').split('\n');
    lines.forEach((line, i) => {
      if (!/^#? ?[A-Z][A-Z0-9_]+=/.test(line)) return;
      const above =
        lines
          .slice(0, i)
          .reverse()
          .find((l) => !/^#? ?[A-Z][A-Z0-9_]+=/.test(l)) ?? '';
      expect(above, `the comment above ${line}`).toMatch(/^# .*[а-яё]/i);
    });
  });
});
