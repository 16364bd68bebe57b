import { describe, expect, it } from 'vitest';
import {
  commissionTerms,
  marketplaceBank,
  marketplaceSupplier,
  pageBuildEnv,
  parseEnv,
  publicSiteUrl,
  SAMPLE_BANK,
  taxTerms,
} from './env';

/* The configuration's checks at boot: a bad value stops the start with a message naming it. */

describe('MAIL_FROM', () => {
  it('takes an address, with or without a display name', () => {
    expect(parseEnv({}).MAIL_FROM).toBe('Yaad Market <no-reply@yaadmarket.com>');
    expect(parseEnv({ MAIL_FROM: 'orders@shop.example.jm' }).MAIL_FROM).toBe('orders@shop.example.jm');
    expect(parseEnv({ MAIL_FROM: ' Yaad Market Orders <orders@shop.example.jm> ' }).MAIL_FROM).toBe(
      'Yaad Market Orders <orders@shop.example.jm>',
    );
    expect(parseEnv({ MAIL_FROM: '<orders@shop.example.jm>' }).MAIL_FROM).toBe('<orders@shop.example.jm>');
  });

  it.each([
    'abc',
    'Yaad Market',
    'Yaad Market no-reply@yaadmarket.com',
    'Yaad Market <no-reply>',
    'Yaad Market <no-reply@yaadmarket.com',
    'Yaad <Market> <no-reply@yaadmarket.com>',
    'Yaad Market <no-reply@yaadmarket.com>\r\nBcc: someone@example.com',
  ])('refuses %j at boot, saying what it must be', (value) => {
    expect(() => parseEnv({ MAIL_FROM: value })).toThrow(
      'MAIL_FROM: MAIL_FROM must be an e-mail address, optionally with a name: Yaad Market <no-reply@example.com>',
    );
  });
});

describe('PASSWORD_RESET_SECONDS', () => {
  it('is 30 minutes unless set, and a whole number of seconds up to a day', () => {
    expect(parseEnv({}).PASSWORD_RESET_SECONDS).toBe(1800);
    expect(parseEnv({ PASSWORD_RESET_SECONDS: '3600' }).PASSWORD_RESET_SECONDS).toBe(3600);
    for (const bad of ['0', '-5', '1.5', 'half an hour', '86401'])
      expect(() => parseEnv({ PASSWORD_RESET_SECONDS: bad }), bad).toThrow(/PASSWORD_RESET_SECONDS/);
  });
});

describe('the address links start with (issue 24 #13)', () => {
  // A shop on a wildcard or LAN address needs a real gateway or the test gateway allowed by name (below).
  const links = (settings: Record<string, string>) =>
    publicSiteUrl(parseEnv({ TEST_GATEWAY_ON_PUBLIC_HOST: 'true', ...settings }));

  it('is HOST and PORT when PUBLIC_SITE_URL is unset, a wildcard host read as this machine', () => {
    expect(links({})).toBe('http://127.0.0.1:4321');
    expect(links({ PORT: '4401' })).toBe('http://127.0.0.1:4401');
    expect(links({ HOST: '0.0.0.0', PORT: '8080' })).toBe('http://127.0.0.1:8080');
    expect(links({ HOST: '::', PORT: '8080' })).toBe('http://127.0.0.1:8080');
    expect(links({ HOST: '::1', PORT: '8080' })).toBe('http://[::1]:8080');
    expect(links({ HOST: 'shop.lan', PORT: '80' })).toBe('http://shop.lan:80');
    expect(links({ PUBLIC_SITE_URL: '', PORT: '4401' })).toBe('http://127.0.0.1:4401');
  });

  it('is PUBLIC_SITE_URL when set, whatever HOST and PORT say', () => {
    expect(links({ PUBLIC_SITE_URL: 'https://yaadmarket.com', HOST: '0.0.0.0', PORT: '4401' })).toBe(
      'https://yaadmarket.com',
    );
  });
});

