/**
 * Vitest global setup: two database templates made once per run, which every test file's
 * `openTestDatabase()` copies instead of building its database from nothing (issue 25 #6: making
 * and migrating a database per file was most of `npm test`'s time; PGlite's initdb alone takes
 * seconds of one core each time). `migrated`: every migration applied; `seeded`: that plus the
 * sample catalogue and demo accounts, as `createTestApp({ seed: true })` asks.
 *
 * - PGlite: each template is a shop data folder (the database's files, as `npm start` keeps them)
 *   in a run folder on /dev/shm (memory) where there is one; a file copies the folder and opens
 *   the copy (`openDatabase({ dataDir })`). Copying the files and opening them costs about a tenth
 *   of a core-second; loading a 42 MB tarball into PGlite's in-memory file system cost 2.5–4
 *   (docs/performance.md, the test suites, 2026-11-27 night).
 * - PostgreSQL (TEST_DATABASE_URL): each is a database on the server, copied per file with
 *   `create database … template …`. Named like every test database, `yaad_test_<pid>_…`, so
 *   `npm run test:pg` drops them if this run is killed.
 *
 * A copy starts as a file's fresh database did: the same migrations and the same seed.
 */
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { seedSampleData } from '../../src/server/db/seed/seed';
import { createPostgresDatabase, embeddedRunFolder } from '../fixtures/database';
import type { DatabaseTemplates } from '../fixtures/database-templates';

/**
 * Both Vitest projects (vitest.config.ts: api, unit) run this setup in the one main process: the
 * first makes the templates, the second is given the same ones, and the last teardown removes them.
 */
const shared = globalThis as typeof globalThis & {
  yaadTemplates?: { made: Promise<{ templates: DatabaseTemplates; remove: () => Promise<void> }>; users: number };
};

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  shared.yaadTemplates ??= { made: makeTemplates(), users: 0 };
  const run = shared.yaadTemplates;
  run.users += 1;
  const { templates, remove } = await run.made;
  project.provide('databaseTemplates', templates);
  return async () => {
    run.users -= 1;
    if (run.users > 0) return;
    shared.yaadTemplates = undefined;
    await remove();
  };
}

async function makeTemplates(): Promise<{ templates: DatabaseTemplates; remove: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const made: Awaited<ReturnType<typeof createPostgresDatabase>>[] = [];
    const template = async (seed: boolean) => {
      const fresh = await createPostgresDatabase(url, { suffix: seed ? 'tpl_seeded' : 'tpl_migrated' });
      made.push(fresh);
      const database = await openDatabase({ url: fresh.url });
      if (seed) await seedSampleData(database.db, { demoAccounts: true });
      await database.close();
      return fresh.name;
    };
    const templates: DatabaseTemplates = {
      kind: 'postgres',
      migrated: await template(false),
      seeded: await template(true),
    };
    return {
      templates,
      remove: async () => {
        for (const fresh of made) await fresh.drop();
      },
    };
  }
  const folder = embeddedRunFolder();
  const migrated = path.join(folder, 'migrated');
  const seeded = path.join(folder, 'seeded');
  await (await openDatabase({ dataDir: migrated })).close();
  cpSync(migrated, seeded, { recursive: true });
  const database = await openDatabase({ dataDir: seeded });
  await seedSampleData(database.db, { demoAccounts: true });
  await database.close();
  const templates: DatabaseTemplates = { kind: 'pglite', migrated, seeded };
  return { templates, remove: async () => rmSync(folder, { recursive: true, force: true }) };
}
