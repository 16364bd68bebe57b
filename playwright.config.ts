import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/fixtures/chromium';

const PORT = Number(process.env.E2E_PORT ?? 4399);
export const baseURL = `http://127.0.0.1:${PORT}`;
/**
 * The shop's data folder, outside the checkout on purpose: the site must build and serve from a
 * DATA_DIR anywhere (its bundle finds the project's packages through a link, docs/decisions/008).
 */
export const e2eDataDir = path.join(os.tmpdir(), `yaad-e2e-${PORT}`);

const launchOptions = chromiumLaunchOptions;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/${PORT}`,
  // A journey (several pages, an axe scan on each) took 60–90 s when other suites shared the 2
  // cores; the limit is for a hung test, not a speed target (those live in the benchmarks).
  timeout: 150_000,
  // The first /search in a fresh browser loads Pagefind's WASM and its indexes: past 5 s when
  // other suites shared the cores. Waiting longer for what must appear hides nothing.
  expect: { timeout: 15_000 },
  retries: process.env.CI ? 1 : 0,
  // In CI a test that passes only on its retry fails the run (--fail-on-flaky-tests): the retry
  // is there for its trace, not to hide a flaky journey.
  failOnFlakyTests: Boolean(process.env.CI),
  workers: 1,
  // In CI also a JSON report, which scripts/e2e-failures.ts prints the failures from at the end;
  // one per port, as the Firebase step's run shares the time of the main one (.ci/run).
  reporter: process.env.CI ? [['line'], ['json', { outputFile: `test-results/e2e-report-${PORT}.json` }]] : 'list',
  use: { baseURL, launchOptions, trace: 'retain-on-failure' },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions } },
    { name: 'phone', use: { ...devices['Pixel 5'], viewport: { width: 360, height: 780 }, launchOptions } },
  ],
  // A real SMTP server for the run, which the shop sends its mail to (tests/e2e/smtp-global-setup.ts).
  globalSetup: './tests/e2e/smtp-global-setup.ts',
  webServer: {
    // The real server from a clean data folder: migrations, seed and the first build all run. Every
    // test registers its own shoppers, all from 127.0.0.1: the per-address sign-up limit is raised.
    command: `rm -rf ${e2eDataDir} && DATA_DIR=${e2eDataDir} PORT=${PORT} LOG_LEVEL=warn SIGNUPS_PER_ADDRESS=1000 REBUILD_TOKEN=e2e-rebuild-token-0123456789 SMTP_URL=smtp://127.0.0.1:${PORT + 1000} npm start`,
    url: `${baseURL}/`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
