import { describe, expect, it } from 'vitest';
import { parseEnv, publicSiteUrl } from './env';

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
  const links = (settings: Record<string, string>) => publicSiteUrl(parseEnv(settings));

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
