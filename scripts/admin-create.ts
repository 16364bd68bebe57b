/**
 * `npm run admin:create -- EMAIL`: makes an existing account an operator (role admin), who can
 * then approve, reject, suspend and reinstate stores at /admin/stores/ (docs/decisions/015). The
 * account must exist first (register it in the shop). ADMIN_EMAILS does the same at every start.
 */
import { openDatabase } from '../src/server/db/client';
import { parseEnv } from '../src/server/env';
import { promoteToOperator } from '../src/server/services/operators';

const [email] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (!email?.includes('@')) {
  console.error('Usage: npm run admin:create -- EMAIL   (the e-mail of an existing account)');
  process.exit(2);
}

let exitCode = 0;
try {
  const config = parseEnv();
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
  );
  try {
    const result = await promoteToOperator(database.db, email);
    if (!result) {
      console.error(
        `No account has the e-mail ${email.trim().toLowerCase()}: register it in the shop first, then run this again.`,
      );
      exitCode = 1;
    } else if (result.was === 'admin') {
      console.info(`${result.email} is already an operator.`);
    } else {
      console.info(`${result.email} is now an operator (was ${result.was}): sign in and open /admin/stores/.`);
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  exitCode = 1;
}
process.exit(exitCode);
