/** Structured logs: one JSON object a line on stdout, so any log shipper can read them. */
export type Level = 'debug' | 'info' | 'warn' | 'error';
export type Logger = {
  [L in Level]: (msg: string, fields?: Record<string, unknown>) => void;
} & { child: (fields: Record<string, unknown>) => Logger };

const order = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;

/** Where a line goes: errors and warnings to stderr, the rest to stdout (tests pass their own). */
type Sink = (line: string, level: Level) => void;
const stdio: Sink = (line, level) =>
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);

export function createLogger(level: keyof typeof order, base: Record<string, unknown> = {}, sink = stdio): Logger {
  const write = (l: Level, msg: string, fields?: Record<string, unknown>) => {
    if (order[l] < order[level]) return;
    sink(JSON.stringify({ time: new Date().toISOString(), level: l, msg, ...base, ...fields }), l);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (fields) => createLogger(level, { ...base, ...fields }, sink),
  };
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
