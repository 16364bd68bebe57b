import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { FormError } from '../../../components/ui/FormError';
import { ListSkeletons, LoadFailed, StatusCard } from '../../../components/ui/StatusCard';
import { ApiRequestError, api } from '../../../lib/api';
import { PayoutRunDetail, PayoutRunList } from '../../../lib/contract/payouts';
import { refreshSession } from '../../../lib/stores/session';
import { OperatorsOnly } from '../OperatorsOnly';
import { usd } from './payout-words';
import { RunCard } from './RunPayouts';

type Load =
  | { kind: 'loading' }
  | { kind: 'denied'; status: number }
  | { kind: 'error' }
  | { kind: 'ok'; list: PayoutRunList };

/**
 * /admin/payouts/: start a payout run, its runs newest first, each run's bank file and payouts to
 * mark paid or failed (issue 27 #4, #6; docs/decisions/039).
 */
export default function PayoutsPage() {
  const id = useId();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [open, setOpen] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  // One key per run the operator means to start: a retried click after a lost answer gets the same run.
  const key = useRef<string | null>(null);

  const fetchList = useCallback(async () => {
    try {
      setLoad({ kind: 'ok', list: await api.get('/admin/payout-runs', PayoutRunList) });
    } catch (error) {
      if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403))
        setLoad({ kind: 'denied', status: error.status });
      else setLoad({ kind: 'error' });
    }
  }, []);
  useEffect(() => {
    fetchList();
  }, [fetchList]);
  useEffect(() => {
    refreshSession().catch(() => {});
  }, []);

  const start = async () => {
    setStarting(true);
    setOutcome(null);
    key.current ??= crypto.randomUUID();
    try {
      const made = await api.post('/admin/payout-runs', undefined, PayoutRunDetail, { 'Idempotency-Key': key.current });
      key.current = null;
      setOutcome({
        ok: true,
        text: `Payout run started: ${made.run.payoutCount} payout${made.run.payoutCount === 1 ? '' : 's'}, ${usd(made.run.total)}. Download its bank file for the bank.`,
      });
      setOpen(made.run.id);
      await fetchList();
    } catch (error) {
      if (error instanceof ApiRequestError) {
        key.current = null;
        setOutcome({ ok: false, text: error.message });
      } else setOutcome({ ok: false, text: 'The run could not be started. Check your connection and try again.' });
    } finally {
      setStarting(false);
    }
  };

  if (load.kind === 'denied') return <OperatorsOnly status={load.status} here="/admin/payouts/" />;
  const runs = load.kind === 'ok' ? load.list.runs : [];
  const shown = open ?? runs[0]?.id ?? null;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby={`${id}-start`} className="card flex flex-col gap-3 p-4">
        <h2 id={`${id}-start`} className="text-lg font-bold">
          Pay sellers
        </h2>
        <p className="text-sm">
          A run pays every store with bank details its available balance, when it reaches the minimum payout. Upload the
          run’s bank file to the bank, then mark each payout paid or failed.
        </p>
        <div>
          <button type="button" className="btn btn-primary w-full sm:w-auto" onClick={start} disabled={starting}>
            {starting ? 'Starting…' : 'Start payout run'}
          </button>
        </div>
        {outcome?.ok && (
          <p className="text-sm font-medium" role="status">
            {outcome.text}
          </p>
        )}
        <FormError message={outcome && !outcome.ok ? outcome.text : null} />
      </section>
      <section aria-labelledby={`${id}-runs`} className="flex flex-col gap-4">
        <h2 id={`${id}-runs`} className="text-lg font-bold">
          Payout runs
        </h2>
        {load.kind === 'loading' && <ListSkeletons label="Loading payout runs" />}
        {load.kind === 'error' && <LoadFailed what="the payout runs" onRetry={fetchList} />}
        {load.kind === 'ok' && runs.length === 0 && (
          <StatusCard title="No payout runs yet." text="Start one when sellers have money available." />
        )}
        {runs.length > 0 && (
          <ul className="flex flex-col gap-3" data-testid="payout-runs">
            {runs.map((run) => (
              <li key={run.id}>
                <RunCard
                  run={run}
                  open={shown === run.id}
                  onToggle={() => setOpen(shown === run.id ? '' : run.id)}
                  onChanged={fetchList}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
