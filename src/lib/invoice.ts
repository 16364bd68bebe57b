import { ApiRequestError } from './api';
import { MESSAGES } from './messages';

/** Spec §4 "Invoice dialog": up to 3 retries, waiting 1 s, 2 s, then 3 s. */
export const INVOICE_RETRIES = 3;
export const INVOICE_RETRY_DELAY_MS = 1000;
/** Answers another try cannot change (spec §4: authentication, access denied, not found): no retry. */
const FINAL_STATUSES = new Set([401, 403, 404]);

/** Whether retrying cannot help, decided by the API's status (the text is only shown). */
export const isFinalInvoiceError = (error: unknown) =>
  error instanceof ApiRequestError && FINAL_STATUSES.has(error.status);
/** A signed-out answer gets a hint to refresh or log in again (spec §8). */
export const needsSignInHint = (error: unknown) => error instanceof ApiRequestError && error.status === 401;

export { invoicePdfUrl } from './invoice-url';

type Deps = {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  signal?: AbortSignal;
  /** Called before each retry (1, 2, 3), for a "Retrying…" line. */
  onRetry?: (attempt: number) => void;
};

/** One try: the PDF as a Blob, or an Error with the spec's text (an ApiRequestError for an HTTP refusal). */
async function fetchOnce(url: string, fetcher: typeof fetch, signal?: AbortSignal): Promise<Blob> {
  const response = await fetcher(url, {
    headers: { Accept: 'application/pdf' },
    credentials: 'include',
    signal,
  });
  if (!response.ok) {
    let message = MESSAGES.invoice.httpError(response.status);
    let code: string | undefined;
    try {
      const body = (await response.json()) as { message?: unknown; code?: unknown };
      if (typeof body?.message === 'string' && body.message) message = `${body.message} (${response.status})`;
      if (typeof body?.code === 'string') code = body.code;
    } catch {}
    throw new ApiRequestError(message, response.status, code);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/pdf')) throw new Error(MESSAGES.invoice.notPdf);
  const blob = await response.blob();
  if (blob.size === 0) throw new Error(MESSAGES.invoice.empty);
  return blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
}

/**
 * Fetches an invoice PDF with the session cookie, retrying a failure up to 3 times after 1 s,
 * 2 s and 3 s, except when retrying cannot help (signed out, not found, access denied).
 */
export function fetchInvoicePdf(url: string, deps: Deps = {}): Promise<Blob> {
  return withInvoiceRetries(() => fetchOnce(url, deps.fetch ?? fetch, deps.signal), deps);
}

/** Spec §4's retries around any one try at the invoice (the PDF, or its page view's JSON). */
export async function withInvoiceRetries<T>(once: () => Promise<T>, deps: Omit<Deps, 'fetch'> = {}): Promise<T> {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let attempt = 0; ; attempt++) {
    try {
      return await once();
    } catch (error) {
      if (deps.signal?.aborted) throw error;
      if (attempt >= INVOICE_RETRIES || isFinalInvoiceError(error)) {
        throw error instanceof Error ? error : new Error(MESSAGES.invoice.loadFailed);
      }
      deps.onRetry?.(attempt + 1);
      await sleep(INVOICE_RETRY_DELAY_MS * (attempt + 1));
    }
  }
}
