import { z } from 'zod';
import { DEFAULT_JMD_PER_USD, DEFAULT_JMD_RATE_DATE, isRateDate, parseJmdPerUsd } from '../lib/jmd-rate';
import { WEEKDAYS } from '../lib/payouts';
import { DEFAULT_TAX_RATES, TAX_MODES, type TaxTerms } from '../lib/tax-details';

/** A rate given as a fraction from 0 to 1 and kept as whole basis points: at most four decimals. */
function fraction(name: string, example: string) {
  const says = `${name} must be a fraction from 0 to 1 with at most 4 decimals, such as ${example}`;
  return z.coerce
    .number({ error: says })
    .min(0, says)
    .max(1, says)
    .refine((rate) => Math.abs(rate * 10_000 - Math.round(rate * 10_000)) < 1e-6, says);
}

/** Text that may be left blank: blank is unset. */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);

/**
 * "no-reply@example.com" or "Yaad Market <no-reply@example.com>": what a mail's From may be. A
 * line break would start another header, and a name may not hold the brackets that delimit the
 * address; the address itself must be one (its domain also names every Message-ID).
 */
export function isSenderAddress(value: string): boolean {
  if (/[\r\n]/.test(value)) return false;
  const named = /^[^<>]*<([^<>]+)>$/.exec(value);
  const address = named ? named[1].trim() : value;
  return z.email().safeParse(address).success;
}

/** The marketplace's bank account when none is configured: plainly a sample, refused by a live shop. */
export const SAMPLE_BANK = {
  bankName: 'Sample Bank of Jamaica (sample)',
  branch: 'Sample branch, Kingston',
  accountName: 'Yaad Market Ltd (sample)',
  accountNumber: '0000-0000-0000',
} as const;

