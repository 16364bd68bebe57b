/**
 * How far a build is. In a terminal: one line, redrawn in place ("Building the site: rendering
 * 12,000 of 100,000 pages (12%), about 4 min left"); a log line written meanwhile clears it and the
 * next update draws it again. Elsewhere, or with LOG_FORMAT=json: a log line per phase and every
 * tenth of the way.
 */
import { redrawsProgress } from '../http/log-output';
import type { Logger } from '../http/logger';

function timeLeft(ms: number): string {
  if (!Number.isFinite(ms) || ms <= 0) return '';
  const s = Math.round(ms / 1000);
  return s < 90 ? `, about ${s} s left` : `, about ${Math.round(s / 60)} min left`;
}

export function createProgress(title: string, log: Logger) {
  const tty = redrawsProgress();
  let phase = '';
  let started = Date.now();
  let lastTenth = -1;
  const draw = (text: string) => process.stdout.write(`\r\x1b[2K${title}: ${text}`);
  return {
    phase(name: string) {
      phase = name;
      started = Date.now();
      lastTenth = -1;
      if (tty) draw(`${name}…`);
      else log.info(`${title.toLowerCase()}: ${name}`);
    },
    update(done: number, total: number) {
      const share = total > 0 ? done / total : 1;
      const left = share > 0.02 ? ((Date.now() - started) / share) * (1 - share) : Number.NaN;
      if (tty) {
        draw(
          `${phase} ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} pages (${Math.floor(share * 100)}%)${timeLeft(left)}`,
        );
      } else if (Math.floor(share * 10) > lastTenth) {
        lastTenth = Math.floor(share * 10);
        log.info({ done, total }, `${title.toLowerCase()}: ${phase}`);
      }
    },
    done(message: string) {
      if (tty) process.stdout.write(`\r\x1b[2K${message}\n`);
      else log.info(message);
    },
    fail() {
      if (tty) process.stdout.write('\n');
    },
  };
}