describe('payments (issue 26, docs/decisions/028)', () => {
  it('uses the offline test gateway unless told otherwise', () => {
    const config = parseEnv({});
    expect(config.PAYMENT_PROVIDER).toBe('test');
    expect(config.PAYMENT_ENVIRONMENT).toBe('sandbox');
    expect(config.WIPAY_API_URL).toBe('https://jm.wipayfinancial.com');
  });

  it('names every missing PowerTranz variable at boot', () => {
    expect(() => parseEnv({ PAYMENT_PROVIDER: 'powertranz', POWERTRANZ_ID: '88803113' })).toThrow(
      /POWERTRANZ_PASSWORD: PAYMENT_PROVIDER=powertranz needs POWERTRANZ_PASSWORD[\s\S]*POWERTRANZ_PAGE_SET[\s\S]*POWERTRANZ_PAGE_NAME/,
    );
    const ok = parseEnv({
      PAYMENT_PROVIDER: 'powertranz',
      POWERTRANZ_ID: '88803113',
      POWERTRANZ_PASSWORD: 'pw',
      POWERTRANZ_PAGE_SET: 'PTZ/Yaad',
      POWERTRANZ_PAGE_NAME: 'Checkout',
      HOST: '0.0.0.0',
    });
    expect(ok.PAYMENT_PROVIDER).toBe('powertranz');
  });

  it('needs the WiPay account and key for live money only, and checks the account number', () => {
    expect(parseEnv({ PAYMENT_PROVIDER: 'wipay' }).PAYMENT_PROVIDER).toBe('wipay');
    expect(() => parseEnv({ PAYMENT_PROVIDER: 'wipay', PAYMENT_ENVIRONMENT: 'live' })).toThrow(
      /WIPAY_ACCOUNT_NUMBER: PAYMENT_PROVIDER=wipay needs WIPAY_ACCOUNT_NUMBER[\s\S]*WIPAY_API_KEY: /,
    );
    expect(() => parseEnv({ WIPAY_ACCOUNT_NUMBER: '12345' })).toThrow(
      'WIPAY_ACCOUNT_NUMBER: WIPAY_ACCOUNT_NUMBER must be the 10-digit WiPay account number',
    );
    expect(() => parseEnv({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/PAYMENT_PROVIDER/);
  });

  it('refuses the test gateway on a public address unless allowed by name', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'shop.example.jm'])
      expect(() => parseEnv({ HOST: host }), host).toThrow(/PAYMENT_PROVIDER: the test gateway .* does not listen on/);
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1']) expect(parseEnv({ HOST: host }).HOST).toBe(host);
    expect(parseEnv({ HOST: '0.0.0.0', TEST_GATEWAY_ON_PUBLIC_HOST: 'true' }).TEST_GATEWAY_ON_PUBLIC_HOST).toBe(true);
  });

  it('pays bank transfers into the marketplace’s account: sample values offline, refused by a live shop (decision 034)', () => {
    const offline = parseEnv({});
    expect(marketplaceBank(offline)).toEqual(SAMPLE_BANK);
    expect(offline.BANK_TRANSFER_DAYS).toBe(3);
    for (const value of Object.values(SAMPLE_BANK)) expect(value).toMatch(/sample|0000-0000-0000/i);
    const live = {
      PAYMENT_PROVIDER: 'wipay',
      PAYMENT_ENVIRONMENT: 'live',
      WIPAY_ACCOUNT_NUMBER: '1234567890',
      WIPAY_API_KEY: 'key',
      HOST: '0.0.0.0',
    };
    expect(() => parseEnv(live)).toThrow(
      /MARKETPLACE_BANK_NAME: PAYMENT_ENVIRONMENT=live needs MARKETPLACE_BANK_NAME[\s\S]*MARKETPLACE_BANK_BRANCH[\s\S]*MARKETPLACE_BANK_ACCOUNT_NAME[\s\S]*MARKETPLACE_BANK_ACCOUNT_NUMBER/,
    );
    const bank = {
      MARKETPLACE_BANK_NAME: 'National Commercial Bank',
      MARKETPLACE_BANK_BRANCH: 'Half Way Tree',
      MARKETPLACE_BANK_ACCOUNT_NAME: 'Yaad Market Ltd',
      MARKETPLACE_BANK_ACCOUNT_NUMBER: '354-123-456',
    };
    expect(marketplaceBank(parseEnv({ ...live, ...bank })).accountNumber).toBe('354-123-456');
    expect(() => parseEnv({ MARKETPLACE_BANK_ACCOUNT_NUMBER: 'abc' })).toThrow(
      /MARKETPLACE_BANK_ACCOUNT_NUMBER must be/,
    );
    expect(() => parseEnv({ BANK_TRANSFER_DAYS: '0' })).toThrow(/BANK_TRANSFER_DAYS/);
  });

  it('keeps every payment secret out of the variables a page may be built with', () => {
    const secrets = Object.keys(parseEnv({})).filter((k) => /^(POWERTRANZ|WIPAY)_/.test(k));
    expect(secrets.length).toBeGreaterThan(0);
    // Astro gives the browser only PUBLIC_ variables (src/server/env.ts, the PUBLIC_* settings).
    for (const name of secrets) expect(name.startsWith('PUBLIC_')).toBe(false);
  });
});

