// @ts-check
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { siteScriptChunk } from './scripts/site-script-chunk.ts';
import { apiDevServer } from './scripts/vite-api-dev.ts';
import { pageBuildEnv } from './src/server/env.ts';
import { publisherAdapter } from './src/server/site/astro-adapter.ts';

// The static site. `npm start` builds the code into a fresh folder (SITE_OUT_DIR): the prerendered
// pages, and the catalogue pages as a bundle the publisher renders page by page (docs/decisions/008);
// `npm run dev` serves it all with the API mounted on the same port.
// What the pages are built with besides the code: the exchange rate (JMD_PER_USD, JMD_RATE_DATE),
// checked as at boot and handed to Astro as PUBLIC_ variables, which it writes into the catalogue
// bundle and the islands alike (src/lib/jmd-rate.ts; a new rate is a full build, decision 031).
Object.assign(process.env, pageBuildEnv(process.env));

export default defineConfig({
  site: process.env.PUBLIC_SITE_URL || 'http://localhost:4321',
  output: 'static',
  outDir: process.env.SITE_OUT_DIR || './dist',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  adapter: publisherAdapter(),
  integrations: [
    react(),
    {
      name: 'yaad-client-interaction',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => {
          addClientDirective({ name: 'interaction', entrypoint: './src/scripts/client-interaction.ts' });
          addClientDirective({ name: 'eager', entrypoint: './src/scripts/client-eager.ts' });
        },
      },
    },
  ],
  devToolbar: { enabled: false },
  vite: {
    plugins: [tailwindcss(), apiDevServer()],
    // The browser's build: every module the page's one script (src/scripts/site.ts) imports is in
    // that script's own file, also what islands share with it, so a page loads one script file
    // before any interaction and no module twice (docs/decisions/038).
    environments: {
      client: { build: { rolldownOptions: { output: { codeSplitting: { groups: [siteScriptChunk()] } } } } },
    },
  },
});
