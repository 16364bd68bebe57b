/**
 * `npm run check:circles` (part of `npm run lint`): fails when a module under src/ imports itself
 * through others (docs/decisions/030). A circle makes the order modules load in decide what a
 * module sees at its top level (an import still undefined), and it hid a 7-file loop through the
 * runtime. What `npx madge --circular --extensions ts,tsx src` reports, without the package: every
 * import, export-from, `import type` and dynamic `import()` of a file under src/, resolved as
 * TypeScript resolves it (tsconfig paths included).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = path.join(root, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const configFile = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile);
const options = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root).options;

/** The files under src/ that `file` imports, in any way. */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return info.importedFiles.flatMap(({ fileName }) => {
    const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName;
    return resolved?.startsWith(src) && !resolved.endsWith('.d.ts') ? [resolved] : [];
  });
}

const graph = new Map(sourceFiles(src).map((file) => [file, importsOf(file)]));

/** Each circle once, found by a depth-first walk (the path back to the module that starts it). */
const circles: string[][] = [];
const state = new Map<string, 'walking' | 'done'>();
const trail: string[] = [];
function walk(file: string): void {
  state.set(file, 'walking');
  trail.push(file);
  for (const next of graph.get(file) ?? []) {
    if (state.get(next) === 'walking') circles.push(trail.slice(trail.indexOf(next)));
    else if (!state.has(next)) walk(next);
  }
  trail.pop();
  state.set(file, 'done');
}
for (const file of graph.keys()) if (!state.has(file)) walk(file);

if (circles.length > 0) {
  console.error(`${circles.length} import circle(s) under src/:`);
  for (const circle of circles)
    console.error(`  ${[...circle, circle[0]].map((f) => path.relative(root, f)).join(' → ')}`);
  process.exit(1);
}
console.info(`No import circle among ${graph.size} modules under src/.`);