describe('JMD_PER_USD and JMD_RATE_DATE (decision 031)', () => {
  it('are both set or both left to the default, which the pages are built with', () => {
    expect(parseEnv({}).JMD_PER_USD).toBeUndefined();
    expect(pageBuildEnv({})).toEqual({ PUBLIC_JMD_PER_USD: '157.00', PUBLIC_JMD_RATE_DATE: '2026-11-27' });
    const set = { JMD_PER_USD: ' 158.25 ', JMD_RATE_DATE: '2027-01-05' };
    expect(parseEnv(set)).toMatchObject({ JMD_PER_USD: '158.25', JMD_RATE_DATE: '2027-01-05' });
    expect(pageBuildEnv(set)).toEqual({ PUBLIC_JMD_PER_USD: '158.25', PUBLIC_JMD_RATE_DATE: '2027-01-05' });
    // Only the rate's settings are read for the build; an empty value is unset.
    expect(pageBuildEnv({ JMD_PER_USD: '', MAIL_FROM: 'not an address' }).PUBLIC_JMD_PER_USD).toBe('157.00');
  });

  it('refuse a rate that is not one, a day that is not one, or one without the other', () => {
    for (const bad of ['0', '-1', '157,00', 'J$157', '157.12345']) {
      const env = { JMD_PER_USD: bad, JMD_RATE_DATE: '2026-11-27' };
      expect(() => parseEnv(env), bad).toThrow('JMD_PER_USD: JMD_PER_USD must be Jamaican dollars for one US dollar');
      expect(() => pageBuildEnv(env), bad).toThrow(
        'JMD_PER_USD: JMD_PER_USD must be Jamaican dollars for one US dollar',
      );
    }
    expect(() => parseEnv({ JMD_PER_USD: '157', JMD_RATE_DATE: '2026-02-30' })).toThrow(
      'JMD_RATE_DATE: JMD_RATE_DATE must be the day the rate was set, written YYYY-MM-DD',
    );
    expect(() => parseEnv({ JMD_PER_USD: '157' })).toThrow('JMD_RATE_DATE: JMD_PER_USD needs JMD_RATE_DATE');
    expect(() => pageBuildEnv({ JMD_PER_USD: '157' })).toThrow('JMD_RATE_DATE: JMD_PER_USD needs JMD_RATE_DATE');
    expect(() => parseEnv({ JMD_RATE_DATE: '2026-11-27' })).toThrow(
      'JMD_PER_USD: JMD_RATE_DATE is the day of JMD_PER_USD',
    );
  });
});

