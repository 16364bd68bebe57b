import { type Database, openDatabase } from './db/client';
import { type Env, env } from './env';
import { createLogger, type Logger } from './http/logger';
import { transportFromConfig } from './mail/transport';
import { MailWorker } from './mail/worker';
import { paymentProviderFromConfig } from './payments';
import { markCatalogChanged } from './services/catalog-version';
import { PaymentHoldSweeper } from './services/payments';

export type Runtime = { config: Env; database: Database; log: Logger };

/**
 * The process's one database connection. Kept on globalThis so that code loaded twice (Astro's
 * Vite module graph next to the server's) still shares it: PGlite must only be opened once.
 */
const KEY = Symbol.for('yaad-market.runtime');
type Holder = { [KEY]?: Promise<Runtime> };

export function getRuntime(): Promise<Runtime> {
  const holder = globalThis as Holder;
  holder[KEY] ??= boot();
  return holder[KEY];
}

async function boot(): Promise<Runtime> {
  const config = env();
  const log = createLogger(config.LOG_LEVEL, { format: config.LOG_FORMAT });
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
  );
  if (config.SEED_SAMPLE_DATA) {
    const { seedSampleData } = await import('./db/seed/seed');
    // Demo accounts have known passwords: only ever in the embedded demo database.
    const { seeded } = await seedSampleData(database.db, { demoAccounts: database.kind === 'pglite' });
    if (seeded) {
      await markCatalogChanged(database.db);
      log.info('loaded the sample catalogue');
    }
  }
  if (config.ADMIN_EMAILS.length > 0) {
    const { promoteListedOperators } = await import('./services/operators');
    const promoted = await promoteListedOperators(database.db, config.ADMIN_EMAILS);
    if (promoted > 0) log.info({ promoted }, 'ADMIN_EMAILS: accounts made operators');
  }
  return { config, database, log };
}

/**
 * The process's mail worker (docs/decisions/013): sends what the outbox holds through SMTP_URL, or
 * into DATA_DIR/outbox without it. Every shop process runs one; they share the outbox safely.
 */
export function startMailWorker(runtime: Runtime): MailWorker {
  const worker = new MailWorker(runtime.database.db, transportFromConfig(runtime.config), runtime.log, {
    concurrency: runtime.config.MAIL_CONCURRENCY,
  });
  worker.start();
  return worker;
}

/**
 * The process's payment hold sweeper (docs/decisions/029): card orders unpaid when their hold ends
 * are cancelled and their stock goes back. Every shop process runs one; they take each order once.
 */
export function startPaymentSweeper(runtime: Runtime): PaymentHoldSweeper {
  const sweeper = new PaymentHoldSweeper(runtime.database.db, paymentProviderFromConfig(runtime.config), {
    holdMinutes: runtime.config.PAYMENT_HOLD_MINUTES,
    bankTransferDays: runtime.config.BANK_TRANSFER_DAYS,
    returnDays: runtime.config.RETURN_DAYS,
    log: runtime.log,
    everyMs: runtime.config.PAYMENT_SWEEP_SECONDS * 1000,
  });
  sweeper.start();
  return sweeper;
}
