import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import type { Logger } from '../http/logger';
import { claimDue, markFailed, markSent, type OutboxRow } from './outbox';
import type { MailTransport } from './transport';

/*
 * The mail worker (docs/decisions/013): one per shop process, beside the request handlers, never
 * in a request's path. It keeps up to `concurrency` mails in flight (over as many pooled SMTP
 * connections, ./transport.ts): it claims a due row under a lease only when a slot is free to send
 * it at once, so a lease covers one send and never a wait in a local queue, and marks each sent
 * under that lease as soon as the server accepted it. Failures are tried again with exponential
 * back-off; after the last attempt the row stays in the table as failed, with its error, for an
 * operator to see.
 */

export type WorkerOptions = {
  /** How often the outbox is looked at when it was empty. */
  pollMs: number;
  /** How long a claimed row is this worker's: longer than a send may take (the SMTP timeouts). */
  leaseMs: number;
  /** Mails in flight at once (each claimed only when it can be sent at once). */
  concurrency: number;
  maxAttempts: number;
  /** The first retry waits this long, each later one twice the one before, at most `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
};

export const DEFAULT_WORKER_OPTIONS: WorkerOptions = {
  pollMs: 1_000,
  leaseMs: 120_000,
  concurrency: 8,
  maxAttempts: 8,
  backoffMs: 30_000,
  maxBackoffMs: 3_600_000,
};

/** The wait before the attempt after `attempts` failed ones, or undefined when there is none. */
export function retryDelay(
  attempts: number,
  options: Pick<WorkerOptions, 'maxAttempts' | 'backoffMs' | 'maxBackoffMs'>,
) {
  if (attempts >= options.maxAttempts) return undefined;
  return Math.min(options.backoffMs * 2 ** (attempts - 1), options.maxBackoffMs);
}

export class MailWorker {
  private readonly options: WorkerOptions;
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  /** Every claim of this worker carries its own token: only it may mark those rows. */
  private readonly token = randomUUID();

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly log: Logger,
    options: Partial<WorkerOptions> = {},
  ) {
    this.options = { ...DEFAULT_WORKER_OPTIONS, ...options };
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.log.info({ transport: this.transport.describe }, 'mail worker started');
    this.loop = this.run();
  }

  /** Looks at the outbox now rather than at the next poll. */
  wake(): void {
    this.wakeUp?.();
  }

  /** Stops taking rows; the sends under way finish (or their leases run out for another worker). */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    this.transport.close();
  }

  /**
   * Sends every row due now, up to `concurrency` at a time, then answers how many were sent (tests,
   * and the loop). Free slots are filled by one claim each time a send ends, so the rows of one
   * claim are sent together and a slow mail holds up only its own slot.
   */
  async drain(): Promise<number> {
    let sent = 0;
    let exhausted = false;
    let failure: unknown;
    const inFlight = new Set<Promise<void>>();
    for (;;) {
      const stopping = !this.running && this.loop !== undefined;
      const free = this.options.concurrency - inFlight.size;
      if (!exhausted && !stopping && failure === undefined && free > 0) {
        const rows = await claimDue(this.db, { limit: free, leaseMs: this.options.leaseMs, token: this.token });
        // Fewer than asked for: nothing else is due; finish these, the next poll looks again.
        if (rows.length < free) exhausted = true;
        for (const row of rows) {
          const sending: Promise<void> = this.deliver(row)
            .then(
              (ok) => {
                if (ok) sent++;
              },
              (error: unknown) => {
                failure ??= error; // the database is away: no more claims; the rest of the batch ends first
              },
            )
            .finally(() => inFlight.delete(sending));
          inFlight.add(sending);
        }
      }
      if (inFlight.size === 0) break;
      await Promise.race(inFlight);
    }
    if (failure !== undefined) throw failure;
    return sent;
  }

  private async deliver(row: OutboxRow): Promise<boolean> {
    try {
      await this.transport.send(row);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryInMs = retryDelay(row.attempts, this.options);
      await markFailed(this.db, row, { error: message, retryInMs });
      this.log.warn(
        { mailId: row.id, kind: row.kind, attempt: row.attempts, retryInMs, error: message },
        'mail not sent',
      );
      return false;
    }
    const marked = await markSent(this.db, row);
    if (marked) this.log.info({ mailId: row.id, kind: row.kind }, 'mail sent');
    else this.log.warn({ mailId: row.id, kind: row.kind }, 'mail sent after its lease ran out');
    return true;
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        await this.drain();
      } catch (error) {
        // The database went away for a moment: the next poll tries again; nothing was lost.
        this.log.warn({ error: error instanceof Error ? error.message : String(error) }, 'mail outbox unreachable');
      }
      if (!this.running) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.pollMs);
        timer.unref?.();
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = undefined;
    }
  }
}
