import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FolderStorage, InvalidKeyError, uploadStorage } from './storage';

let dir: string;
let storage: FolderStorage;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'yaad-storage-'));
  storage = new FolderStorage(path.join(dir, 'uploads'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array | undefined) => (data ? new TextDecoder().decode(data) : undefined);

describe('the folder storage', () => {
  it('puts, gets, replaces and deletes by key, leaving no temporary file and no empty folder', async () => {
    expect(await storage.exists('abc/160.webp')).toBe(false);
    expect(await storage.get('abc/160.webp')).toBeUndefined();
    await storage.put('abc/160.webp', bytes('first'));
    await storage.put('abc/320.webp', bytes('second'));
    expect(text(await storage.get('abc/160.webp'))).toBe('first');
    expect(await storage.exists('abc/160.webp')).toBe(true);
    await storage.put('abc/160.webp', bytes('replaced'));
    expect(text(await storage.get('abc/160.webp'))).toBe('replaced');
    expect(await readdir(path.join(dir, 'uploads', '.tmp'))).toEqual([]);

    await storage.delete('abc/160.webp');
    expect(await storage.exists('abc/160.webp')).toBe(false);
    expect(await readdir(path.join(dir, 'uploads'))).toContain('abc');
    await storage.delete('abc/320.webp');
    expect(await readdir(path.join(dir, 'uploads'))).not.toContain('abc');
    // Deleting what is not there is fine.
    await storage.delete('abc/320.webp');
  });

  it('leaves no temporary file when a write cannot be put in place', async () => {
    await mkdir(path.join(dir, 'uploads', 'abc', '160.webp'), { recursive: true });
    await expect(storage.put('abc/160.webp', bytes('x'))).rejects.toThrow();
    expect(await readdir(path.join(dir, 'uploads', '.tmp'))).toEqual([]);
  });

  it('refuses every key that is not a plain relative name, on every call', async () => {
    await writeFile(path.join(dir, 'secret'), 'secret');
    const bad = [
      '',
      '..',
      '../secret',
      'abc/../../secret',
      '/etc/passwd',
      'abc\\..\\secret',
      '.tmp/x',
      'abc/.hidden',
      'ABC/160.webp',
      'abc//160.webp',
      'abc/',
      'a\u0000b',
      'x'.repeat(101),
      'a/b/c/d/e',
    ];
    for (const key of bad) {
      await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.exists(key), key).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.put(key, bytes('x')), key).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidKeyError);
    }
    expect(await readdir(dir)).toEqual(expect.arrayContaining(['secret']));
  });

  it('is DATA_DIR/uploads for the shop, one per folder', () => {
    const a = uploadStorage({ DATA_DIR: dir });
    expect((a as FolderStorage).root).toBe(path.join(dir, 'uploads'));
    expect(uploadStorage({ DATA_DIR: `${dir}/` })).toBe(a);
  });
});
