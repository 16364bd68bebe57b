import type { Server } from 'node:http';

/**
 * How long the shop keeps an idle keep-alive connection open: 65 s, longer than the idle time of
 * the clients and proxies in front of it (a cloud load balancer's 60 s). With Node's 5 s, a client
 * can send its next request on a connection the server is closing at that moment and get a reset
 * ("socket hang up"): a POST is not retried, so a shopper's click fails (seen in CI, where the
 * browser tests' API client reused a connection idle for about 5 s). Node's clients read the
 * `Keep-Alive: timeout=65` the server sends and close first (docs/decisions/057).
 */
export const KEEP_ALIVE_MS = 65_000;

/** Keeps idle connections KEEP_ALIVE_MS; a request's headers may take a second longer, so the idle timer always decides first. */
export function keepConnectionsOpen(server: Server): Server {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return server;
}
