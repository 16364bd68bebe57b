import type { Context } from 'hono';
import type { AppEnv } from './router';

/**
 * The client's address for the per-address limits (sign-in, sign-up, mail). Behind a reverse proxy
 * (TRUST_PROXY=true) it is the last X-Forwarded-For entry, the one the proxy itself saw (earlier
 * entries are whatever the client sent); otherwise the socket's peer. 'unknown' when neither is
 * there (in-process test requests).
 */
export async function clientAddress(c: Context<AppEnv>): Promise<string> {
  if (c.var.config.TRUST_PROXY) {
    const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map((h) => h.trim());
    const last = hops.at(-1);
    if (last && /^[\da-fA-F:.]{2,45}$/.test(last)) return last;
  }
  try {
    const { getConnInfo } = await import('@hono/node-server/conninfo');
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
