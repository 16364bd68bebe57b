import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Env as Config } from '../env';
import { catalogCache, forgetCatalogAnswers } from './catalog-cache';
import type { AppEnv } from './router';

/**
 * A catalogue read that takes `ms(n)` for the n-th read and counts how often the database would
 * have been asked; answers are kept `ttl` ms.
 */
function shop(ms: (read: number) => number, ttl = 60_000) {
  let reads = 0;
  let price = 100;
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('config', { CATALOG_CACHE_MS: ttl } as Config);
    c.set('user', undefined);
    await next();
  });
  app.use('/products/*', catalogCache);
  app.get('/products/:id', async (c) => {
    reads += 1;
    const read = reads;
    const seen = price;
    await new Promise((resolve) => setTimeout(resolve, ms(read)));
    return c.json({ id: c.req.param('id'), price: seen, read });
  });
  return {
    read: async (id: string) =>
      (await (await app.request(`/products/${id}`)).json()) as { price: number; read: number },
    reads: () => reads,
    change: (to: number) => {
      price = to;
      forgetCatalogAnswers();
    },
  };
}

describe('catalogue answers kept in memory', () => {
  it('shoppers who ask while an answer is being read wait for that one read', async () => {
    forgetCatalogAnswers();
    const s = shop(() => 30);
    const answers = await Promise.all(Array.from({ length: 20 }, () => s.read('p1')));
    expect(s.reads()).toBe(1);
    expect(answers.every((a) => a.price === 100)).toBe(true);
    await s.read('p2');
    expect(s.reads()).toBe(2);
  });

  it('an answer read across a change is neither kept nor handed to later readers', async () => {
    forgetCatalogAnswers();
    // The read that began before the change ends after the one that began after it.
    const s = shop((n) => (n === 1 ? 60 : 5));
    const before = s.read('p1');
    await new Promise((resolve) => setTimeout(resolve, 5));
    s.change(250);
    const after = s.read('p1');
    expect((await before).price).toBe(100);
    expect((await after).price).toBe(250);
    expect((await s.read('p1')).price).toBe(250);
    expect(s.reads()).toBe(2);
  });
});

describe('a path that more than one cached pattern matches', () => {
  it('is answered, and read once (issue 24 #2: /products/best-sellers is also /products/:id)', async () => {
    forgetCatalogAnswers();
    let reads = 0;
    const app = new Hono<AppEnv>();
    app.use('*', async (c, next) => {
      c.set('config', { CATALOG_CACHE_MS: 60_000 } as Config);
      c.set('user', undefined);
      await next();
    });
    for (const path of ['/products/best-sellers', '/products/:id']) app.use(path, catalogCache);
    app.get('/products/best-sellers', (c) => {
      reads += 1;
      return c.json({ best: true });
    });
    const late = new Promise<'never answered'>((resolve) => setTimeout(() => resolve('never answered'), 2_000));
    const first = await Promise.race([app.request('/products/best-sellers'), late]);
    expect(first).not.toBe('never answered');
    expect((first as Response).status).toBe(200);
    expect((await app.request('/products/best-sellers')).status).toBe(200);
    expect(reads).toBe(1);
  });
});

describe('an expired answer being read again', () => {
  it('is still given to the others who ask meanwhile, without waiting for that read', async () => {
    forgetCatalogAnswers();
    // Kept 30 ms; the second read (the expired answer's) is slow, as on a busy database.
    const s = shop((n) => (n === 2 ? 300 : 1), 30);
    expect((await s.read('p1')).read).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    const refreshing = s.read('p1');
    const started = performance.now();
    const meanwhile = await s.read('p1');
    expect(meanwhile.read).toBe(1);
    expect(performance.now() - started).toBeLessThan(150);
    expect((await refreshing).read).toBe(2);
    expect(s.reads()).toBe(2);
  });
});
