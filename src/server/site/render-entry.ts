/**
 * The server entry of the catalogue bundle: the publisher's render worker imports the built copy
 * of this file and asks it for one page at a time, as a standard Request → Response.
 */
import { createApp } from 'astro/app/entrypoint';

const app = createApp({ streaming: false });

export function render(request: Request): Promise<Response> {
  return app.render(request);
}
