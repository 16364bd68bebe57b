import { expect, test } from '@playwright/test';

/**
 * Every internal link and image on the built site resolves: a crawl from the home page over the
 * static HTML. Run once (desktop project); pages and images are the same on phones.
 */
test('every internal link and image resolves', async ({ request }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'crawled once');
  // Some 600 pages and their pictures. Each picture's size is drawn and encoded by sharp on its
  // first request (docs/decisions/003), so this first visit of every one is CPU work: minutes on a
  // quiet 2-core machine, past 8 on a loaded one. The limit is for a hung crawl.
  test.setTimeout(900_000);
  const seen = new Set<string>(['/']);
  const queue = ['/'];
  const images = new Set<string>();
  const broken: string[] = [];
  const linkPattern = /<a\s[^>]*href="([^"#]*)/g;
  const imgPattern = /<img\s[^>]*src="([^"]+)"/g;
  const srcsetPattern = /srcset="([^"]+)"/g;

  // A few requests in flight, as a browser fetches: the crawl's time is round trips, not work.
  const IN_FLIGHT = 6;
  let busy = 0;
  const visit = async (path: string) => {
    const res = await request.get(path);
    if (res.status() !== 200) {
      broken.push(`${path} → ${res.status()}`);
      return;
    }
    if (!(res.headers()['content-type'] ?? '').includes('text/html')) return;
    const html = await res.text();
    for (const [, href] of html.matchAll(linkPattern)) {
      const url = new URL(href.replace(/&amp;/g, '&'), `http://site${path}`);
      if (url.host !== 'site' || url.pathname.startsWith('/api/')) continue;
      const key = url.pathname + url.search;
      if (!seen.has(key)) {
        seen.add(key);
        queue.push(key);
      }
    }
    for (const [, src] of html.matchAll(imgPattern)) images.add(src.replace(/&amp;/g, '&'));
    // One candidate of each srcset is enough to prove the sizes are served.
    for (const [, set] of html.matchAll(srcsetPattern))
      images.add(set.split(',')[0].trim().split(/\s+/)[0].replace(/&amp;/g, '&'));
  };
  // Each crawler takes the next page in the queue; one that finds the queue empty while others
  // are still reading pages (which may add links) waits for them.
  const crawler = async () => {
    for (;;) {
      const path = queue.shift();
      if (path === undefined) {
        if (busy === 0) return;
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      busy++;
      try {
        await visit(path);
      } finally {
        busy--;
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, crawler));
  const checkImage = async (src: string) => {
    const res = await request.get(src);
    if (res.status() !== 200 || !(res.headers()['content-type'] ?? '').startsWith('image/'))
      broken.push(`image ${src} → ${res.status()}`);
  };
  // Each picture once, at the smallest size a page asks for: sizes are one resize path (tested in
  // tests/api and src/server/media), while drawing a 1200 px WebP of each of some 1,000 pictures
  // took this crawl past 8 minutes on a loaded machine.
  const smallest = new Map<string, { src: string; width: number }>();
  for (const src of images) {
    if (!src.startsWith('/')) continue;
    const url = new URL(src, 'http://site');
    const width = Number(url.searchParams.get('w') ?? Number.POSITIVE_INFINITY);
    const seenPicture = smallest.get(url.pathname);
    if (!seenPicture || width < seenPicture.width) smallest.set(url.pathname, { src, width });
  }
  const local = [...smallest.values()].map((p) => p.src);
  const imageCrawler = async () => {
    for (let src = local.shift(); src !== undefined; src = local.shift()) await checkImage(src);
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, imageCrawler));
  expect(seen.size).toBeGreaterThan(200);
  expect(broken).toEqual([]);
});
