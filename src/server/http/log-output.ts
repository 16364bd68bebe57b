/**
 * Where log lines go and how they look. JSON lines (one object a line, for any log shipper) when
 * the output is not a terminal or LOG_FORMAT=json; in a terminal, or with LOG_FORMAT=pretty, one
 * readable line each (pino-pretty's formatter, written synchronously so a line is never lost at
 * exit and never lands in the middle of another). Warnings and errors go to stderr, the rest to
 * stdout.
 */
import pino, { type DestinationStream } from 'pino';
import { prettyFactory } from 'pino-pretty';
import { env } from '../env';

export type LogFormat = 'json' | 'pretty';

/** LOG_FORMAT when it is set; else readable in a terminal and JSON elsewhere. */
export const logFormat = (setting?: LogFormat): LogFormat => setting ?? (process.stdout.isTTY ? 'pretty' : 'json');

/**
 * Whether a build's progress is one line redrawn in place (src/server/site/progress.ts): only on a
 * terminal that shows readable logs; elsewhere it is logged like everything else.
 */
export const redrawsProgress = () => process.stdout.isTTY === true && logFormat(env().LOG_FORMAT) === 'pretty';

/** Clears the line the cursor is on: a progress line being redrawn there is replaced by the log line. */
const CLEAR_LINE = '\r\x1b[2K';

function readable(stream: NodeJS.WriteStream): DestinationStream {
  const pretty = prettyFactory({ translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true });
  const clear = stream.isTTY ? CLEAR_LINE : '';
  return { write: (line: string) => stream.write(clear + pretty(line)) };
}

/** stdout for debug and info, stderr for warnings and errors. */
export function standardOutput(format: LogFormat): DestinationStream {
  const [out, err] =
    format === 'pretty'
      ? [readable(process.stdout), readable(process.stderr)]
      : [pino.destination({ dest: 1, sync: true }), pino.destination({ dest: 2, sync: true })];
  return pino.multistream(
    [
      { level: 'trace', stream: out },
      { level: 'warn', stream: err },
    ],
    // Each line to the one stream with the highest level it reaches, never to both.
    { dedupe: true },
  );
}