describe('commission and the settlement clock (issue 27, decision 036)', () => {
  it('charge 10% and no GCT on commission unless set; returns take 7 days', () => {
    const config = parseEnv({});
    expect(config.RETURN_DAYS).toBe(14);
    expect(config.SELLER_ANSWER_DAYS).toBe(3);
    expect(config.PAYOUT_MINIMUM).toBe(2_000);
    expect(parseEnv({ PAYOUT_MINIMUM: '50' }).PAYOUT_MINIMUM).toBe(5_000);
    expect(parseEnv({ PAYOUT_MINIMUM: '12.5' }).PAYOUT_MINIMUM).toBe(1_250);
    for (const bad of ['-1', 'US$20', '20.001', '1e3'])
      expect(() => parseEnv({ PAYOUT_MINIMUM: bad }), bad).toThrow('PAYOUT_MINIMUM: PAYOUT_MINIMUM must be US dollars');
    expect(config.PAYOUT_DAY).toBe('friday');
    expect(parseEnv({ PAYOUT_DAY: ' Tuesday ' }).PAYOUT_DAY).toBe('tuesday');
    for (const bad of ['fri', 'weekly', '5'])
      expect(() => parseEnv({ PAYOUT_DAY: bad }), bad).toThrow('PAYOUT_DAY must be a day of the week');
    expect(commissionTerms(config)).toEqual({ marketplaceBasisPoints: 1_000, gctBasisPoints: 0 });
    expect(commissionTerms(parseEnv({ COMMISSION_RATE: '0.1225' }))).toEqual({
      marketplaceBasisPoints: 1_225,
      gctBasisPoints: 0,
    });
  });

  it('charge GCT on commission when the marketplace is GCT-registered: 15% unless its rate is set', () => {
    expect(commissionTerms(parseEnv({ MARKETPLACE_TRN: '123-456-789' })).gctBasisPoints).toBe(1_500);
    expect(
      commissionTerms(parseEnv({ MARKETPLACE_TRN: '123456789', MARKETPLACE_GCT_RATE: '0.165' })).gctBasisPoints,
    ).toBe(1_650);
    expect(() => parseEnv({ MARKETPLACE_GCT_RATE: '0.15' })).toThrow(
      'MARKETPLACE_TRN: MARKETPLACE_GCT_RATE is charged only by a GCT-registered marketplace',
    );
  });

  it('name the marketplace as the supplier of its commission: its TRN, its GCT number (the TRN unless set), its name (decision 048)', () => {
    expect(marketplaceSupplier(parseEnv({}), 'Yaad Market')).toEqual({
      name: 'Yaad Market',
      trn: null,
      gctRegistered: false,
      gctNumber: null,
      gctBasisPoints: 0,
    });
    expect(marketplaceSupplier(parseEnv({ MARKETPLACE_TRN: '123-456-789' }), 'Yaad Market')).toMatchObject({
      trn: '123456789',
      gctRegistered: true,
      gctNumber: '123-456-789',
      gctBasisPoints: 1_500,
    });
    expect(
      marketplaceSupplier(
        parseEnv({
          MARKETPLACE_TRN: '123456789',
          MARKETPLACE_GCT_NUMBER: '123456789-0001',
          MARKETPLACE_LEGAL_NAME: 'Yaad Market Limited',
        }),
        'Yaad Market',
      ),
    ).toMatchObject({ name: 'Yaad Market Limited', gctNumber: '123456789-0001' });
    expect(() => parseEnv({ MARKETPLACE_GCT_NUMBER: '123456789-0001' })).toThrow(
      'MARKETPLACE_TRN: MARKETPLACE_GCT_NUMBER is the registration of a GCT-registered marketplace',
    );
  });

  it('refuse a rate that is not a fraction with at most 4 decimals, a TRN that is not 9 digits, days out of range', () => {
    for (const bad of ['-0.1', '1.5', 'ten', '0.12345'])
      expect(() => parseEnv({ COMMISSION_RATE: bad }), bad).toThrow(/COMMISSION_RATE: COMMISSION_RATE/);
    for (const bad of ['12345678', '123-456-7890', 'TRN'])
      expect(() => parseEnv({ MARKETPLACE_TRN: bad }), bad).toThrow(
        /MARKETPLACE_TRN: MARKETPLACE_TRN must be the 9-digit TRN/,
      );
    expect(() => parseEnv({ MARKETPLACE_TRN: '123456789', MARKETPLACE_GCT_RATE: '2' })).toThrow(
      /MARKETPLACE_GCT_RATE: MARKETPLACE_GCT_RATE must be a fraction/,
    );
    for (const bad of ['-1', '91', '1.5']) expect(() => parseEnv({ RETURN_DAYS: bad }), bad).toThrow(/RETURN_DAYS/);
  });
});

describe('TAX_MODE and TAX_RATE (decision 044)', () => {
  it('charges Jamaica’s 15% GCT by default, the spec’s 7% under TAX_MODE=spec; a TAX_RATE given wins', () => {
    expect(taxTerms(parseEnv({}))).toEqual({ mode: 'gct', rate: 0.15 });
    expect(taxTerms(parseEnv({ TAX_MODE: 'spec' }))).toEqual({ mode: 'spec', rate: 0.07 });
    expect(taxTerms(parseEnv({ TAX_MODE: 'gct', TAX_RATE: '0.165' }))).toEqual({ mode: 'gct', rate: 0.165 });
    expect(taxTerms(parseEnv({ TAX_MODE: 'spec', TAX_RATE: '0.15' }))).toEqual({ mode: 'spec', rate: 0.15 });
  });

  it('refuses an unknown mode and a rate that is not a fraction with at most 4 decimals', () => {
    expect(() => parseEnv({ TAX_MODE: 'vat' })).toThrow('TAX_MODE must be one of gct, spec');
    expect(() => parseEnv({ TAX_RATE: '15' })).toThrow('TAX_RATE must be a fraction from 0 to 1');
    expect(() => parseEnv({ TAX_RATE: '0.12345' })).toThrow('TAX_RATE must be a fraction from 0 to 1');
  });
});
