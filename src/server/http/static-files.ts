/**
 * The bytes and headers of the site's files, held in memory (docs/decisions/019): each file is
 * read once, its brotli and gzip forms are made once (off the main thread), and its headers
 * (type, cache rule, ETag, a page's own Content-Security-Policy) are built once, so a request for
 * a file already served is a map lookup. A published file never changes in place (builds and
 * publish layers go to new folders, docs/decisions/008), so its path is its identity; a file's
 * ETag is the hash of its content, so the same page from a newer publish still answers 304.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import { contentSecurityPolicy, inlineScriptHashes } from './security-headers';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

/** Text worth compressing; images, fonts and Pagefind's fragments are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.svg', '.webmanifest']);
/** Small files gain nothing from compression (the bytes would not fill one packet anyway). */
const MIN_COMPRESS_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/** Hashed assets never change; pages and the search index follow each publish (revalidated by ETag). */
export function cacheRule(rel: string): string {
  return rel.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate';
}

/** One file ready to send: its bytes in each encoding and the headers of each. */
export type StaticFile = {
  readonly etag: string;
  readonly compressible: boolean;
  body(encoding: Encoding | undefined): Promise<{ bytes: Uint8Array; headers: Record<string, string> }>;
  /** Whether an If-None-Match header names this file's content (any encoding of it). */
  matches(ifNoneMatch: string | undefined): boolean;
  /** The headers of a 304 for it. */
  notModified(encoding: Encoding | undefined): Record<string, string>;
  readonly bytes: number;
};

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

class PreparedFile implements StaticFile {
  readonly etag: string;
  readonly compressible: boolean;
  private readonly encoded = new Map<Encoding, Promise<Uint8Array>>();
  private readonly heads = new Map<string, Record<string, string>>();
  bytes: number;

  constructor(
    private readonly raw: Buffer,
    private readonly base: Record<string, string>,
    private readonly onGrow: (bytes: number) => void,
  ) {
    this.etag = createHash('sha256').update(raw).digest('base64url').slice(0, 27);
    this.compressible = COMPRESSIBLE.has(base.ext) && raw.length > MIN_COMPRESS_BYTES;
    this.bytes = raw.length;
  }

  private headers(encoding: Encoding | undefined, length: number): Record<string, string> {
    const key = `${encoding ?? ''}:${length}`;
    let h = this.heads.get(key);
    if (!h) {
      const { ext: _ext, ...rest } = this.base;
      h = { ...rest, ETag: this.tag(encoding) };
      if (this.compressible) h.Vary = 'Accept-Encoding';
      if (encoding) h['Content-Encoding'] = encoding;
      h['Content-Length'] = String(length);
      this.heads.set(key, h);
    }
    return h;
  }

  /** One ETag per representation (RFC 9110 §8.8.3): the content's hash, marked with its encoding. */
  private tag(encoding: Encoding | undefined): string {
    return `"${this.etag}${encoding ? `-${encoding}` : ''}"`;
  }

  async body(encoding: Encoding | undefined) {
    const use = this.compressible ? encoding : undefined;
    if (!use) return { bytes: this.raw, headers: this.headers(undefined, this.raw.length) };
    let pending = this.encoded.get(use);
    if (!pending) {
      // Brotli quality 5: ~5 ms for a 250 KB page, once per file; zlib runs on libuv's pool.
      pending = (
        use === 'br'
          ? brotli(this.raw, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: this.raw.length },
            })
          : gz(this.raw, { level: 6 })
      ).then((b) => {
        this.bytes += b.length;
        this.onGrow(b.length);
        return new Uint8Array(b.buffer, b.byteOffset, b.length);
      });
      this.encoded.set(use, pending);
      pending.catch(() => this.encoded.delete(use));
    }
    const bytes = await pending;
    return { bytes, headers: this.headers(use, bytes.length) };
  }

  matches(ifNoneMatch: string | undefined): boolean {
    if (!ifNoneMatch) return false;
    if (ifNoneMatch.trim() === '*') return true;
    return ifNoneMatch.split(',').some((t) => {
      const opaque = t.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
      return opaque.replace(/-(br|gzip)$/, '') === this.etag;
    });
  }

  notModified(encoding: Encoding | undefined): Record<string, string> {
    const use = this.compressible ? encoding : undefined;
    const h: Record<string, string> = { ETag: this.tag(use), 'Cache-Control': this.base['Cache-Control'] };
    if (this.compressible) h.Vary = 'Accept-Encoding';
    if (this.base['Content-Security-Policy']) h['Content-Security-Policy'] = this.base['Content-Security-Policy'];
    return h;
  }
}

/** Files larger than this are read from disk for each request rather than held (none in a build today). */
export const MAX_HELD_FILE_BYTES = 4 * 1024 * 1024;
/** All held bytes (plain and compressed), least recently used dropped first. */
const MAX_HELD_BYTES = 96 * 1024 * 1024;

const held = new Map<string, PreparedFile>();
let heldBytes = 0;

function evict() {
  for (const [key, file] of held) {
    if (heldBytes <= MAX_HELD_BYTES) break;
    held.delete(key);
    heldBytes -= file.bytes;
  }
}

/**
 * The prepared file at an absolute path (of a published build), `rel` being the site path it is
 * served as (for its cache rule). Undefined when it is too large to hold.
 */
export function staticFile(file: string, rel: string): StaticFile | undefined {
  const key = `${file}\0${rel}`;
  const hit = held.get(key);
  if (hit) {
    // Most recently used last: Map keeps insertion order.
    held.delete(key);
    held.set(key, hit);
    return hit;
  }
  if (statSync(file).size > MAX_HELD_FILE_BYTES) return undefined;
  const raw = readFileSync(file);
  const ext = path.extname(file).toLowerCase();
  const base: Record<string, string> = {
    ext,
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    'Cache-Control': cacheRule(rel),
  };
  // A page's policy allows exactly its own inline scripts, by hash.
  if (ext === '.html')
    base['Content-Security-Policy'] = contentSecurityPolicy(inlineScriptHashes(raw.toString('utf8')));
  const prepared = new PreparedFile(raw, base, (grown) => {
    if (held.get(key) === prepared) {
      heldBytes += grown;
      evict();
    }
  });
  held.set(key, prepared);
  heldBytes += prepared.bytes;
  evict();
  return prepared;
}

/** Files held and their bytes; for tests. */
export const heldFiles = () => ({ files: held.size, bytes: heldBytes });

/** The type of a file served from disk (a file too large to hold). */
export const typeOf = (file: string) => TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
