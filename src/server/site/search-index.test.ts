import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseSearchIds, indexDelta, openSearchIndex, PAGEFIND_ENV, searchablePart } from './search-index';

/** The environment of this process's Pagefind child (Linux /proc), or undefined when none runs. */
function pagefindEnvironment(): Record<string, string> | undefined {
  for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== process.pid || !readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('pagefind')) continue;
      const pairs = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
      return Object.fromEntries(pairs.map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]));
    } catch {}
  }
  return undefined;
}

describe('searchablePart', () => {
  it('keeps the language and the element Pagefind indexes, and drops the rest of the page', () => {
    const page = `<!doctype html><html lang="en-JM"><head><title>Vase · Yaad Market</title></head><body>
      <header>Search products… Home Favorites Cart</header><main><nav>Home / Products</nav>
      <div class="flex" data-pagefind-body><h1 data-pagefind-weight="10">Clay Vase</h1><p>Thrown in Spanish Town.</p></div>
      </main><section>Related Products: Bamboo Lamp</section><footer>Privacy</footer></body></html>`;
    const part = searchablePart(page);
    expect(part).toContain('<html lang="en-JM">');
    expect(part).toContain('<div class="flex" data-pagefind-body><h1 data-pagefind-weight="10">Clay Vase</h1>');
    expect(part).toContain('Thrown in Spanish Town.');
    for (const gone of ['Search products', 'Bamboo Lamp', 'Privacy', 'Home / Products'])
      expect(part).not.toContain(gone);
  });

  it('leaves a page without an indexed element as it is', () => {
    expect(searchablePart('<html><body>plain</body></html>')).toBe('<html><body>plain</body></html>');
  });
});

describe.runIf(process.platform === 'linux')("Pagefind's process", () => {
  it('gives freed memory back at once (its allocator setting), without leaving the setting in this process', async () => {
    delete process.env._RJEM_MALLOC_CONF;
    const search = await openSearchIndex();
    try {
      expect(pagefindEnvironment()?._RJEM_MALLOC_CONF).toBe(PAGEFIND_ENV._RJEM_MALLOC_CONF);
      expect(process.env._RJEM_MALLOC_CONF).toBeUndefined();
    } finally {
      await search.close();
    }
  });
});

describe('indexDelta', () => {
  const page = (name: string, words: string) =>
    `<!doctype html><html lang="en-JM"><body><div data-pagefind-body><h1>${name}</h1><p>${words}</p></div></body></html>`;

  it('supersedes a changed page’s old entry, but not one published again as it was (same content, same id)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'yaad-delta-'));
    const files: Record<string, string> = {};
    const write = (id: string, html: string) => {
      files[id] = path.join(dir, `${id}-${Object.keys(files).length}.html`);
      writeFileSync(files[id], html);
    };
    // The big index: two products.
    const base = await openSearchIndex();
    try {
      await base.add('/product/moringa-serum/', page('Moringa Face Serum', 'Cold-pressed moringa oil.'));
      await base.add('/product/bay-rum/', page('Bay Rum Aftershave', 'Spicy and fresh.'));
      await base.write(path.join(dir, 'base'));
    } finally {
      await base.close();
    }
    const baseIds = await baseSearchIds(path.join(dir, 'base'));
    // Its store changed: the serum's page is the same; the aftershave's words changed.
    write('moringa-serum', page('Moringa Face Serum', 'Cold-pressed moringa oil.'));
    write('bay-rum', page('Bay Rum Aftershave', 'Now in a 200 ml bottle.'));
    await indexDelta({
      outDir: path.join(dir, 'delta'),
      delta: { changed: ['moringa-serum', 'bay-rum'], removed: [] },
      fileOf: (id) => files[id],
      baseIds,
    });
    const manifest = JSON.parse(readFileSync(path.join(dir, 'delta', 'manifest.json'), 'utf8'));
    expect(manifest.index).toBe(true);
    expect(manifest.superseded).toEqual([baseIds['/product/bay-rum/']]);
    expect(Object.keys(await baseSearchIds(path.join(dir, 'delta'))).sort()).toEqual([
      '/product/bay-rum/',
      '/product/moringa-serum/',
    ]);
  });
});
