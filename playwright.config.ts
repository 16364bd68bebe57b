import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/fixtures/chromium';

const PORT = Number(process.env.E2E_PORT ?? 4399);
export const baseURL = `http://127.0.0.1:${PORT}`;

const launchOptions = chromiumLaunchOptions;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/${PORT}`,
  timeout: 60_000,
  retries: process.env.CI ? 1 : 0,
  workers: 1,
  reporter: process.env.CI ? 'line' : 'list',
  use: { baseURL, launchOptions, trace: 'retain-on-failure' },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions } },
    { name: 'phone', use: { ...devices['Pixel 5'], viewport: { width: 360, height: 780 }, launchOptions } },
  ],
  webServer: {
    // The real server from a clean data folder: migrations, seed and the first build all run. Every
    // test registers its own shoppers, all from 127.0.0.1: the per-address sign-up limit is raised.
    command: `rm -rf .data-e2e-${PORT} && DATA_DIR=.data-e2e-${PORT} PORT=${PORT} LOG_LEVEL=warn SIGNUPS_PER_ADDRESS=1000 REBUILD_TOKEN=e2e-rebuild-token-0123456789 npm start`,
    url: `${baseURL}/`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
