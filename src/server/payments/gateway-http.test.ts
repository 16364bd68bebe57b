import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { callGateway } from './gateway-http';
import { PaymentGatewayError } from './provider';

/**
 * A gateway whose server drops the first `drops` connections the moment a request arrives, with no
 * answer: what a kept-alive socket the server had just closed looks like to the caller.
 */
let server: Server | undefined;
async function droppingGateway(drops: number) {
  let seen = 0;
  server = createServer((request, response) => {
    seen += 1;
    if (seen <= drops) {
      request.socket.destroy();
      return;
    }
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ call: seen }));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/spi/sale`;
  return { url, calls: () => seen };
}
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

const post: RequestInit = { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } };
const viaFetch = (input: string, init?: RequestInit) => fetch(input, init);

describe('callGateway when the connection closes before any answer', () => {
  it('sends a repeatable call once more, and answers with the second reply', async () => {
    const gateway = await droppingGateway(1);
    const reply = await callGateway(viaFetch, gateway.url, post, { repeatable: true });
    expect(reply).toEqual({ status: 200, json: { call: 2 } });
    expect(gateway.calls()).toBe(2);
  });

  it('never sends a call that moves money twice: it fails as unreachable', async () => {
    const gateway = await droppingGateway(1);
    await expect(callGateway(viaFetch, gateway.url, post)).rejects.toBeInstanceOf(PaymentGatewayError);
    expect(gateway.calls()).toBe(1);
  });

  it('sends a repeatable call at most twice', async () => {
    const gateway = await droppingGateway(5);
    await expect(callGateway(viaFetch, gateway.url, post, { repeatable: true })).rejects.toThrow(
      /could not be reached/,
    );
    expect(gateway.calls()).toBe(2);
  });

  it('does not repeat a call that timed out: the gateway may have acted on it', async () => {
    let seen = 0;
    server = createServer(() => {
      seen += 1; // never answers
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/spi/sale`;
    await expect(
      callGateway(viaFetch, url, { ...post, signal: AbortSignal.timeout(200) }, { repeatable: true }),
    ).rejects.toBeInstanceOf(PaymentGatewayError);
    expect(seen).toBe(1);
    server.closeAllConnections();
  });
});
