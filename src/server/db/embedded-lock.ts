import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/**
 * PGlite keeps the database in files that only one process may have open: a second process
 * (`npm run build` during `npm start`, a second `npm start`) reads and writes them underneath the
 * first and can corrupt it. So the opener writes its pid into `<dataDir>/pg.lock`, created
 * exclusively; a lock whose process no longer runs (killed, crashed) is taken over. Returns the
 * release function.
 */
export function lockEmbeddedDatabase(lockFile: string, databaseDir: string): () => void {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return () => release(lockFile);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(lockFile);
    if (owner !== undefined && isRunning(owner)) {
      throw new Error(
        `The embedded database in ${databaseDir} is in use by another process (pid ${owner}), ` +
          'probably the running shop (npm start). Only one process may open it: stop that process first, ' +
          'or let it rebuild the site (npm run rebuild, with REBUILD_TOKEN set on both), ' +
          'or use a PostgreSQL server (DATABASE_URL), which many processes can share.',
      );
    }
    // Left behind by a process that is gone (or half-written): remove it and try again.
    try {
      unlinkSync(lockFile);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new Error(`Could not take the lock on the embedded database (${lockFile}); try again.`);
}

function readOwner(lockFile: string): number | undefined {
  try {
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a process with this pid runs (EPERM: it runs, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the lock, but only our own: a lock taken over by another process stays. */
function release(lockFile: string) {
  if (readOwner(lockFile) !== process.pid) return;
  try {
    unlinkSync(lockFile);
  } catch {}
}
