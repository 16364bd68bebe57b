import { defineConfig } from 'vitest/config';

// Passwords hashed at 2^10 instead of production's 2^15 (~1.5 ms, not ~50 ms, of a core): a run
// hashes and checks thousands. Set here, in the main process, so the global setup's seeded
// template (demo accounts) is hashed so too; the workers inherit it. src/server/auth/password.test.ts
// pins production's cost.
process.env.SCRYPT_N ??= '1024';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each API test file opens its own database (PGlite is ~1 GB while seeding): two at a time on two cores.
    maxWorkers: 2,
    // Every file's database is a copy of a template made once per run (issue 25 #6).
    globalSetup: ['tests/setup/database-templates.ts'],
  },
});
