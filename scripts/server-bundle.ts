/**
 * The server `npm start` runs: scripts/start.ts and the shop's own modules compiled by esbuild into
 * one JavaScript file (`.build/server/start.mjs`), the packages under node_modules imported as
 * they are. Running it instead of loading every module through tsx keeps an idle server about
 * 15 MB smaller (no loader thread, no esbuild service beside it; docs/decisions/021). Written on
 * every start (about 0.2 s), so it is never older than the code. `node scripts/server-bundle.ts`
 * runs on Node's own type stripping: no relative imports, nothing but erasable types here.
 */
import { mkdirSync, readFileSync, realpathSync, renameSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
export const serverBundle = path.join(root, '.build/server/start.mjs');

/**
 * A module finds its files next to itself (`new URL('./migrations', import.meta.url)`), so each
 * keeps its own URL inside the bundle instead of the bundle's.
 */
const ownImportMetaUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      return {
        contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

/** Writes the bundle beside a temporary name first: a second start at the same moment never runs half a file. */
export async function bundleServer(): Promise<string> {
  mkdirSync(path.dirname(serverBundle), { recursive: true });
  const temporary = `${serverBundle}.${process.pid}.tmp`;
  await build({
    entryPoints: [path.join(root, 'scripts/start.ts')],
    outfile: temporary,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node24',
    plugins: [ownImportMetaUrl],
    logLevel: 'warning',
  });
  renameSync(temporary, serverBundle);
  return serverBundle;
}

/**
 * How `npm start` runs the shop (package.json's start script, which tests/api/shop-start.test.ts
 * holds to this): the server bundle (scripts/server-bundle.ts) in one Node process, glibc's
 * malloc held to two arenas and large blocks given back when freed (docs/decisions/019, 021).
 * The benchmarks and tests/fixtures/shop-process.ts start it the same way, after bundleServer().
 */
export const SHOP_START = {
  args: ['--max-semi-space-size=8', path.relative(root, serverBundle)],
  env: { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' },
} as const;

/** The server's name in treeRss's byProcess (its script). */
export const SHOP_PROCESS = path.basename(serverBundle);

// Run as a script (`node scripts/server-bundle.ts`, through a symlinked folder too), not imported.
const invoked = process.argv[1] ? pathToFileURL(realpathSync(process.argv[1])).href : '';
if (import.meta.url === invoked) await bundleServer();
