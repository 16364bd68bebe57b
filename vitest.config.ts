import { defineConfig } from 'vitest/config';

// Passwords hashed at 2^10 instead of production's 2^15 (~1.5 ms, not ~50 ms, of a core): a run
// hashes and checks thousands. Set here, in the main process, so the global setup's seeded
// template (demo accounts) is hashed so too; the workers inherit it. src/server/auth/password.test.ts
// pins production's cost.
process.env.SCRYPT_N ??= '1024';

/** Files that replace a module (vi.mock): they need a module graph of their own. */
const MOCKING = ['tests/api/auth.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each API test file opens its own database: two at a time on two cores.
    maxWorkers: 2,
    // Every file's database is a copy of a template made once per run (issue 25 #6).
    globalSetup: ['tests/setup/database-templates.ts'],
    projects: [
      {
        // The API files share one module graph per worker (isolate: false): importing the whole
        // app again for each of ~70 files was a quarter to a third of the run (docs/performance.md).
        // Each opens and closes its own app and database, and none replaces a module or a global.
        extends: true,
        test: { name: 'api', include: ['tests/api/**/*.test.ts'], exclude: MOCKING, isolate: false },
      },
      {
        // Unit tests stub globals (window, fetch, history) and mock modules: each file on its own.
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts', ...MOCKING] },
      },
    ],
  },
});
