import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api';
import { fetchInvoicePdf, isFinalInvoiceError, needsSignInHint } from './invoice';
import { MESSAGES } from './messages';

const pdf = () =>
  new Response(new Blob(['%PDF-1.7 …'], { type: 'application/pdf' }), {
    status: 200,
    headers: { 'content-type': 'application/pdf' },
  });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function harness(answers: (() => Response | Promise<Response>)[]) {
  const fetch = vi.fn(async () => {
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return next();
  });
  const waits: number[] = [];
  const sleep = vi.fn(async (ms: number) => {
    waits.push(ms);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls: fetch, sleep, waits };
}

describe('fetchInvoicePdf', () => {
  it('answers the PDF, asking for application/pdf with the cookie', async () => {
    const h = harness([pdf]);
    const blob = await fetchInvoicePdf('/api/v1/invoice/invoice-pdf/o1', h);
    expect(blob.type).toBe('application/pdf');
    expect(blob.size).toBeGreaterThan(0);
    expect(h.calls).toHaveBeenCalledWith(
      '/api/v1/invoice/invoice-pdf/o1',
      expect.objectContaining({ credentials: 'include', headers: { Accept: 'application/pdf' } }),
    );
  });

  it('retries up to 3 times after 1 s, 2 s and 3 s, then gives up with the last error', async () => {
    const h = harness([
      () => json(500, {}),
      () => json(502, {}),
      () => json(503, {}),
      () => json(500, { message: 'Down' }),
    ]);
    await expect(fetchInvoicePdf('/x', h)).rejects.toThrow('Down (500)');
    expect(h.calls).toHaveBeenCalledTimes(4);
    expect(h.waits).toEqual([1000, 2000, 3000]);
  });

  it('succeeds on a retry', async () => {
    const h = harness([
      () => {
        throw new TypeError('Failed to fetch');
      },
      pdf,
    ]);
    await expect(fetchInvoicePdf('/x', h)).resolves.toBeInstanceOf(Blob);
    expect(h.waits).toEqual([1000]);
  });

  it.each([
    [401, 'Authentication required. Please log in.'],
    [403, 'Access denied to this invoice'],
    [404, 'Invoice not found'],
  ])('never retries a %i (%s)', async (status, message) => {
    const h = harness([() => json(status, { message, code: 'x' })]);
    await expect(fetchInvoicePdf('/x', h)).rejects.toThrow(message);
    expect(h.calls).toHaveBeenCalledTimes(1);
    expect(h.waits).toEqual([]);
  });

  it('uses the spec texts for a status without a message, a non-PDF and an empty PDF', async () => {
    let h = harness([() => new Response('oops', { status: 403 })]);
    await expect(fetchInvoicePdf('/x', h)).rejects.toThrow(MESSAGES.invoice.httpError(403));
    expect(h.calls).toHaveBeenCalledTimes(1); // a 403: no retry, whatever the body says
    h = harness(
      Array.from({ length: 4 }, () => () => new Response('<html>', { headers: { 'content-type': 'text/html' } })),
    );
    await expect(fetchInvoicePdf('/x', h)).rejects.toThrow(MESSAGES.invoice.notPdf);
    h = harness(
      Array.from(
        { length: 4 },
        () => () => new Response(new Blob([]), { headers: { 'content-type': 'application/pdf' } }),
      ),
    );
    await expect(fetchInvoicePdf('/x', h)).rejects.toThrow(MESSAGES.invoice.empty);
  });
});

describe('final errors', () => {
  it('are decided by the status, not the words', async () => {
    expect(isFinalInvoiceError(new ApiRequestError('Authentication required. Please log in. (401)', 401))).toBe(true);
    expect(isFinalInvoiceError(new ApiRequestError('HTTP error! Status: 500', 500))).toBe(false);
    expect(isFinalInvoiceError(new Error('Authentication required'))).toBe(false);
    expect(needsSignInHint(new ApiRequestError('Authentication required. Please log in. (401)', 401))).toBe(true);
    expect(needsSignInHint(new ApiRequestError('Invoice not found (404)', 404))).toBe(false);
    expect(needsSignInHint(new Error('Authentication required (401)'))).toBe(false);
    // A server error whose text happens to read like a final one is still retried.
    const h = harness(
      Array.from({ length: 4 }, () => () => json(500, { message: 'Invoice not found', code: 'internal' })),
    );
    await expect(fetchInvoicePdf('/x', h)).rejects.toMatchObject({ status: 500, code: 'internal' });
    expect(h.calls).toHaveBeenCalledTimes(4);
  });
});
