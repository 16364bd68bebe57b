import { describe, expect, it } from 'vitest';
import { searchablePart } from './search-index';

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
