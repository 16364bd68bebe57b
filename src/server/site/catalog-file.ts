/**
 * The catalogue a full build rendered from, saved in its build folder (docs/decisions/008,
 * amended 2026-11-23). The full build's render worker is stopped before Pagefind writes the index
 * (memory); the next worker of the same build reads this file instead of the whole catalogue
 * through the API (tens of seconds at 100,000 products), then re-reads through the API only the
 * products published since the build. Changes still queued are re-read by their own publish.
 *
 * One product a line, as the API answered it (already checked against the contract when the
 * build read it; the file belongs to one build, so to one version of the code).
 */
import { closeSync, existsSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { Product } from '../../lib/contract/catalog';

export const catalogFileOf = (buildDir: string) => path.join(buildDir, 'catalog.ndjson');

/** Written under a temporary name and renamed: a reader never sees half a file. */
export function saveCatalogFile(buildDir: string, products: Iterable<Product>): void {
  const file = catalogFileOf(buildDir);
  const temp = `${file}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w');
  try {
    // In chunks of about a megabyte: the whole catalogue as one string would be 150 MB at 100,000.
    let chunk = '';
    for (const product of products) {
      chunk += `${JSON.stringify(product)}\n`;
      if (chunk.length > 1 << 20) {
        writeSync(fd, chunk);
        chunk = '';
      }
    }
    writeSync(fd, chunk);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(temp, file);
}

/** The saved products in the order they were read, or undefined when the build has no file. */
export function readCatalogFile(buildDir: string): Product[] | undefined {
  const file = catalogFileOf(buildDir);
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  const products: Product[] = [];
  for (let start = 0; start < text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if (end > start) products.push(JSON.parse(text.slice(start, end)) as Product);
    start = end + 1;
  }
  return products;
}
