import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDirOf, layerDirOf, readCurrent, SiteView, writeCurrent } from './site-view';

const root = mkdtempSync(path.join(tmpdir(), 'yaad-site-view-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** A build with two pages, and a layer that changed one and removed the other. */
function publishLayer(layer: number, files: Record<string, string>, removed: string[] = []) {
  const dir = layerDirOf(root, 'b1', layer);
  for (const [rel, text] of Object.entries(files)) write(path.join(dir, rel), text);
  write(
    path.join(dir, 'manifest.json'),
    JSON.stringify({ files: Object.keys(files), removed, pages: 1, durationMs: 1, changes: 1 }),
  );
}

describe('SiteView', () => {
  write(path.join(buildDirOf(root, 'b1'), 'build-info.json'), '{}');
  write(path.join(buildDirOf(root, 'b1'), 'client', 'product', 'a', 'index.html'), 'A from the build');
  write(path.join(buildDirOf(root, 'b1'), 'client', 'product', 'b', 'index.html'), 'B from the build');
  const read = (view: SiteView, rel: string) => {
    const file = view.file(rel);
    return file ? path.relative(root, file) : undefined;
  };

  it('serves the build, then each named layer over it, newest first; a removed page is gone', () => {
    writeCurrent(root, { build: 'b1', layers: [], publishedAt: 'now', delta: { changed: [], removed: [] } });
    const before = new SiteView(root, readCurrent(root) as never);
    expect(read(before, 'product/a/index.html')).toBe('builds/b1/client/product/a/index.html');

    publishLayer(1, { 'product/a/index.html': 'A, first change' }, ['product/b/index.html']);
    publishLayer(2, { 'product/a/index.html': 'A, second change', 'product/c/index.html': 'C, new' });
    writeCurrent(root, { build: 'b1', layers: [1, 2], publishedAt: 'now', delta: { changed: ['a'], removed: ['b'] } });
    const view = new SiteView(root, readCurrent(root) as never);
    expect(read(view, 'product/a/index.html')).toBe('builds/b1/layers/2/product/a/index.html');
    expect(read(view, 'product/c/index.html')).toBe('builds/b1/layers/2/product/c/index.html');
    expect(view.file('product/b/index.html')).toBeUndefined();
    expect(view.removedFiles()).toEqual(['product/b/index.html']);
    // The view read before the publish still sees the site it was made from.
    expect(read(before, 'product/a/index.html')).toBe('builds/b1/client/product/a/index.html');
  });

  it('ignores a layer that a crashed publish wrote but never named', () => {
    publishLayer(3, { 'product/a/index.html': 'A, half published' });
    const view = new SiteView(root, readCurrent(root) as never);
    expect(read(view, 'product/a/index.html')).toBe('builds/b1/layers/2/product/a/index.html');
  });

  it('has no site while current.json is missing or names a build that is not there', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'yaad-site-view-empty-'));
    expect(readCurrent(empty)).toBeUndefined();
    writeCurrent(empty, { build: 'gone', layers: [], publishedAt: 'now', delta: { changed: [], removed: [] } });
    expect(readCurrent(empty)).toBeUndefined();
    rmSync(empty, { recursive: true, force: true });
  });
});
