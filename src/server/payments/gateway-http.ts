import { PaymentGatewayError } from './provider';

/** The fetch an adapter calls (the built-in one; tests hand in a gateway of their own). */
export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** How long a gateway may take to answer one call: a slow issuer is slow, a hung socket is not. */
export const GATEWAY_TIMEOUT_MS = 45_000;

/**
 * Whether a fetch failed because the connection closed before any answer came: a kept-alive socket
 * the gateway's server had just closed as this call reused it (ECONNRESET, "other side closed").
 * A timeout is not one: the gateway may have acted on the request.
 */
function lostConnection(error: unknown): boolean {
  if (!(error instanceof Error) || error.name === 'TimeoutError' || error.name === 'AbortError') return false;
  const cause = (error as { cause?: { code?: unknown } }).cause;
  const code = typeof cause?.code === 'string' ? cause.code : '';
  return code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE';
}

/**
 * One call to a gateway, its answer read as JSON. Throws PaymentGatewayError for a network failure,
 * a timeout or an answer that is not JSON; an HTTP error status with a JSON body is returned with
 * its status, since gateways explain refusals in the body. Never puts the request (its headers
 * carry credentials) into the error.
 *
 * `repeatable`: the call may be sent again when its connection closed before any answer (starting a
 * hosted page under the same transaction identifier, reading a status). Never set for a call that
 * moves money (a refund): that one is retried by the sweeper under its own dedupe key.
 */
export async function callGateway(
  fetchImpl: Fetch,
  url: string,
  init: RequestInit,
  options: { repeatable?: boolean } = {},
): Promise<{ status: number; json: unknown }> {
  let response: Response;
  const send = () => fetchImpl(url, { ...init, signal: init.signal ?? AbortSignal.timeout(GATEWAY_TIMEOUT_MS) });
  try {
    try {
      response = await send();
    } catch (error) {
      if (!options.repeatable || !lostConnection(error)) throw error;
      response = await send();
    }
  } catch (error) {
    const why = error instanceof Error ? error.name : 'error';
    throw new PaymentGatewayError(`the gateway could not be reached (${why}) at ${new URL(url).pathname}`);
  }
  const text = await response.text();
  try {
    return { status: response.status, json: JSON.parse(text) };
  } catch {
    throw new PaymentGatewayError(
      `the gateway answered ${response.status} with a body that is not JSON at ${new URL(url).pathname}`,
      response.status,
    );
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
