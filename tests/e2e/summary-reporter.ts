import { appendFileSync } from 'node:fs';
import type { FullResult, Reporter, TestCase } from '@playwright/test/reporter';

/** The first line of a test's first failure: what it waited for, or what it threw. */
function firstFailure(test: TestCase): string {
  const failed = test.results.find((result) => result.status !== 'passed' && result.status !== 'skipped');
  const error = failed?.errors[0] ?? failed?.error;
  const message = (error?.message ?? error?.value ?? failed?.status ?? 'unknown')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes, not text
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .find((line) => line.trim() !== '');
  const where = error?.location
    ? ` (${error.location.file.split('/tests/e2e/')[1] ?? error.location.file}:${error.location.line})`
    : '';
  return `${message?.trim() ?? ''}${where}`;
}

/**
 * Counts the run's tests by outcome and names each failed or flaky one with its first failure. The counts are printed
 * at the end of the run and, with `E2E_SUMMARY_FILE`, appended to that file as one line (npm test's summary reads it).
 * A flaky test (failed, then passed on retry) fails the run: `failOnFlakyTests` in CI (playwright.config.ts).
 */
export default class SummaryReporter implements Reporter {
  private readonly tests: TestCase[] = [];
  private readonly stage = process.env.E2E_SERVE === 'nginx' ? 'e2e-nginx' : 'e2e';

  onTestEnd(test: TestCase): void {
    if (!this.tests.includes(test)) this.tests.push(test);
  }

  onEnd(result: FullResult): void {
    const by = (outcome: ReturnType<TestCase['outcome']>) => this.tests.filter((test) => test.outcome() === outcome);
    const failed = by('unexpected');
    const flaky = by('flaky');
    const skipped = by('skipped');
    const line = `${this.stage}: ${this.tests.length} tests run, ${failed.length} failed, ${flaky.length} flaky, ${skipped.length} skipped (${result.status})`;
    const named = [
      ...failed.map((test) => `  failed  ${test.titlePath().filter(Boolean).join(' › ')}: ${firstFailure(test)}`),
      ...flaky.map(
        (test) => `  flaky   ${test.titlePath().filter(Boolean).join(' › ')}: first try: ${firstFailure(test)}`,
      ),
    ];
    // Where the stage's time goes: every try of every test, summed per spec file, the slowest first.
    const perFile = new Map<string, number>();
    for (const test of this.tests) {
      const file = test.location.file.split('/tests/e2e/')[1] ?? test.location.file;
      const spent = test.results.reduce((sum, each) => sum + each.duration, 0);
      perFile.set(file, (perFile.get(file) ?? 0) + spent);
    }
    const times = [...perFile]
      .sort((a, b) => b[1] - a[1])
      .map(([file, ms]) => `${file} ${(ms / 1000).toFixed(1)}s`)
      .join(', ');
    console.log(`\n${line}\n${named.join('\n')}${named.length > 0 ? '\n' : ''}time per spec file: ${times}`);
    const file = process.env.E2E_SUMMARY_FILE;
    if (file) appendFileSync(file, `${[line, ...named].join('\n')}\n`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
