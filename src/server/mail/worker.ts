import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import type { Logger } from '../http/logger';
import { claimDue, markFailed, markSent, type OutboxRow } from './outbox';
import type { MailTransport } from './transport';

/*
 * The mail worker (docs/decisions/013): one per shop process, beside the request handlers, never
 * in a request's path. It claims due rows under a lease, sends them one by one, and marks each sent
 * under that lease. Failures are tried again with exponential back-off; after the last attempt
 * the row stays in the table as failed, with its error, for an operator to see.
 */

export type WorkerOptions = {
  /** How often the outbox is looked at when it was empty. */
  pollMs: number;
  /** How long a claimed row is this worker's: longer than a send may take (the SMTP timeouts). */
  leaseMs: number;
  batch: number;
  maxAttempts: number;
  /** The first retry waits this long, each later one twice the one before, at most `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
};

export const DEFAULT_WORKER_OPTIONS: WorkerOptions = {
  pollMs: 1_000,
  leaseMs: 120_000,
  batch: 10,
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

  /** Stops taking rows; the send under way finishes (or its lease runs out for another worker). */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    this.transport.close();
  }

  /** Sends every row due now, then answers how many were sent (tests, and the loop). */
  async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const rows = await claimDue(this.db, {
        limit: this.options.batch,
        leaseMs: this.options.leaseMs,
        token: this.token,
      });
      if (rows.length === 0) return sent;
      for (const row of rows) if (await this.deliver(row)) sent++;
      if (!this.running && this.loop) return sent;
    }
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
