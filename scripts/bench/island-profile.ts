/**
 * `tsx scripts/bench/island-profile.ts`: where a seller page's start spends the main thread, on a
 * phone (issue 31, Must-have 4). For a shop already running at PROFILE_ORIGIN, signed in as the
 * demo seller of the best-selling product's store: Chromium at 360 × 780 with its CPU slowed 4×
 * (as Lighthouse's mobile runs), a V8 CPU profile from before the page is asked for until the
 * island has drawn its data (hydrated, no "Loading …" placeholder left), then:
 * - the script files loaded by then (the browser's resource entries): how many, bytes gzipped (level 9);
 * - the main thread's tasks over 50 ms (runs of profile samples with no idle sample between
 *   them; the browser's own long-task entries are printed beside them, as a check);
 * - per script file: the time of its top-level frames with what they called (its module body, or
 *   an anonymous callback the browser runs: minified code is all on line 0, so the two are not
 *   told apart) and the self time of its functions (whoever called them), during the whole start.
 * A "task" here is a run of busy samples: two browser tasks with no idle moment between are one.
 * PROFILE_PATHS=/dashboard/,/dashboard/orders/ (the default) and PROFILE_RUNS (default 3: the
 * figures per run, since the machine's load moves them). Deterministic except for the times.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { DEMO_PASSWORD, sellerEmail } from '../../src/server/db/seed/sample-catalog';
import { chromiumLaunchOptions } from '../../tests/fixtures/chromium';

const origin = process.env.PROFILE_ORIGIN ?? 'http://127.0.0.1:4620';
const paths = (process.env.PROFILE_PATHS ?? '/dashboard/,/dashboard/orders/').split(',');
const runs = Number(process.env.PROFILE_RUNS ?? 3);

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

async function sellerCookie() {
  const { products } = (await (await fetch(`${origin}/api/v1/products?limit=1&sort=bestsellers`)).json()) as {
    products: { store: { id: string } }[];
  };
  const res = await fetch(`${origin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: sellerEmail(products[0].store.id), password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const short = (url: string) => (url ? url.replace(origin, '').replace(/^\/_astro\//, '') : '(native)');
const ms = (us: number) => Math.round(us / 100) / 10;

function analyse(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const root = profile.nodes.find((n) => !parent.has(n.id));
  // A module's top level: an anonymous frame at line 0 whose parent is the root (or the microtask runner).
  const topLevelOf = (id: number): string | undefined => {
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur) as Node;
      const p = parent.get(cur);
      const atTop = p === root?.id || byId.get(p as number)?.callFrame.functionName === '(program)';
      if (n.callFrame.url && n.callFrame.functionName === '' && n.callFrame.lineNumber === 0 && atTop)
        return short(n.callFrame.url);
    }
    return undefined;
  };
  const self = new Map<string, number>();
  const evaluation = new Map<string, number>();
  const tasks: { start: number; us: number; self: Map<string, number> }[] = [];
  let t = profile.startTime;
  let task: (typeof tasks)[number] | undefined;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i + 1] ?? 0;
    t += profile.timeDeltas[i];
    const n = byId.get(profile.samples[i]) as Node;
    const name = n.callFrame.functionName;
    if (name === '(idle)') {
      task = undefined;
      continue;
    }
    if (!task) {
      task = { start: t, us: 0, self: new Map() };
      tasks.push(task);
    }
    task.us += dt;
    const url = short(n.callFrame.url);
    if (name !== '(program)' && name !== '(garbage collector)') self.set(url, (self.get(url) ?? 0) + dt);
    else self.set(name, (self.get(name) ?? 0) + dt);
    task.self.set(url || name, (task.self.get(url || name) ?? 0) + dt);
    const top = topLevelOf(n.id);
    if (top) evaluation.set(top, (evaluation.get(top) ?? 0) + dt);
  }
  return { self, evaluation, tasks: tasks.filter((x) => x.us > 50_000), start: profile.startTime };
}

const cookie = await sellerCookie();
const browser = await chromium.launch(chromiumLaunchOptions);
for (let run = 1; run <= runs; run++)
  for (const path of paths) {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 }, extraHTTPHeaders: { cookie } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      (globalThis as { __long?: number[] }).__long = [];
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) (globalThis as unknown as { __long: number[] }).__long.push(e.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(origin + path);
    // Hydrated (Astro drops `ssr`), and neither the page's fallback nor SellerNotice's loading
    // placeholder left (both "Loading your …"): React draws a moment after `ssr` is dropped.
    await page.waitForFunction(
      () => {
        const island = document.querySelector('astro-island');
        return island && !island.hasAttribute('ssr') && !island.querySelector('[aria-label^="Loading"]');
      },
      undefined,
      { timeout: 60_000 },
    );
    // The drawing's own task ends after the element is in the page.
    await page.waitForTimeout(300);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    const long = await page.evaluate(() => (globalThis as unknown as { __long: number[] }).__long);
    // The browser's own list: a response event can come after the page has drawn.
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((u) => new URL(u).pathname.endsWith('.js')),
    );
    await context.close();
    let gzip = 0;
    for (const url of scripts)
      gzip += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
    const a = analyse(profile);
    const scriptUs = [...a.self].filter(([k]) => k.endsWith('.js')).reduce((s, [, v]) => s + v, 0);
    console.info(`\n## ${path}, run ${run}`);
    console.info(
      `script files ${scripts.length}, ${(gzip / 1024).toFixed(1)} KB gzipped; JS self time ${ms(scriptUs)} ms`,
    );
    console.info(`long tasks (browser's entries, ms): ${long.map((d) => Math.round(d)).join(', ') || 'none'}`);
    for (const task of a.tasks) {
      const top = [...task.self].sort((x, y) => y[1] - x[1]).slice(0, 6);
      console.info(
        `task at ${ms(task.start - a.start)} ms: ${ms(task.us)} ms; self: ${top.map(([k, v]) => `${k} ${ms(v)}`).join(', ')}`,
      );
    }
    const evals = [...a.evaluation].sort((x, y) => y[1] - x[1]).filter(([, v]) => v >= 500);
    console.info(`top-level frames with callees (ms): ${evals.map(([k, v]) => `${k} ${ms(v)}`).join(', ')}`);
    const selfTop = [...a.self].sort((x, y) => y[1] - x[1]).slice(0, 14);
    console.info(`self time (ms): ${selfTop.map(([k, v]) => `${k} ${ms(v)}`).join(', ')}`);
  }
await browser.close();
