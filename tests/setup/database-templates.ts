/**
 * Vitest global setup: two database templates made once per run, which every test file's
 * `openTestDatabase()` copies instead of building its database from nothing (issue 25 #6: making
 * and migrating a database per file was most of `npm test`'s time; PGlite's initdb alone takes
 * seconds of one core each time). `migrated`: every migration applied; `seeded`: that plus the
 * sample catalogue and demo accounts, as `createTestApp({ seed: true })` asks.
 *
 * - PGlite: each template is a tarball of the database's files (`Database.dump()`) in a temporary
 *   folder; a file opens it in memory (`openDatabase({ from })`).
 * - PostgreSQL (TEST_DATABASE_URL): each is a database on the server, copied per file with
 *   `create database … template …`. Named like every test database, `yaad_test_<pid>_…`, so
 *   `npm run test:pg` drops them if this run is killed.
 *
 * A copy starts as a file's fresh database did: the same migrations and the same seed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { seedSampleData } from '../../src/server/db/seed/seed';
import { createPostgresDatabase } from '../fixtures/database';
import type { DatabaseTemplates } from '../fixtures/database-templates';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
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
    project.provide('databaseTemplates', templates);
    return async () => {
      for (const fresh of made) await fresh.drop();
    };
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'yaad-test-templates-'));
  const database = await openDatabase({});
  const { dump } = database;
  if (!dump) throw new Error('An embedded database can be dumped.');
  const write = async (name: string) => {
    const file = path.join(folder, `${name}.tar`);
    writeFileSync(file, Buffer.from(await (await dump()).arrayBuffer()));
    return file;
  };
  const migrated = await write('migrated');
  await seedSampleData(database.db, { demoAccounts: true });
  const seeded = await write('seeded');
  await database.close();
  const templates: DatabaseTemplates = { kind: 'pglite', migrated, seeded };
  project.provide('databaseTemplates', templates);
  return async () => rmSync(folder, { recursive: true, force: true });
}
