/**
 * Prints, after a browser run in CI, every test that failed or passed only on its retry, with the
 * first lines of each failed attempt's error. CI keeps only the end of its output, and the line
 * reporter prints an error where it happened (mid-run) and a flaky test's title alone at the end:
 * without this, a flaky test that failed the run (--fail-on-flaky-tests) leaves nothing to go on.
 * Reads the JSON report that playwright.config.ts writes under CI.
 */
import { existsSync, readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

type Result = { status: string; duration: number; error?: { message?: string; stack?: string } };
type Test = { projectName: string; status: string; results: Result[] };
type Spec = { title: string; file: string; line: number; tests: Test[] };
type Suite = { specs?: Spec[]; suites?: Suite[] };

const reportPath = process.argv[2] ?? `test-results/e2e-report-${process.env.E2E_PORT ?? 4399}.json`;
if (!existsSync(reportPath)) {
  process.stdout.write(`No browser test report at ${reportPath}.\n`);
  process.exit(0);
}
const report = JSON.parse(readFileSync(reportPath, 'utf8')) as { suites: Suite[] };
// Without the terminal's colour codes, which the report keeps.
const plain = stripVTControlCharacters;

const troubled: string[] = [];
const walk = (suite: Suite) => {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
      troubled.push(
        `\n■ ${test.status === 'flaky' ? 'FLAKY' : 'FAILED'} [${test.projectName}] tests/e2e/${spec.file}:${spec.line} › ${spec.title}`,
      );
      test.results.forEach((result, attempt) => {
        if (result.status === 'passed' || result.status === 'skipped') return;
        const lines = plain(result.error?.stack ?? result.error?.message ?? '(no error text)').split('\n');
        troubled.push(`  attempt ${attempt + 1}: ${result.status} after ${Math.round(result.duration / 1000)} s`);
        for (const line of lines.slice(0, 14)) troubled.push(`    ${line}`);
      });
    }
  }
  for (const child of suite.suites ?? []) walk(child);
};
for (const suite of report.suites) walk(suite);
process.stdout.write(
  troubled.length
    ? `Browser tests that failed or were flaky:${troubled.join('\n')}`
    : 'No browser test failed or was flaky.',
);
process.stdout.write('\n');
