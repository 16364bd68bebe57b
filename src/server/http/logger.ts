/**
 * The process's logger: pino, at LOG_LEVEL, as JSON lines or readable lines (log-output.ts). Call
 * it pino's way, fields first: `log.info({ build, reason }, 'full build')`.
 */
import pino, { type DestinationStream, type Logger as PinoLogger } from 'pino';
import { type LogFormat, logFormat, standardOutput } from './log-output';

export type Logger = PinoLogger;
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export type LoggerOptions = {
  /** LOG_FORMAT; unset: readable in a terminal, JSON elsewhere. */
  format?: LogFormat;
  /** Where JSON lines go instead of stdout and stderr (tests read them). */
  destination?: DestinationStream;
};

/**
 * The payment gateways' secrets (docs/decisions/028) wherever a log line might carry them: the
 * configuration or an adapter's settings logged whole (at the top or one level down), and the
 * PowerTranz password header of a request. pino replaces them before the line is written.
 */
const SECRETS = ['POWERTRANZ_PASSWORD', 'WIPAY_API_KEY', 'powerTranzPassword', 'apiKey'];
const SECRET_HEADERS = ['"powertranz-powertranzpassword"', '"PowerTranz-PowerTranzPassword"'];
export const REDACTED_PATHS = [
  ...SECRETS,
  ...SECRETS.map((name) => `*.${name}`),
  ...SECRET_HEADERS.map((name) => `headers[${name}]`),
  ...SECRET_HEADERS.map((name) => `*.headers[${name}]`),
];

export function createLogger(level: LogLevel, options: LoggerOptions = {}): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      // The lines name what happened, not the machine: no pid or hostname on every line.
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      // "level":"info" rather than pino's 30, as the shop's log lines have always said.
      formatters: { level: (label) => ({ level: label }) },
    },
    options.destination ?? standardOutput(options.format ?? logFormat()),
  );
}

/** The names PostgreSQL puts on an error; never its message or detail, which quote the values. */
const PG_NAMES = ['code', 'constraint', 'table', 'column', 'schema', 'routine'] as const;

/**
 * What may be logged about an error. A failed SQL statement (Drizzle wraps it, with the statement
 * and its parameters in the message: password hashes, e-mails, addresses) is described by the
 * database's error code and names and the statement's name ("insert users"), never by values;
 * the call stack is kept without the message line. Other errors keep their stack.
 */
export function describeError(error: unknown): Record<string, unknown> | string {
  if (!(error instanceof Error)) return String(error);
  const query = (error as { query?: unknown }).query;
  const cause = (error as { cause?: unknown }).cause;
  const pg = hasPgCode(error) ? error : hasPgCode(cause) ? cause : undefined;
  if (typeof query !== 'string' && !pg) return error.stack ?? error.message;
  const described: Record<string, unknown> = {};
  if (typeof query === 'string') described.statement = statementName(query);
  for (const name of PG_NAMES) {
    const value = (pg as Record<string, unknown> | undefined)?.[name];
    if (typeof value === 'string' && value) described[name] = value;
  }
  // Not from the database itself (a refused connection): the driver's code, such as ECONNREFUSED.
  const causeCode = (cause as { code?: unknown } | undefined)?.code;
  if (!pg && typeof causeCode === 'string') described.code = causeCode;
  described.stack = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .map((line) => line.trim());
  return described;
}

function hasPgCode(value: unknown): value is { code: string } {
  return (
    typeof value === 'object' && value !== null && /^[0-9A-Z]{5}$/.test(String((value as { code?: unknown }).code))
  );
}

/** "insert users", "select products", "update order_parts": the statement's verb and its first table. */
export function statementName(query: string): string {
  const text = query.replace(/\s+/g, ' ').trim();
  const verb = /^(?:with\b.*?\)\s*)?(select|insert|update|delete)\b/i.exec(text)?.[1]?.toLowerCase() ?? 'statement';
  const table =
    verb === 'insert'
      ? /\binsert into "?([\w.]+)"?/i.exec(text)?.[1]
      : verb === 'update'
        ? /\bupdate "?([\w.]+)"?/i.exec(text)?.[1]
        : /\bfrom "?([\w.]+)"?/i.exec(text)?.[1];
  return table ? `${verb} ${table}` : verb;
}
