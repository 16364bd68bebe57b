import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { embeddedDataDir } from '../fixtures/database';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'yaad-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Opens the embedded database in DIR from a second Node process; its exit code and output. */
function openFromAnotherProcess(dir: string) {
  const script = path.join(tempDir(), 'open.mts');
  writeFileSync(
    script,
    `import { openDatabase } from ${JSON.stringify(path.join(root, 'src/server/db/client.ts'))};
const db = await openDatabase({ dataDir: ${JSON.stringify(dir)} });
await db.close();
console.log('opened');`,
  );
  const child = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [script], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: child.status, output: `${child.stdout}${child.stderr}` };
}

describe('the embedded database is opened by one process at a time', () => {
  it('refuses a second process while the first has it open, naming the owner; allows it after close', async () => {
    const dir = tempDir();
    // A copy of the run's migrated template: the lock is under test, not initdb and the migrations.
    await embeddedDataDir(dir);
    const first = await openDatabase({ dataDir: dir });
    try {
      expect(readFileSync(path.join(dir, 'pg.lock'), 'utf8').trim()).toBe(String(process.pid));
      const second = openFromAnotherProcess(dir);
      expect(second.status).not.toBe(0);
      expect(second.output).toContain(
        `The embedded database in ${path.resolve(dir, 'pg')} is in use by another process (pid ${process.pid})`,
      );
      expect(second.output).not.toContain('opened');
      // And in the same process: PGlite must be opened once.
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/is in use by another process/);
    } finally {
      await first.close();
    }
    expect(existsSync(path.join(dir, 'pg.lock'))).toBe(false);
    const third = openFromAnotherProcess(dir);
    expect(third.output).toContain('opened');
    expect(third.status).toBe(0);
  }, 120_000);

  it('takes over a lock left by a process that no longer runs (killed, crashed)', async () => {
    const dir = tempDir();
    const gone = spawn(process.execPath, ['-e', '']);
    const pid = gone.pid;
    await new Promise((resolve) => gone.on('exit', resolve));
    await embeddedDataDir(dir);
    writeFileSync(path.join(dir, 'pg.lock'), `${pid}\n`);
    const db = await openDatabase({ dataDir: dir });
    expect(readFileSync(path.join(dir, 'pg.lock'), 'utf8').trim()).toBe(String(process.pid));
    await db.close();
  }, 60_000);
});
