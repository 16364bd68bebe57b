import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { api } from '../../lib/api';
import { type Invoice, InvoiceAnswer } from '../../lib/contract/orders';
import { fetchInvoicePdf, needsSignInHint, withInvoiceRetries } from '../../lib/invoice';
import { invoiceJsonPath, invoicePdfUrl } from '../../lib/invoice-url';
import { MESSAGES } from '../../lib/messages';
import { InvoicePage } from './InvoicePage';

type State =
  | { kind: 'loading'; retry: number }
  | { kind: 'shown'; url: string; viewer: boolean }
  | { kind: 'page'; invoice: Invoice }
  | { kind: 'error'; message: string; signInHint: boolean };

/**
 * Where the invoice is a page to read rather than a PDF in a frame: a phone's screen (an A4 page
 * shrunk to 300 px is unreadable, and some mobile browsers show no PDF inline at all), or any
 * browser that says it cannot show PDFs.
 */
const SMALL_SCREEN = '(max-width: 639px)';
const showsAsPage = () =>
  typeof window !== 'undefined' && (window.matchMedia(SMALL_SCREEN).matches || navigator.pdfViewerEnabled === false);

/**
 * The invoice dialog (spec §2, §4, §8): loading, then the invoice, or an error. On a wide screen
 * the PDF is fetched with the session cookie and shown from an object URL, released when the
 * dialog closes. On a phone (or without a PDF viewer) the invoice is a readable page, from the
 * same data the PDF is drawn from, with Download PDF. Either is retried up to 3 times after 1, 2
 * and 3 s, never for a sign-in, not-found or access error.
 */
export function InvoiceDialog({
  orderId,
  orderNumber,
  onClose,
}: {
  orderId: string;
  orderNumber: string;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [state, setState] = useState<State>({ kind: 'loading', retry: 0 });
  const urlRef = useRef<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const pdfUrl = invoicePdfUrl(orderId);

  const release = useCallback(() => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
  }, []);

  useEffect(() => {
    ref.current?.showModal();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on Try again.
  useEffect(() => {
    const controller = new AbortController();
    const deps = { signal: controller.signal, onRetry: (retry: number) => setState({ kind: 'loading', retry }) };
    setState({ kind: 'loading', retry: 0 });
    const shown: Promise<State> = showsAsPage()
      ? withInvoiceRetries(() => api.get(invoiceJsonPath(orderId), InvoiceAnswer, controller.signal), deps).then(
          ({ invoice }): State => ({ kind: 'page', invoice }),
        )
      : fetchInvoicePdf(pdfUrl, deps).then((blob): State => {
          release();
          urlRef.current = URL.createObjectURL(blob);
          const viewer = typeof navigator === 'undefined' || navigator.pdfViewerEnabled !== false;
          return { kind: 'shown', url: urlRef.current, viewer };
        });
    shown.then(setState).catch((error: unknown) => {
      if (controller.signal.aborted) return;
      setState({
        kind: 'error',
        message: error instanceof Error ? error.message : MESSAGES.invoice.loadFailed,
        signInHint: needsSignInHint(error),
      });
    });
    return () => controller.abort();
  }, [orderId, pdfUrl, attempt, release]);

  // The object URL goes when the dialog does.
  useEffect(() => release, [release]);

  const fileName = `invoice-${orderNumber}.pdf`;
  return (
    <dialog
      ref={ref}
      onClose={() => {
        release();
        onClose();
      }}
      aria-labelledby={titleId}
      className="m-auto h-[min(92vh,60rem)] w-[calc(100%-1rem)] max-w-4xl rounded-2xl border border-line bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/50 max-sm:h-[calc(100dvh-1rem)]"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-3 border-b border-line px-5 py-3 max-sm:px-4">
          <h2 id={titleId} className="min-w-0 text-lg font-bold">
            Invoice<span className="max-sm:sr-only"> · </span>
            <span className="block text-sm font-semibold text-muted sm:inline sm:text-lg sm:font-bold sm:text-ink">
              {orderNumber}
            </span>
          </h2>
          <div className="flex gap-2">
            {state.kind === 'shown' && (
              <a href={state.url} download={fileName} className="btn btn-secondary btn-sm">
                Download
              </a>
            )}
            {/* The server's PDF itself, with the session cookie: the phone saves or opens it its own way. */}
            {state.kind === 'page' && (
              <a href={pdfUrl} download={fileName} className="btn btn-primary btn-sm">
                Download PDF
              </a>
            )}
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => ref.current?.close()}>
              Close
            </button>
          </div>
        </div>
        {/* The page view scrolls: by keyboard too (focusable, named: axe scrollable-region-focusable). */}
        <div
          className={`min-h-0 flex-1 ${state.kind === 'page' ? 'overflow-y-auto bg-white' : 'bg-surface'}`}
          {...(state.kind === 'page' ? { tabIndex: 0, role: 'region', 'aria-label': `Invoice ${orderNumber}` } : {})}
        >
          {state.kind === 'loading' && (
            <div className="flex h-full flex-col items-center justify-center gap-3 p-8 text-center" role="status">
              <span
                className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700"
                aria-hidden="true"
              />
              <p className="font-medium">Loading invoice…</p>
              {state.retry > 0 && <p className="text-sm text-muted">Trying again ({state.retry} of 3)…</p>}
            </div>
          )}
          {state.kind === 'page' && <InvoicePage invoice={state.invoice} />}
          {state.kind === 'shown' && state.viewer && (
            <iframe src={state.url} title={`Invoice ${orderNumber} (PDF)`} className="h-full w-full border-0" />
          )}
          {state.kind === 'shown' && !state.viewer && (
            <div className="flex h-full flex-col items-center justify-center gap-4 p-8 text-center" role="alert">
              <p className="max-w-md font-medium">{MESSAGES.invoice.displayFailed}</p>
              <a href={state.url} download={fileName} className="btn btn-primary">
                Download invoice
              </a>
            </div>
          )}
          {state.kind === 'error' && (
            <div className="flex h-full flex-col items-center justify-center gap-3 p-8 text-center" role="alert">
              <p className="text-lg font-semibold text-danger">{MESSAGES.invoice.loadFailed}</p>
              <p className="max-w-md text-muted">{state.message}</p>
              {state.signInHint && <p className="max-w-md text-sm text-muted">{MESSAGES.invoice.authHint}</p>}
              <button type="button" className="btn btn-primary mt-2" onClick={() => setAttempt((n) => n + 1)}>
                Try again
              </button>
            </div>
          )}
        </div>
      </div>
    </dialog>
  );
}
