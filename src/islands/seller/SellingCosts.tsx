import { useCallback, useEffect, useState } from 'react';
import { ListSkeletons, LoadFailed } from '../../components/ui/StatusCard';
import { api } from '../../lib/api';
import { SellingTerms } from '../../lib/contract/selling-terms';
import { sellingCostLines } from '../../lib/selling-terms';

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; terms: SellingTerms };

/**
 * What selling costs (issue 27 #1): the commission, GCT on it, when money is paid out and the
 * minimum payout, as the shop is configured (GET /selling-terms). On /sell before a seller applies,
 * and on the seller's earnings screen.
 */
export default function SellingCosts({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const fetchTerms = useCallback(async (signal?: AbortSignal) => {
    setLoad({ kind: 'loading' });
    try {
      setLoad({ kind: 'ready', terms: await api.get('/selling-terms', SellingTerms, signal) });
    } catch {
      if (!signal?.aborted) setLoad({ kind: 'failed' });
    }
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    void fetchTerms(controller.signal);
    return () => controller.abort();
  }, [fetchTerms]);

  if (load.kind === 'loading') return <ListSkeletons label="Loading what selling costs" />;
  if (load.kind === 'failed') return <LoadFailed what="what selling costs" onRetry={() => void fetchTerms()} />;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="grid gap-4 sm:grid-cols-3" data-testid="selling-costs">
      {sellingCostLines(load.terms).map((line) => (
        <li key={line.title} className="card p-5">
          <Heading className="font-semibold">{line.title}</Heading>
          <p className="mt-1 text-sm text-muted">{line.text}</p>
        </li>
      ))}
    </ul>
  );
}
