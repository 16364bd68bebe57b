import { defineMiddleware } from 'astro:middleware';
import { holdScriptFiles } from './lib/after-paint';

/** Every page's script files wait for its largest paint (src/lib/after-paint.ts, decision 046). */
export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  return new Response(holdScriptFiles(await response.text()), response);
});
