import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Passwords hashed at 2^10 instead of production's 2^15 (~1.5 ms, not ~50 ms, of a core): a run
// hashes and checks thousands. Set here, in the main process, so the global setup's seeded
// template (demo accounts) is hashed so too; the workers inherit it. src/server/auth/password.test.ts
// pins production's cost.
process.env.SCRYPT_N ??= '1024';

/**
 * Files that need a module graph of their own for a reason their text does not show: one replaces
 * a module (vi.mock), one counts from zero what a module keeps for the whole process (the prepared
 * statements, at most MAX_PREPARED texts ever: in a graph the API files share, they are long used up).
 */
const OWN_GRAPH = ['tests/api/auth.test.ts', path.join('src', 'server', 'db', 'prepared-statements.test.ts')];

const unitFiles = (readdirSync('src', { recursive: true }) as string[])
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => path.join('src', file));
const text = (file: string) => readFileSync(file, 'utf8');

/**
 * The unit test files (beside their code under src/) that open a database, found by what they
 * call: with the API files, they are what `npm run test:pg` runs again on PostgreSQL. The others
 * touch no database, so a second run there would test nothing new (issue 25 #6).
 */
const OPENS_A_DATABASE = /\b(openTestDatabase|createTestApp|browserOnApi|openDatabase|TEST_DATABASE_URL)\b/;

/**
 * The files that stub or set a global (window, document, storage, fetch, the clock, the
 * environment) or keep state in a browser store module: each needs a module graph of its own. The
 * rest share one per worker: importing a file's modules again for each file was a quarter to a
 * third of the API files' time and most of the plain unit files' (docs/performance.md).
 */
const TOUCHES_GLOBALS =
  /vi\.(mock|stubGlobal|spyOn|useFakeTimers|stubEnv)|installBrowser|globalThis\.\w+\s*=|\bwindow\b|\bdocument\.|localStorage|sessionStorage|process\.env\.\w+\s*=/;
const needsOwnGraph = (file: string) =>
  file.startsWith(path.join('src', 'lib', 'stores')) || TOUCHES_GLOBALS.test(text(file));

const opensDatabase = unitFiles.filter((file) => OPENS_A_DATABASE.test(text(file)));
const DATABASE_SHARED = opensDatabase.filter((file) => !needsOwnGraph(file) && !OWN_GRAPH.includes(file));
const DATABASE_ISOLATED = [...opensDatabase.filter(needsOwnGraph), ...OWN_GRAPH];
const UNIT_ISOLATED = unitFiles.filter((file) => !opensDatabase.includes(file) && needsOwnGraph(file));

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each API test file opens its own database: two at a time on two cores.
    maxWorkers: 2,
    // Every file's database is a copy of a template made once per run (issue 25 #6).
    globalSetup: ['tests/setup/database-templates.ts'],
    // Projects `db` and `db-isolated` open databases: `npm run test:pg` runs them again on
    // PostgreSQL (scripts/test-pg.ts).
    projects: [
      {
        // The API files and the unit files that open a database without touching a global share one
        // module graph per worker (isolate: false). Each opens and closes its own app and database.
        extends: true,
        test: {
          name: 'db',
          include: ['tests/api/**/*.test.ts', ...DATABASE_SHARED],
          exclude: OWN_GRAPH,
          isolate: false,
        },
      },
      {
        // Those that stub a global, keep a browser store's state or mock a module: each on its own.
        extends: true,
        test: { name: 'db-isolated', include: DATABASE_ISOLATED },
      },
      {
        // Unit tests of plain modules: one module graph per worker.
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          exclude: [...opensDatabase, ...UNIT_ISOLATED],
          isolate: false,
        },
      },
      {
        // Unit tests that stub globals (window, fetch, history) or mock modules: each file on its own.
        extends: true,
        test: { name: 'unit-isolated', include: UNIT_ISOLATED },
      },
    ],
  },
});
