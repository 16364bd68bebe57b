import type { Plugin } from 'vite';

/**
 * `npm run dev`: mounts the Hono app (API and media) inside Astro's dev server, loaded through
 * Vite so an edit to src/server reloads it like any page.
 */
export function apiDevServer(): Plugin {
  return {
    name: 'yaad-api-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        if (!req.url || !(req.url.startsWith('/api/') || req.url.startsWith('/media/'))) return next();
        try {
          const { getRequestListener } = await import('@hono/node-server');
          const mod = await server.ssrLoadModule('/src/server/server.ts');
          const app = await mod.devApp();
          await getRequestListener(app.fetch)(req, res);
        } catch (error) {
          next(error);
        }
      });
    },
  };
}
