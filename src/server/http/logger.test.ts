import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { createLogger } from './logger';

/** A logger writing JSON lines into an array. */
function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: createLogger('info', { destination }), lines };
}

describe('the log never carries a payment secret (docs/decisions/028)', () => {
  it('redacts the keys in the configuration, adapter settings and request headers', () => {
    const { log, lines } = capture();
    const config = parseEnv({
      PAYMENT_PROVIDER: 'powertranz',
      POWERTRANZ_ID: '88803113',
      POWERTRANZ_PASSWORD: 'pt-secret-password',
      POWERTRANZ_PAGE_SET: 'PTZ/Yaad',
      POWERTRANZ_PAGE_NAME: 'Checkout',
      WIPAY_API_KEY: 'wipay-secret-key',
    });
    log.info(config, 'configuration');
    log.info({ config }, 'configuration, nested');
    log.info({ settings: { powerTranzPassword: 'pt-secret-password', apiKey: 'wipay-secret-key' } }, 'adapter');
    log.info({ request: { headers: { 'PowerTranz-PowerTranzPassword': 'pt-secret-password' } } }, 'request');
    log.info({ headers: { 'powertranz-powertranzpassword': 'pt-secret-password' } }, 'headers');
    const written = lines.join('');
    expect(lines).toHaveLength(5);
    expect(written).not.toContain('pt-secret-password');
    expect(written).not.toContain('wipay-secret-key');
    expect(written).toContain('[redacted]');
    // What is not secret stays readable.
    expect(written).toContain('88803113');
  });
});
