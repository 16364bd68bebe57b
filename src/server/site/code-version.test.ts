import { describe, expect, it } from 'vitest';
import { codeVersion } from './publisher';

/* Decision 031: the exchange rate is written into the built pages, so a new rate is a full build. */
describe('codeVersion', () => {
  it('changes with the rate or its day, and only with what the pages are built with', () => {
    const base = codeVersion({});
    expect(codeVersion({ JMD_PER_USD: '157.00', JMD_RATE_DATE: '2026-11-27' })).toBe(base); // the default, spelt out
    expect(codeVersion({ SESSION_TTL_DAYS: '7' })).toBe(base);
    const rate = codeVersion({ JMD_PER_USD: '158.25', JMD_RATE_DATE: '2026-11-27' });
    const day = codeVersion({ JMD_PER_USD: '157.00', JMD_RATE_DATE: '2026-12-01' });
    expect(new Set([base, rate, day]).size).toBe(3);
  });
});
