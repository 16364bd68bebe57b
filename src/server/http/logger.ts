/** Structured logs: one JSON object a line on stdout, so any log shipper can read them. */
export type Level = 'debug' | 'info' | 'warn' | 'error';
export type Logger = {
  [L in Level]: (msg: string, fields?: Record<string, unknown>) => void;
} & { child: (fields: Record<string, unknown>) => Logger };

const order = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;

export function createLogger(level: keyof typeof order, base: Record<string, unknown> = {}): Logger {
  const write = (l: Level, msg: string, fields?: Record<string, unknown>) => {
    if (order[l] < order[level]) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level: l, msg, ...base, ...fields });
    (l === 'error' || l === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (fields) => createLogger(level, { ...base, ...fields }),
  };
}