/** Every setting the server reads, parsed once at boot so a bad value fails fast with a clear message. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  /** Where the embedded database, the built site and the image cache live. */
  DATA_DIR: z.string().min(1).default('./.data'),
  /** A PostgreSQL server; when unset the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  /**
   * The public address of the shop, used for canonical URLs, the sitemap and the CSRF Origin check.
   * Links (mail, sitemap) read it through `publicSiteUrl`, which falls back to HOST and PORT.
   */
  PUBLIC_SITE_URL: z.string().url().optional(),
  /** Bearer token that authorises POST /api/v1/admin/rebuild; the hook is closed when unset. */
  REBUILD_TOKEN: z.string().min(16, 'REBUILD_TOKEN must be at least 16 characters').optional(),
  /** Where the static build reads the catalogue; unset means in-process. */
  CATALOG_API_URL: z.string().url().optional(),
  /**
   * How tax is charged (issue 29, docs/decisions/044): `gct`, Jamaica's rule, GCT only on the parts
   * of GCT-registered sellers; `spec`, the spec's rule, the same tax on every seller's part.
   */
  TAX_MODE: z.enum(TAX_MODES, { error: `TAX_MODE must be one of ${TAX_MODES.join(', ')}` }).default('gct'),
  /**
   * The tax rate as a fraction of a part's subtotal. Unset: 0.15 (Jamaica's standard GCT) under
   * TAX_MODE=gct, 0.07 (the spec's) under TAX_MODE=spec.
   */
  TAX_RATE: fraction('TAX_RATE', '0.15 for 15%').optional(),
  /**
   * The operator's exchange rate, J$ for US$1, and the day it was set (YYYY-MM-DD): the pages show
   * approximate Jamaican-dollar amounts beside US$ prices with it; charges stay in US$. Baked into
   * the built pages (`pageBuildEnv`), so a change is a full build (decision 031).
   */
  JMD_PER_USD: z
    .string()
    .trim()
    .refine(
      (v) => parseJmdPerUsd(v) !== undefined,
      'JMD_PER_USD must be Jamaican dollars for one US dollar, such as 157.00 (more than 0, at most four decimals)',
    )
    .optional(),
  JMD_RATE_DATE: z
    .string()
    .trim()
    .refine(isRateDate, 'JMD_RATE_DATE must be the day the rate was set, written YYYY-MM-DD (2026-11-27)')
    .optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** How long (ms) this instance serves a public catalogue answer from memory; 0 turns it off (docs/decisions/019). */
  CATALOG_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /**
   * How often (ms) the publisher looks for a queued change it was not told of: every change is
   * told once it commits (docs/decisions/030), so this is only a safety net.
   */
  PUBLISH_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  /** Load the sample catalogue and demo accounts into an empty database. */
  SEED_SAMPLE_DATA: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** json: JSON lines even in a terminal; pretty: readable lines even into a pipe. Unset: readable only in a terminal. */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /**
   * A reverse proxy in front sets X-Forwarded-For: take the client's address from its last entry
   * (the one the proxy saw) for the sign-in and sign-up limits. Off: the socket's peer address.
   */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Sign-ups allowed from one client address within 15 minutes. Raise it when many shoppers share
   * one address (a large carrier's or a campus's) and the shop is not behind a proxy that tells them apart.
   */
  SIGNUPS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(10),
  /**
   * Where mail goes: an SMTP server (`smtp://user:pass@host:587`, `smtps://…:465`). Unset: every
   * mail is written as an .eml file under DATA_DIR/outbox (offline; docs/decisions/013).
   */
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must look like smtp://user:password@host:587 or smtps://host:465')
    .optional(),
  /** The sender of every mail the shop sends: an address, optionally with a name ("Yaad Market <no-reply@…>"). */
  MAIL_FROM: z
    .string()
    .trim()
    .refine(
      isSenderAddress,
      'MAIL_FROM must be an e-mail address, optionally with a name: Yaad Market <no-reply@example.com>',
    )
    .default('Yaad Market <no-reply@yaadmarket.com>'),
  /**
   * Mails the outbox worker sends at once, each over its own pooled SMTP connection (docs/decisions/013).
   * Several instances each open this many. 1 sends one at a time; lower it for a provider that
   * allows fewer connections.
   */
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /** How long a password reset link works, in seconds (issue 15 asks for 30 minutes). */
  PASSWORD_RESET_SECONDS: z.coerce.number().int().min(1).max(86_400).default(1800),
  /**
   * The shop's operators (role admin), comma-separated e-mails: each gets the role when it signs
   * in or registers, and at start-up when the account exists (docs/decisions/015).
   */
  ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((v) => [...new Set((v ?? '').split(',').map((e) => e.trim().toLowerCase()))].filter(Boolean))
    .pipe(z.array(z.email('ADMIN_EMAILS must be e-mail addresses separated by commas'))),
  /**
   * The card gateway (docs/decisions/028): `test`, the offline test gateway the shop serves itself
   * at /dev/gateway (it speaks PowerTranz's SPI), or a real one. Credentials are server-only: none
   * has the PUBLIC_ prefix that would let Astro put it into a page, and the logger redacts them.
   */
  PAYMENT_PROVIDER: z.enum(['test', 'powertranz', 'wipay']).default('test'),
  /** The gateway's test environment or real money. */
  PAYMENT_ENVIRONMENT: z.enum(['sandbox', 'live']).default('sandbox'),
  /**
   * How long a card order's stock is held for its payment (docs/decisions/029): an order still
   * unpaid then is cancelled and its stock goes back.
   */
  PAYMENT_HOLD_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /**
   * How often (seconds) each shop process looks for holds that ended, a bank transfer's days that
   * ran out and refunds left unsent (services/payments/sweeper.ts): an order is cancelled at most
   * this long after its time to pay ends.
   */
  PAYMENT_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * Bank transfer to the marketplace (issue 26 #4, docs/decisions/034): the one account a shopper
   * pays a bank-transfer order into, quoting the order number. The defaults are sample values that
   * say so; a live shop (PAYMENT_ENVIRONMENT=live) refuses to start with them.
   */
  MARKETPLACE_BANK_NAME: z.string().trim().min(1).max(100).default(SAMPLE_BANK.bankName),
  MARKETPLACE_BANK_BRANCH: z.string().trim().min(1).max(100).default(SAMPLE_BANK.branch),
  MARKETPLACE_BANK_ACCOUNT_NAME: z.string().trim().min(1).max(100).default(SAMPLE_BANK.accountName),
  MARKETPLACE_BANK_ACCOUNT_NUMBER: z
    .string()
    .trim()
    .regex(/^[\d -]{4,34}$/, 'MARKETPLACE_BANK_ACCOUNT_NUMBER must be 4 to 34 digits (spaces and dashes are fine)')
    .default(SAMPLE_BANK.accountNumber),
  /**
   * Days a bank-transfer order waits for its transfer; still unpaid then, the buyer is reminded
   * once, and a day later it is cancelled and its stock goes back (docs/decisions/034).
   */
  BANK_TRANSFER_DAYS: z.coerce.number().int().min(1).max(30).default(3),
  /**
   * The marketplace's commission on its sellers' items (not shipping), a fraction: 0.10 is 10%. A
   * store's or a category's own rate in the database wins over it (docs/decisions/036). Frozen on
   * each order part when the order is placed, so a change applies to orders placed after it.
   */
  COMMISSION_RATE: fraction('COMMISSION_RATE', '0.10 for 10%').default(0.1),
  /**
   * The marketplace's GCT registration (TRN, 9 digits): set, it charges GCT on its commission at
   * MARKETPLACE_GCT_RATE (default 0.15, Jamaica's standard rate). Unset: no GCT on commission.
   */
  MARKETPLACE_TRN: z
    .string()
    .trim()
    .regex(/^\d{3}-?\d{3}-?\d{3}$/, 'MARKETPLACE_TRN must be the 9-digit TRN, such as 123-456-789')
    .optional(),
  MARKETPLACE_GCT_RATE: fraction('MARKETPLACE_GCT_RATE', '0.15 for 15%').optional(),
  /**
   * The marketplace's GCT registration number as printed on its tax invoices for commission (issue
   * 29 #4, docs/decisions/048). Unset: its TRN, Tax Administration Jamaica's number for it.
   */
  MARKETPLACE_GCT_NUMBER: z.string().trim().min(1).max(40).optional(),
  /** The marketplace's legal name as the supplier on its invoices for commission. Unset: the shop's name. */
  MARKETPLACE_LEGAL_NAME: z.string().trim().min(1).max(120).optional(),
  /**
   * Days after a part is delivered during which its buyer may return it: until then its money is
   * the seller's pending balance, after it available (docs/decisions/036). Default 14, issue 28's
   * window (decision 042; decision 036 had 7).
   */
  RETURN_DAYS: z.coerce.number().int().min(0).max(90).default(14),
  /**
   * Days a seller has to answer a return request (accept, reject or refund it): unanswered after
   * them, its buyer may escalate it to the operators (issue 28, decision 042).
   */
  SELLER_ANSWER_DAYS: z.coerce.number().int().min(0).max(90).default(3),
  /**
   * The least available balance a seller is paid out, in US dollars (issue 27 #4): less waits for
   * the next payout. Said to sellers on /sell and in their workspace before payouts exist.
   */
  PAYOUT_MINIMUM: z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, 'PAYOUT_MINIMUM must be US dollars, such as 20 or 20.00')
    .default('20.00')
    .transform((v) => Math.round(Number(v) * 100)),
  /**
   * The weekday payouts are run (docs/decisions/039): the seller's earnings show the next one. The
   * operators start each run; this is the day they promise.
   */
  PAYOUT_DAY: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(WEEKDAYS, { error: `PAYOUT_DAY must be a day of the week: ${WEEKDAYS.join(', ')}` }))
    .default('friday'),
  /** The test gateway takes any of its test cards as payment: on a public address only when asked for by name. */
  TEST_GATEWAY_ON_PUBLIC_HOST: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  POWERTRANZ_ID: optionalText,
  POWERTRANZ_PASSWORD: optionalText,
  /** The hosted page made in the PowerTranz merchant portal: its page set ("PTZ/…") and page name. */
  POWERTRANZ_PAGE_SET: optionalText,
  POWERTRANZ_PAGE_NAME: optionalText,
  /** The API root; unset: https://staging.ptranz.com in sandbox, https://gateway.ptranz.com live. */
  POWERTRANZ_API_URL: z.string().url('POWERTRANZ_API_URL must be a URL such as https://gateway.ptranz.com').optional(),
  WIPAY_ACCOUNT_NUMBER: z
    .string()
    .trim()
    .regex(/^\d{10}$/, 'WIPAY_ACCOUNT_NUMBER must be the 10-digit WiPay account number')
    .optional(),
  WIPAY_API_KEY: optionalText,
  /** WiPay's platform for the account's country; Jamaica's by default. */
  WIPAY_API_URL: z
    .string()
    .url('WIPAY_API_URL must be a URL such as https://jm.wipayfinancial.com')
    .default('https://jm.wipayfinancial.com'),
  FIREBASE_PROJECT_ID: z.string().min(1).optional(),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().min(1).optional(),
  /**
   * Browser settings Astro bakes into the pages at build time (src/lib/analytics.ts,
   * src/lib/firebase-client.ts); the server reads them only to allow their hosts in the
   * Content-Security-Policy.
   */
  PUBLIC_ANALYTICS_ID: optionalText,
  PUBLIC_SESSION_RECORDING_ID: optionalText,
  PUBLIC_FIREBASE_API_KEY: optionalText,
  PUBLIC_FIREBASE_AUTH_DOMAIN: optionalText,
  PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: optionalText,
});

