import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { fetchInvoicePdf, needsSignInHint } from '../../lib/invoice';
import { MESSAGES } from '../../lib/messages';

const T = MESSAGES.invoice;

type State =
  | { kind: 'loading'; retry: number }
  | { kind: 'shown'; url: string; viewer: boolean }
  | { kind: 'error'; message: string; signInHint: boolean };

/**
 * The invoice dialog (spec §2, §4, §8): loading, then the PDF shown, or an error. The PDF is
 * fetched with the session cookie (retried up to 3 times after 1, 2 and 3 s, never for a sign-in,
 * not-found or access error), shown from an object URL that is released when the dialog closes.
 * A browser that cannot show PDFs gets the spec's message and a download link instead.
 */
export function InvoiceDialog({
  invoiceUrl,
  orderNumber,
  onClose,
}: {
  invoiceUrl: string;
  orderNumber: string;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [state, setState] = useState<State>({ kind: 'loading', retry: 0 });
  const urlRef = useRef<string | null>(null);
  const [attempt, setAttempt] = useState(0);

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
    setState({ kind: 'loading', retry: 0 });
    fetchInvoicePdf(invoiceUrl, {
      signal: controller.signal,
      onRetry: (retry) => setState({ kind: 'loading', retry }),
    })
      .then((blob) => {
        release();
        urlRef.current = URL.createObjectURL(blob);
        const viewer = typeof navigator === 'undefined' || navigator.pdfViewerEnabled !== false;
        setState({ kind: 'shown', url: urlRef.current, viewer });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          kind: 'error',
          message: error instanceof Error ? error.message : T.loadFailed,
          signInHint: needsSignInHint(error),
        });
      });
    return () => controller.abort();
  }, [invoiceUrl, attempt, release]);

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
      className="m-auto h-[min(92vh,60rem)] w-[calc(100%-1rem)] max-w-4xl rounded-2xl border border-line bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/50"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-3 border-b border-line px-5 py-3">
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
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => ref.current?.close()}>
              Close
            </button>
          </div>
        </div>
        <div className="min-h-0 flex-1 bg-surface">
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
          {state.kind === 'shown' && state.viewer && (
            <iframe src={state.url} title={`Invoice ${orderNumber} (PDF)`} className="h-full w-full border-0" />
          )}
          {state.kind === 'shown' && !state.viewer && (
            <div className="flex h-full flex-col items-center justify-center gap-4 p-8 text-center" role="alert">
              <p className="max-w-md font-medium">{T.displayFailed}</p>
              <a href={state.url} download={fileName} className="btn btn-primary">
                Download invoice
              </a>
            </div>
          )}
          {state.kind === 'error' && (
            <div className="flex h-full flex-col items-center justify-center gap-3 p-8 text-center" role="alert">
              <p className="text-lg font-semibold text-danger">{T.loadFailed}</p>
              <p className="max-w-md text-muted">{state.message}</p>
              {state.signInHint && <p className="max-w-md text-sm text-muted">{T.authHint}</p>}
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
