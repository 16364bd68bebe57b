import type { Db } from '../../db/client';
import type { Logger } from '../../http/logger';
import { describeError } from '../../http/logger';
import type { PaymentProvider } from '../../payments/provider';
import { releaseSettledParts } from '../ledger/release';
import { type SweepResult, sweepExpiredHolds } from './hold';

/**
 * Runs the hold sweep (./hold.ts) in the shop process, beside the mail worker and the publisher:
 * every `everyMs`, never two sweeps of one process at once. Several processes may each run one
 * (the sweep takes each order once). A sweep that fails is logged and the next one tries again.
 */
export class PaymentHoldSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<SweepResult | undefined> | undefined;

  constructor(
    private readonly db: Db,
    private readonly provider: PaymentProvider,
    private readonly options: {
      holdMinutes: number;
      bankTransferDays?: number;
      /** Days after delivery before a part's money is its seller's to be paid (RETURN_DAYS, docs/decisions/036); unset: not released here. */
      returnDays?: number;
      log: Logger;
      everyMs?: number;
    },
  ) {}

  start(): void {
    if (this.timer) return;
    const every = this.options.everyMs ?? 30_000;
    this.timer = setInterval(() => void this.sweep(), every);
    this.timer.unref();
    void this.sweep();
  }

  /** One sweep now (or the one under way). */
  sweep(now?: Date): Promise<SweepResult | undefined> {
    // Stock given back tells the catalogue itself, at its commit (services/catalog-changes.ts).
    this.running ??= sweepExpiredHolds(this.db, this.provider, { ...this.options, now })
      // Then the sellers' pending money whose return window has passed becomes available (ledger/release.ts).
      .then(async (result) => {
        const { returnDays } = this.options;
        if (returnDays !== undefined) await releaseSettledParts(this.db, { now, returnDays });
        return result;
      })
      .catch((error) => {
        this.options.log.error({ error: describeError(error) }, 'payment hold sweep failed');
        return undefined;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
