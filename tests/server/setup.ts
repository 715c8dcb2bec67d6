// Runs before each server test file (vitest.config.ts setupFiles), in the one process that runs them all.
import { afterAll } from 'vitest';
import { dropSeededTemplates } from './helpers.ts';

// A file's seeded demo templates serve that file only: a copy is then at most one file's run older than a fresh seed.
afterAll(dropSeededTemplates);