/** 127.0.0.0/8, ::1 and localhost: addresses only this machine reaches. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/**
 * What the chosen gateway needs, named by variable (docs/configuration.md, "Payments"). WiPay's
 * sandbox has a published account and key (1234567890, "123"), so only live needs them.
 */
function paymentProblems(env: z.infer<typeof EnvSchema>): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const need = (name: keyof typeof env, what: string) => {
    if (!env[name])
      problems.push({ path: name, message: `PAYMENT_PROVIDER=${env.PAYMENT_PROVIDER} needs ${name} (${what})` });
  };
  if (env.PAYMENT_PROVIDER === 'powertranz') {
    need('POWERTRANZ_ID', 'the PowerTranz merchant id');
    need('POWERTRANZ_PASSWORD', 'the PowerTranz processing password');
    need('POWERTRANZ_PAGE_SET', 'the hosted page set from the PowerTranz merchant portal, PTZ/…');
    need('POWERTRANZ_PAGE_NAME', 'the hosted page name from the PowerTranz merchant portal');
  }
  if (env.PAYMENT_PROVIDER === 'wipay' && env.PAYMENT_ENVIRONMENT === 'live') {
    need('WIPAY_ACCOUNT_NUMBER', 'the 10-digit WiPay account number');
    need('WIPAY_API_KEY', 'the API key from the WiPay dashboard, Developer');
  }
  if (env.PAYMENT_ENVIRONMENT === 'live')
    for (const [name, sample] of [
      ['MARKETPLACE_BANK_NAME', SAMPLE_BANK.bankName],
      ['MARKETPLACE_BANK_BRANCH', SAMPLE_BANK.branch],
      ['MARKETPLACE_BANK_ACCOUNT_NAME', SAMPLE_BANK.accountName],
      ['MARKETPLACE_BANK_ACCOUNT_NUMBER', SAMPLE_BANK.accountNumber],
    ] as const)
      if (env[name] === sample)
        problems.push({
          path: name,
          message: `PAYMENT_ENVIRONMENT=live needs ${name}: the marketplace's own bank account, which shoppers pay bank transfers into (the default is a sample)`,
        });
  if (env.PAYMENT_PROVIDER === 'test' && !isLoopbackHost(env.HOST) && !env.TEST_GATEWAY_ON_PUBLIC_HOST) {
    problems.push({
      path: 'PAYMENT_PROVIDER',
      message: `the test gateway (PAYMENT_PROVIDER=test, the default) takes test cards as payment, so the shop does not listen on ${env.HOST} with it: set PAYMENT_PROVIDER=powertranz or wipay, HOST=127.0.0.1, or TEST_GATEWAY_ON_PUBLIC_HOST=true for a demo on a private network`,
    });
  }
  return problems;
}

