import path from 'node:path';
import type { Logger } from '../http/logger';

/** Indexes a built site with Pagefind into <site>/pagefind, in chunks a phone fetches as needed. */
export async function indexSite(siteDir: string, log: Logger): Promise<void> {
  const pagefind = await import('pagefind');
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
  try {
    const added = await index.addDirectory({ path: siteDir });
    if (added.errors.length) throw new Error(`pagefind: ${added.errors.join('; ')}`);
    const written = await index.writeFiles({ outputPath: path.join(siteDir, 'pagefind') });
    if (written.errors.length) throw new Error(`pagefind: ${written.errors.join('; ')}`);
    log.info('search index written', { pages: added.page_count });
  } finally {
    await index.deleteIndex();
    await pagefind.close();
  }
}
