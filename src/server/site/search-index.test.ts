import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openSearchIndex, PAGEFIND_ENV, searchablePart } from './search-index';

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