/** A rate without its day (or a day without its rate) would show shoppers a date that is not the rate's. */
function rateProblems(env: Partial<Pick<z.infer<typeof EnvSchema>, 'JMD_PER_USD' | 'JMD_RATE_DATE'>>) {
  if (env.JMD_PER_USD && !env.JMD_RATE_DATE)
    return [
      { path: 'JMD_RATE_DATE', message: 'JMD_PER_USD needs JMD_RATE_DATE, the day the rate was set (YYYY-MM-DD)' },
    ];
  if (env.JMD_RATE_DATE && !env.JMD_PER_USD)
    return [{ path: 'JMD_PER_USD', message: 'JMD_RATE_DATE is the day of JMD_PER_USD, which is not set' }];
  return [];
}

/** GCT on commission is charged only by a GCT-registered marketplace: a rate without a TRN is a mistake. */
function gctProblems(
  env: Pick<z.infer<typeof EnvSchema>, 'MARKETPLACE_TRN' | 'MARKETPLACE_GCT_RATE' | 'MARKETPLACE_GCT_NUMBER'>,
) {
  if (env.MARKETPLACE_GCT_NUMBER !== undefined && !env.MARKETPLACE_TRN)
    return [
      {
        path: 'MARKETPLACE_TRN',
        message:
          'MARKETPLACE_GCT_NUMBER is the registration of a GCT-registered marketplace: set MARKETPLACE_TRN (its TRN) too, or unset the number',
      },
    ];
  if (env.MARKETPLACE_GCT_RATE !== undefined && !env.MARKETPLACE_TRN)
    return [
      {
        path: 'MARKETPLACE_TRN',
        message:
          'MARKETPLACE_GCT_RATE is charged only by a GCT-registered marketplace: set MARKETPLACE_TRN (its TRN) too, or unset the rate',
      },
    ];
  return [];
}

const CheckedEnvSchema = EnvSchema.superRefine((env, ctx) => {
  for (const problem of [...paymentProblems(env), ...rateProblems(env), ...gctProblems(env)])
    ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
});

