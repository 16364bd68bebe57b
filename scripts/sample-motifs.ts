/**
 * What every sample product is drawn as, one line each: "Category / Subcategory | Name → motif".
 * Read it through after changing a shelf or the name rule (src/server/db/seed/motif-for-name.ts):
 * `npx tsx scripts/sample-motifs.ts`.
 */
import { sampleCatalog } from '../src/server/db/seed/sample-catalog';

const motifOf = (image: string) => /^\/media\/products\/(.+)-\d+-\d+\.svg$/.exec(image)?.[1] ?? image;

console.info(
  sampleCatalog()
    .products.map((p) => `${p.category} / ${p.subcategory} | ${p.name} → ${motifOf(p.images?.[0] ?? '')}`)
    .join('\n'),
);
