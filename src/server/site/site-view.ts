/**
 * The published site as files (docs/decisions/008): one full build (`builds/<id>/client`) plus
 * the layers of the publishes made on it since (`builds/<id>/layers/<n>/`, only the files each
 * one changed). `current.json` names the build and its layers; it is replaced with one rename,
 * so a reader sees a whole publish or none of it, and a publish that crashed half-way (a layer
 * that `current.json` does not name) is never served.
 */
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SearchDelta } from './search-index';

export type Current = {
  build: string;
  layers: number[];
  publishedAt: string;
  /** Products changed or removed since the full build (the small search index). */
  delta: SearchDelta;
};

/** What one layer holds: the files it wrote and the ones it removed (paths relative to the site root). */
export type LayerManifest = { files: string[]; removed: string[]; pages: number; durationMs: number; changes: number };

export const currentFile = (root: string) => path.join(root, 'current.json');
export const buildDirOf = (root: string, build: string) => path.join(root, 'builds', build);
export const layerDirOf = (root: string, build: string, layer: number) =>
  path.join(buildDirOf(root, build), 'layers', String(layer));

export function readCurrent(root: string): Current | undefined {
  try {
    const current = JSON.parse(readFileSync(currentFile(root), 'utf8')) as Current;
    return existsSync(path.join(buildDirOf(root, current.build), 'build-info.json')) ? current : undefined;
  } catch {
    return undefined;
  }
}

/** Writes a file whole, flushed to disk, then renames it into place. */
export function writeAtomically(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  const fd = openSync(tmp, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}

export function writeCurrent(root: string, current: Current): void {
  writeAtomically(currentFile(root), JSON.stringify(current));
}

/** A file of a folder by its site path, if it is a file. */
export function fileIn(dir: string, rel: string): string | undefined {
  const file = path.join(dir, rel);
  try {
    return statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

/** A resolved view of one `current.json`: where each site path's file is. */
export class SiteView {
  /** Site path (`product/x/index.html`) → its file in a layer, or null when a layer removed it. */
  private readonly overlay = new Map<string, string | null>();
  readonly clientDir: string;

  constructor(
    readonly root: string,
    readonly current: Current,
  ) {
    this.clientDir = path.join(buildDirOf(root, current.build), 'client');
    for (const layer of current.layers) {
      const dir = layerDirOf(root, current.build, layer);
      const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as LayerManifest;
      for (const file of manifest.files) this.overlay.set(file, path.join(dir, file));
      for (const file of manifest.removed) this.overlay.set(file, null);
    }
  }

  /** The file serving a site path (`product/x/index.html`), or undefined. */
  file(rel: string): string | undefined {
    const layered = this.overlay.get(rel);
    if (layered !== undefined) return layered ?? undefined;
    return fileIn(this.clientDir, rel);
  }

  /** Every path a layer wrote, with its file (the render worker reads pages it does not render again). */
  layeredFiles(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [rel, file] of this.overlay) if (file) out[rel] = file;
    return out;
  }

  /** Paths the layers removed. */
  removedFiles(): string[] {
    return [...this.overlay].filter(([, file]) => file === null).map(([rel]) => rel);
  }
}
