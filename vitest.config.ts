import { defineConfig } from 'vitest/config';

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
