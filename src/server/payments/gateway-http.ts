import { PaymentGatewayError } from './provider';

/** The fetch an adapter calls (the built-in one; tests hand in a gateway of their own). */
export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** How long a gateway may take to answer one call: a slow issuer is slow, a hung socket is not. */
export const GATEWAY_TIMEOUT_MS = 45_000;

/**
 * One call to a gateway, its answer read as JSON. Throws PaymentGatewayError for a network failure,
 * a timeout or an answer that is not JSON; an HTTP error status with a JSON body is returned with
 * its status, since gateways explain refusals in the body. Never puts the request (its headers
 * carry credentials) into the error.
 */
export async function callGateway(
  fetchImpl: Fetch,
  url: string,
  init: RequestInit,
): Promise<{ status: number; json: unknown }> {
  let response: Response;
  try {
    response = await fetchImpl(url, { ...init, signal: init.signal ?? AbortSignal.timeout(GATEWAY_TIMEOUT_MS) });
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
