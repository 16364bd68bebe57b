import { useCallback, useEffect, useRef, useState } from 'react';
import { ListSkeletons, LoadFailed } from '../../../components/ui/StatusCard';
import { API_BASE, api } from '../../../lib/api';
import { type Payout, type PayoutRun, PayoutRunDetail } from '../../../lib/contract/payouts';
import { type Marking, MarkPayoutDialog } from './MarkPayoutDialog';
import { PAYOUT_STATUS_BADGES, PAYOUT_STATUS_LABELS, usd } from './payout-words';

const dateTime = (iso: string) => new Date(iso).toLocaleString('en-JM', { dateStyle: 'medium', timeStyle: 'short' });

/** One payout run: its totals, its bank file, and its payouts to mark paid or failed once opened. */
export function RunCard({
  run,
  open,
  onToggle,
  onChanged,
}: {
  run: PayoutRun;
  open: boolean;
  onToggle: () => void;
  onChanged: () => void;
}) {
  return (
    <article className="card p-4" data-testid="payout-run" aria-label={`Payout run of ${dateTime(run.createdAt)}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">
          <span className="tabular-nums">{usd(run.total)}</span> · {run.payoutCount} payout
          {run.payoutCount === 1 ? '' : 's'}
        </h3>
        <p className="text-sm text-muted">{dateTime(run.createdAt)}</p>
      </div>
      <p className="mt-1 text-sm">
        {run.counts.in_transit} in transit · {run.counts.paid} paid · {run.counts.failed} failed
        {run.counts.returned > 0 ? ` · ${run.counts.returned} returned` : ''} · started by{' '}
        <span className="break-all">{run.startedBy}</span>
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a
          className="btn btn-secondary"
          href={`${API_BASE}/admin/payout-runs/${encodeURIComponent(run.id)}/bank-file`}
          download
        >
          Download bank file
        </a>
        <button type="button" className="btn btn-secondary" aria-expanded={open} onClick={onToggle}>
          {open ? 'Hide payouts' : 'Show payouts'}
        </button>
      </div>
      {open && <RunPayouts runId={run.id} onChanged={onChanged} />}
    </article>
  );
}

type Load = { kind: 'loading' } | { kind: 'error' } | { kind: 'ok'; payouts: Payout[] };

function RunPayouts({ runId, onChanged }: { runId: string; onChanged: () => void }) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [marking, setMarking] = useState<{ payout: Payout; marking: Marking } | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const fetchRun = useCallback(async () => {
    try {
      const detail = await api.get(`/admin/payout-runs/${encodeURIComponent(runId)}`, PayoutRunDetail);
      setLoad({ kind: 'ok', payouts: detail.payouts });
    } catch {
      setLoad({ kind: 'error' });
    }
  }, [runId]);
  useEffect(() => {
    fetchRun();
  }, [fetchRun]);

  if (load.kind === 'loading') return <ListSkeletons label="Loading payouts" />;
  if (load.kind === 'error') return <LoadFailed what="the payouts" onRetry={fetchRun} />;
  return (
    <>
      <ul className="mt-3 flex flex-col gap-2" aria-label="Payouts">
        {load.payouts.map((p) => (
          <li key={p.id} className="rounded border border-line p-3" data-testid="payout" data-store={p.storeId}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-medium break-words">
                {p.storeName} · <span className="tabular-nums">{usd(p.amount)}</span>
              </p>
              <span className={`badge ${PAYOUT_STATUS_BADGES[p.status]}`}>{PAYOUT_STATUS_LABELS[p.status]}</span>
            </div>
            <p className="mt-1 text-sm break-words">
              {p.bank.bankName}, {p.bank.branch} · {p.bank.accountName} · account {p.bank.accountNumber} · reference{' '}
              {p.reference}
            </p>
            {(p.status === 'paid' || p.status === 'returned') && (
              <p className="mt-1 text-sm">
                Paid on {p.paidOn}, bank reference <span className="break-all">{p.bankReference}</span>
              </p>
            )}
            {p.status === 'returned' && (
              <p className="mt-1 text-sm">
                Returned by the bank: {p.returnReason} (reference{' '}
                <span className="break-all">{p.returnBankReference}</span>). Back in the seller’s available balance.
              </p>
            )}
            {p.status === 'paid' && (
              <div className="mt-2">
                <button
                  type="button"
                  className="btn btn-secondary"
                  aria-label={`Mark ${usd(p.amount)} to ${p.storeName} returned by the bank`}
                  onClick={(e) => {
                    opener.current = e.currentTarget;
                    setMarking({ payout: p, marking: 'returned' });
                  }}
                >
                  Returned by the bank
                </button>
              </div>
            )}
            {p.status === 'failed' && <p className="mt-1 text-sm">Failed: {p.failureReason}</p>}
            {p.status === 'in_transit' && (
              <div className="mt-2 flex flex-wrap gap-2">
                {(['paid', 'failed'] as const).map((m) => (
                  <button
                    key={m}
                    type="button"
                    className={`btn ${m === 'paid' ? 'btn-primary' : 'btn-secondary'}`}
                    aria-label={`Mark ${usd(p.amount)} to ${p.storeName} ${m}`}
                    onClick={(e) => {
                      opener.current = e.currentTarget;
                      setMarking({ payout: p, marking: m });
                    }}
                  >
                    Mark {m}
                  </button>
                ))}
              </div>
            )}
          </li>
        ))}
      </ul>
      {marking && (
        <MarkPayoutDialog
          payout={marking.payout}
          marking={marking.marking}
          onClose={() => setMarking(null)}
          returnFocus={() => opener.current}
          onDone={() => {
            setMarking(null);
            fetchRun();
            onChanged();
          }}
        />
      )}
    </>
  );
}
