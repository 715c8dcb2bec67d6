import { ensureFreshBuild } from './build.ts';

/** Runs once before any worker starts: every server of the run serves the same, current dist/. */
export default function globalSetup(): void {
  ensureFreshBuild();
}
