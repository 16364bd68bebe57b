/**
 * `npm run bench:build [-- --sizes 1000,10000]`: static build time and peak memory for generated
 * catalogues. For each size: a fresh embedded database with the sample stores and N generated
 * products (scripts/catalog-generate.ts), then `astro build` reading it in-process, timed, with
 * the build's resident memory sampled every 100 ms. Prints a table of the figures.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { sizes: { type: 'string', default: '1000,10000' } } });
const sizes = values.sizes.split(',').map(Number);

function rssKb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

function countPages(dir: string): number {
  let n = 0;
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) n += countPages(p);
    else if (name.endsWith('.html')) n += 1;
  }
  return n;
}

const rows: string[] = [];
for (const size of sizes) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `yaad-bench-build-${size}-`));
  const gen = spawnSync(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'scripts/catalog-generate.ts', '--products', String(size), '--data-dir', dataDir],
    {
      stdio: 'inherit',
      env: { ...process.env, LOG_LEVEL: 'warn' },
    },
  );
  if (gen.status !== 0) throw new Error(`catalog:generate failed for ${size}`);
  const outDir = path.join(dataDir, 'out');
  const started = performance.now();
  let peak = 0;
  const child = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      SITE_OUT_DIR: outDir,
      ASTRO_TELEMETRY_DISABLED: '1',
      LOG_LEVEL: 'warn',
      CATALOG_API_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb(child.pid as number));
  }, 100);
  const code: number = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`astro build failed for ${size}`);
  const seconds = (performance.now() - started) / 1000;
  const pages = countPages(outDir);
  rows.push(
    `| ${size.toLocaleString('en-US')} | ${pages.toLocaleString('en-US')} | ${seconds.toFixed(1)} s | ${Math.round(pages / seconds)} | ${Math.round(peak / 1024)} MB |`,
  );
  console.info(`${size} products: ${pages} pages in ${seconds.toFixed(1)} s, peak ${Math.round(peak / 1024)} MB`);
  rmSync(dataDir, { recursive: true, force: true });
}
console.info('\n| generated products | pages built | build time | pages/s | peak memory (RSS) |');
console.info('| --- | --- | --- | --- | --- |');
for (const r of rows) console.info(r);
