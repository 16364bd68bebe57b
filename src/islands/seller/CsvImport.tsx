import { type ChangeEvent, useRef, useState } from 'react';
import { Modal } from '../../components/ui/Modal';
import { ApiRequestError } from '../../lib/api';
import type { ImportProblem, ImportResult } from '../../lib/contract/seller-products';
import { toastError, toastSuccess } from '../../lib/stores/toasts';
import { CsvIntro } from './CsvIntro';
import { sendFile } from './send-file';

type State =
  | { step: 'idle' }
  | { step: 'intro' }
  | { step: 'sending'; name: string; sent: number }
  | { step: 'done'; result: ImportResult }
  | { step: 'refused'; message: string; problems: ImportProblem[] }
  | { step: 'failed'; message: string };

/**
 * Import CSV: first what the file holds (the columns, an example row, a template to download:
 * src/lib/product-csv.ts, the list the import reads), then the file is chosen; a progress bar while it goes up and while every row is checked and
 * written; then what was created and updated, or the per-line report of a refused file (nothing
 * imported: docs/decisions/016). The dialog follows the native one: its Close (or Escape) closes it
 * at any time. Closed while the file is on the way, the import goes on (the server may be writing
 * it already, so stopping the request would not stop it): the button shows its progress again, and
 * its outcome comes as a toast, and a refused file's report waits behind the same button.
 */
export function CsvImport({ onImported }: { onImported: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ step: 'idle' });
  const [open, setOpen] = useState(false);
  // Read when the outcome arrives, long after this render: is the seller watching the dialog?
  const watching = useRef(false);
  const show = (shown: boolean) => {
    watching.current = shown;
    setOpen(shown);
  };

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setState({ step: 'sending', name: file.name, sent: 0 });
    show(true);
    try {
      const result = await sendFile<ImportResult>('/seller/products/import', file, file.name, (sent) =>
        setState({ step: 'sending', name: file.name, sent }),
      );
      setState({ step: 'done', result });
      toastSuccess('Import finished', `${result.created} created, ${result.updated} updated`);
      onImported();
    } catch (err) {
      const body =
        err instanceof ApiRequestError ? (err.data as { problems?: ImportProblem[] } | undefined) : undefined;
      const message = err instanceof Error ? err.message : 'The import failed.';
      if (body?.problems) setState({ step: 'refused', message, problems: body.problems });
      else setState({ step: 'failed', message });
      if (!watching.current)
        toastError(
          body?.problems ? 'Import refused' : 'Import failed',
          body?.problems ? `${message} “See why the import was refused” lists each one.` : message,
        );
    }
  }

  const sending = state.step === 'sending';
  // A file refused (or failed) while its dialog was closed: the button opens its report, once.
  const unseen = !open && (state.step === 'refused' || state.step === 'failed');
  /** The dialog's close, by its Close buttons or Escape: an import on its way goes on. */
  const close = () => {
    show(false);
    if (!sending) setState({ step: 'idle' });
  };
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => {
          if (!sending && !unseen) setState({ step: 'intro' });
          show(true);
        }}
      >
        {sending
          ? 'Importing…'
          : unseen
            ? state.step === 'refused'
              ? 'See why the import was refused'
              : 'See why the import failed'
            : 'Import CSV'}
      </button>
      <input ref={input} type="file" accept=".csv,text/csv" hidden aria-label="CSV file to import" onChange={choose} />
      {open && state.step !== 'idle' && (
        <Modal title="Import products from CSV" onClose={close}>
          <div className="flex flex-col gap-4 p-5">
            {state.step === 'intro' && <CsvIntro onChoose={() => input.current?.click()} />}
            {state.step === 'sending' && (
              <div className="flex flex-col gap-2" role="status">
                <p>
                  {state.sent < 1
                    ? `Sending ${state.name}… ${Math.round(state.sent * 100)}%`
                    : 'Checking every row and importing…'}
                </p>
                <progress
                  className="h-2 w-full accent-brand-700"
                  max={1}
                  value={state.sent < 1 ? state.sent : undefined}
                  aria-label="Import progress"
                />
              </div>
            )}
            {sending && (
              <p className="text-sm text-muted">
                You can close this: the import goes on, and a message tells you when it is done.
              </p>
            )}
            {state.step === 'done' && (
              <p role="status">
                Imported {state.result.rows} row{state.result.rows === 1 ? '' : 's'}: {state.result.created} new,{' '}
                {state.result.updated} updated. The shop shows them within a minute.
              </p>
            )}
            {state.step === 'failed' && (
              <p role="alert" className="text-danger">
                {state.message}
              </p>
            )}
            {state.step === 'refused' && (
              <div className="flex flex-col gap-3">
                <p role="alert" className="font-medium text-danger">
                  {state.message}
                </p>
                {/* A keyboard scrolls it too: focusable, named (axe scrollable-region-focusable). */}
                <div
                  className="max-h-80 overflow-auto rounded-lg border border-line"
                  tabIndex={0}
                  role="region"
                  aria-label="Problems by line and column"
                >
                  <table className="w-full text-left text-sm">
                    <caption className="sr-only">Problems by line and column</caption>
                    <thead className="bg-surface">
                      <tr>
                        <th scope="col" className="p-2">
                          Line
                        </th>
                        <th scope="col" className="p-2">
                          Column
                        </th>
                        <th scope="col" className="p-2">
                          Problem
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {state.problems.map((p, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a line can have several problems
                        <tr key={i} className="border-t border-line align-top">
                          <td className="p-2">{p.line}</td>
                          <td className="p-2">{p.column || '—'}</td>
                          <td className="p-2">{p.message}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </div>
            )}
            {!sending && state.step !== 'intro' && (
              <div className="flex justify-end">
                <button type="button" className="btn btn-primary" onClick={close}>
                  Close
                </button>
              </div>
            )}
          </div>
        </Modal>
      )}
    </>
  );
}
