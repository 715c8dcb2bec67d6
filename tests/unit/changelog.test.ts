// CHANGELOG.md tells ops what each version changes: its newest released version is package.json's.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '..', '..');

it("CHANGELOG.md's newest released version is package.json's, and unreleased changes come first", () => {
  const changelog = readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  const headings = [...changelog.matchAll(/^## \[([^\]]+)\]/gm)].map((m) => m[1]);
  expect(headings[0]).toBe('Не выпущено');
  expect(headings[1]).toBe(version);
});
