import { fileURLToPath } from 'node:url';

/** The page's one script (BaseLayout imports it on every page). */
const SITE_SCRIPT = fileURLToPath(new URL('../src/scripts/site.ts', import.meta.url));
/** BaseLayout's `<script>` (the entry Astro makes of it), whose one import is the site script. */
const LAYOUT_SCRIPT = `${fileURLToPath(new URL('../src/layouts/BaseLayout.astro', import.meta.url))}?astro&type=script&index=0`;
/** Rolldown's own helpers (module interop), which the site chunk and most others need. */
const RUNTIME = '\0rolldown/runtime.js';

type ModuleInfo = { importedIds: readonly string[] } | null;

/**
 * A Rolldown code-splitting group (astro.config.mjs, the browser's build): the page's one script
 * and every module it imports statically, in one chunk named `site`. Without it Rolldown makes a
 * chunk of each set of modules that the script shares with some island (the cart store with the
 * cart page, the API helper with every island…), and the script imports each of them: a file
 * and a round trip apiece before the page works on a slow phone. Islands import what they share
 * with it from that chunk, which every page has already loaded. What the script imports
 * dynamically (on use) is not in it (docs/decisions/038).
 */
export function siteScriptChunk() {
  let members: Set<string> | undefined;
  return {
    name: (id: string, ctx: { getModuleInfo(id: string): ModuleInfo }) => {
      if (!members) {
        members = new Set();
        const stack = [SITE_SCRIPT];
        while (stack.length) {
          const next = stack.pop() as string;
          if (members.has(next)) continue;
          const info = ctx.getModuleInfo(next);
          if (!info) continue;
          members.add(next);
          stack.push(...info.importedIds);
        }
      }
      return members.has(id) || id === RUNTIME || id.startsWith(LAYOUT_SCRIPT) ? 'site' : null;
    },
  };
}
