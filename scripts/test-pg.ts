/**
 * `npm run test:pg`: every database test again on the PostgreSQL server (each test file gets a
 * fresh database there, dropped afterwards): the API files and the unit files that open a database
 * (Vitest projects `db` and `db-isolated`, vitest.config.ts). The other unit files touch no database
 * and have run once in `npm test`. Arguments go to Vitest (a file, `-t`, another `--project`).
 */
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Whether the test process that made a database (`yaad_test_<pid>_<random>`) still runs. */
function ownerAlive(datname: string): boolean {
  const pid = Number(datname.split('_')[2]);
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// Databases left behind by an interrupted run; never those of a run still going on this machine.
const client = new pg.Client({ connectionString: url });
await client.connect();
const { rows } = await client.query<{ datname: string }>(
  "select datname from pg_database where datname like 'yaad\\_test\\_%'",
);
for (const { datname } of rows.filter((r) => !ownerAlive(r.datname)))
  await client.query(`drop database if exists "${datname}" with (force)`);
await client.end();

const args = process.argv.slice(2);
const projects = args.some((arg) => arg.startsWith('--project')) ? [] : ['--project', 'db', '--project', 'db-isolated'];
const result = spawnSync('vitest', ['run', ...projects, ...args], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
