import { describe, expect, it } from 'vitest';
import {
  aboutJmd,
  DEFAULT_JMD_PER_USD,
  DEFAULT_JMD_RATE_DATE,
  isRateDate,
  jmdRateNote,
  jmdRateOf,
  parseJmdPerUsd,
  shopJmdRate,
} from './jmd-rate';

describe("the operator's exchange rate", () => {
  it('reads J$ for US$1 with up to four decimals, as ten-thousandths', () => {
    expect(parseJmdPerUsd('157')).toBe(1_570_000);
    expect(parseJmdPerUsd('157.00')).toBe(1_570_000);
    expect(parseJmdPerUsd(' 157.5 ')).toBe(1_575_000);
    expect(parseJmdPerUsd('157.8433')).toBe(1_578_433);
    for (const bad of ['', '0', '0.0000', '-157', '157.12345', '1,570', 'J$157', '157.', 'abc', '1e3'])
      expect(parseJmdPerUsd(bad), bad).toBeUndefined();
  });

  it('takes a real calendar day for its date', () => {
    expect(isRateDate('2026-11-27')).toBe(true);
    expect(isRateDate('2028-02-29')).toBe(true);
    for (const bad of ['2026-02-30', '2027-02-29', '2026-13-01', '27/11/2026', '2026-11-27T00:00:00Z', ''])
      expect(isRateDate(bad), bad).toBe(false);
  });

  it('falls back to the documented default when unset', () => {
    expect(DEFAULT_JMD_PER_USD).toBe('157.00');
    expect(jmdRateOf(undefined, undefined)).toEqual({ perUsdTenThousandths: 1_570_000, date: DEFAULT_JMD_RATE_DATE });
    expect(jmdRateOf('160.25', '2027-01-05')).toEqual({ perUsdTenThousandths: 1_602_500, date: '2027-01-05' });
    // Unit tests build nothing: the rate is the default.
    expect(shopJmdRate()).toEqual({ perUsdTenThousandths: 1_570_000, date: '2026-11-27' });
  });

  it('says what the J$ amounts are beside a US$ price', () => {
    const rate = jmdRateOf('160.25', '2027-01-05');
    expect(aboutJmd(1250, rate)).toBe('about J$2,003'); // 2,003.125
    expect(aboutJmd(1250)).toBe('about J$1,963');
    expect(jmdRateNote(rate)).toBe('J$ amounts are approximate, at J$160.25 to US$1 on 5 Jan 2027. You pay in US$.');
  });
});
