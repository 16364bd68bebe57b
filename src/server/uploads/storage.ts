import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live, by key (`<hash>/800.webp`). One small interface so an object store
 * (S3, R2, GCS) can replace the folder without touching the routes or services: keys are
 * already the object names such a store would use.
 */
export interface UploadStorage {
  /** Stores `bytes` under `key`, replacing what was there; readers see the old or the new file, never part of one. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes under `key`, or undefined when there are none. */
  get(key: string): Promise<Uint8Array | undefined>;
  /** Removes `key`; removing a key that is not there is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** Segments of lower-case letters, digits, `.`, `_` and `-`, each starting with a letter or digit (so no `..`). */
const KEY = /^[a-z0-9][a-z0-9._-]{0,99}(\/[a-z0-9][a-z0-9._-]{0,99}){0,3}$/;

export class InvalidKeyError extends Error {}

/** Throws unless `key` is a plain relative name that cannot leave the storage's root. */
export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new InvalidKeyError(`Not a storage key: ${JSON.stringify(key.slice(0, 120))}`);
  return key;
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * A folder (`DATA_DIR/uploads`). Writes go to a temporary file in `.tmp` (a name no key can
 * have, on the same filesystem) and are renamed into place, so a reader or a crash never meets
 * half a file. Several instances may share the folder (NFS, a shared volume): rename is atomic there too.
 */
export class FolderStorage implements UploadStorage {
  readonly root: string;
  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private file(key: string): string {
    const file = path.join(this.root, ...checkKey(key).split('/'));
    // The key's pattern already keeps it inside; this makes that true whatever the pattern becomes.
    if (!file.startsWith(this.root + path.sep)) throw new InvalidKeyError(`Not a storage key: ${key}`);
    return file;
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const target = this.file(key);
    const temporary = path.join(this.root, '.tmp', randomUUID());
    await mkdir(path.dirname(temporary), { recursive: true });
    try {
      await writeFile(temporary, bytes);
      // Twice at most: a delete may remove the (empty) folder between the mkdir and the rename.
      for (let attempt = 0; ; attempt++) {
        await mkdir(path.dirname(target), { recursive: true });
        try {
          await rename(temporary, target);
          return;
        } catch (error) {
          if (!missing(error) || attempt > 0) throw error;
        }
      }
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    try {
      return await readFile(this.file(key));
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    await rm(file, { force: true });
    // The folder goes with its last file (rmdir refuses a folder that still has one).
    if (path.dirname(file) !== this.root) await rmdir(path.dirname(file)).catch(() => {});
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.file(key))).isFile();
    } catch (error) {
      if (missing(error)) return false;
      throw error;
    }
  }
}

const folders = new Map<string, UploadStorage>();

function folderUnder(config: { DATA_DIR: string }, ...folder: string[]): UploadStorage {
  const root = path.resolve(config.DATA_DIR, ...folder);
  let storage = folders.get(root);
  if (!storage) {
    storage = new FolderStorage(root);
    folders.set(root, storage);
  }
  return storage;
}

/** The shop's upload storage: today the folder `DATA_DIR/uploads` (the one place to plug in an object store). */
export function uploadStorage(config: { DATA_DIR: string }): UploadStorage {
  return folderUnder(config, 'uploads');
}

/**
 * Private photos (a return request's, decision 043): `DATA_DIR/private/return-photos`, beside the
 * public uploads and never under them, so no public route can name one of its files. Only
 * `services/returns/photos.ts` reads it, after checking who asks. An object store would be a
 * private bucket (no public URL), read through the same route.
 */
export function returnPhotoStorage(config: { DATA_DIR: string }): UploadStorage {
  return folderUnder(config, 'private', 'return-photos');
}