/** The configuration, TAX_RATE filled in from TAX_MODE when unset. */
export type Env = Omit<z.infer<typeof EnvSchema>, 'TAX_RATE'> & { TAX_RATE: number };

/** How a new order's parts are taxed (docs/decisions/044). */
export const taxTerms = (config: Env): TaxTerms => ({ mode: config.TAX_MODE, rate: config.TAX_RATE });

/** The marketplace's account a bank-transfer order is paid into, as configured. */
export const marketplaceBank = (config: Env) => ({
  bankName: config.MARKETPLACE_BANK_NAME,
  branch: config.MARKETPLACE_BANK_BRANCH,
  accountName: config.MARKETPLACE_BANK_ACCOUNT_NAME,
  accountNumber: config.MARKETPLACE_BANK_ACCOUNT_NUMBER,
});

/** Jamaica's standard GCT rate: the rate on commission of a GCT-registered marketplace that names none. */
export const STANDARD_GCT_RATE = 0.15;

/**
 * What a new order's parts are charged (docs/decisions/036), as basis points: the marketplace's
 * commission rate, and GCT on commission (0 unless the marketplace is GCT-registered).
 */
export const commissionTerms = (config: Env) => ({
  marketplaceBasisPoints: Math.round(config.COMMISSION_RATE * 10_000),
  gctBasisPoints: config.MARKETPLACE_TRN ? Math.round((config.MARKETPLACE_GCT_RATE ?? STANDARD_GCT_RATE) * 10_000) : 0,
});

/**
 * The marketplace as the supplier of its commission to its sellers (issue 29 #4, docs/decisions/048):
 * its name, its TRN and GCT registration number (none unless GCT-registered), the rate it charges.
 */
export const marketplaceSupplier = (config: Env, shopName: string) => ({
  name: config.MARKETPLACE_LEGAL_NAME ?? shopName,
  trn: config.MARKETPLACE_TRN?.replaceAll('-', '') ?? null,
  gctRegistered: Boolean(config.MARKETPLACE_TRN),
  gctNumber: config.MARKETPLACE_TRN ? (config.MARKETPLACE_GCT_NUMBER ?? config.MARKETPLACE_TRN) : null,
  gctBasisPoints: commissionTerms(config).gctBasisPoints,
});

/** Parses the given variables (process.env by default); throws one readable error listing every problem. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = CheckedEnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example for every setting.`);
  }
  return { ...result.data, TAX_RATE: result.data.TAX_RATE ?? DEFAULT_TAX_RATES[result.data.TAX_MODE] };
}

/**
 * What the built pages and islands are made with, as Astro takes it (PUBLIC_ variables): only the
 * exchange rate's two settings are read, checked as at boot, so `astro build` and `npm run dev`
 * stop with the same message on a bad value. astro.config.mjs sets them; the publisher's
 * `codeVersion` hashes them, so a new rate is a full build.
 */
export function pageBuildEnv(source: Record<string, string | undefined> = process.env): {
  PUBLIC_JMD_PER_USD: string;
  PUBLIC_JMD_RATE_DATE: string;
} {
  const picked = { JMD_PER_USD: source.JMD_PER_USD || undefined, JMD_RATE_DATE: source.JMD_RATE_DATE || undefined };
  const result = EnvSchema.pick({ JMD_PER_USD: true, JMD_RATE_DATE: true })
    .superRefine((env, ctx) => {
      for (const problem of rateProblems(env))
        ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
    })
    .safeParse(picked);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return {
    PUBLIC_JMD_PER_USD: result.data.JMD_PER_USD ?? DEFAULT_JMD_PER_USD,
    PUBLIC_JMD_RATE_DATE: result.data.JMD_RATE_DATE ?? DEFAULT_JMD_RATE_DATE,
  };
}

/**
 * Where this machine reaches the shop: HOST and PORT, a wildcard host (listening on every
 * address) read as 127.0.0.1, an IPv6 address in brackets.
 */
export function localOrigin(config: Pick<Env, 'HOST' | 'PORT'>): string {
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`;
}

/**
 * The address every link the shop sends out starts with (mail, the sitemap, an export):
 * PUBLIC_SITE_URL, else where this machine reaches the shop, so a shop on another port than
 * 4321 still mails links that open it. `npm start` says which at start-up.
 */
export function publicSiteUrl(config: Pick<Env, 'PUBLIC_SITE_URL' | 'HOST' | 'PORT'>): string {
  return config.PUBLIC_SITE_URL ?? localOrigin(config);
}

let cached: Env | undefined;
/** The process's configuration, parsed on first use. */
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}
