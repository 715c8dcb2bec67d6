import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** The production build every server of the run serves. */
export const distDir = path.join(repoRoot, 'dist');
/** Node 24 from the `node` devDependency; the system Node is too old for the server. */
export const nodeBin = path.join(repoRoot, 'node_modules', '.bin', 'node');
