/**
 * `npm start` runs the server bundle as SHOP_START says (the benchmarks and test shops start it from
 * there), and the bundle keeps each module's own import.meta.url: the migrations, the render
 * worker and the project root are found next to the source files, not next to the bundle.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleServer, SHOP_START } from '../../scripts/server-bundle';

describe('npm start', () => {
  it('runs the server bundle with the settings SHOP_START names', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    const env = Object.entries(SHOP_START.env)
      .map(([name, value]) => `${name}=${value}`)
      .join(' ');
    expect(scripts.start).toBe(`node scripts/server-bundle.ts && ${env} node ${SHOP_START.args.join(' ')}`);
  });

  it("bundles the server with each module's own import.meta.url", async () => {
    const bundle = readFileSync(await bundleServer(), 'utf8');
    expect(bundle).not.toContain('import.meta.url');
    for (const file of [
      'src/server/db/client.ts',
      'src/server/site/child-processes.ts',
      'src/server/site/publisher.ts',
    ])
      expect(bundle).toContain(JSON.stringify(pathToFileURL(file).href));
    expect(bundle).toContain('./render-worker.ts');
  });
});
