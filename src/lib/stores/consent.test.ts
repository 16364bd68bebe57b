import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowser } from '../../../tests/fixtures/browser';

let browser: ReturnType<typeof installBrowser>;

async function load(stored?: string) {
  vi.resetModules();
  browser = installBrowser();
  if (stored !== undefined) browser.local.setItem('cookie-consent', stored);
  const consent = await import('./consent');
  const analytics = await import('../analytics');
  return { ...consent, ...analytics };
}

const stored = () => JSON.parse(browser.local.getItem('cookie-consent') as string);

beforeEach(() => vi.unstubAllGlobals());

describe('cookie consent store', () => {
  it('opens the banner on a first visit and loads no tag', async () => {
    const c = await load();
    expect(c.$consent.get()).toBeNull();
    expect(c.$consentBannerOpen.get()).toBe(true);
    expect(browser.scripts).toEqual([]);
  });

  it('Accept All stores all four true and closes the banner', async () => {
    const c = await load();
    c.acceptAllCookies();
    expect(stored()).toEqual({ necessary: true, analytics: true, marketing: true, functional: true });
    expect(c.$consentBannerOpen.get()).toBe(false);
  });

  it('Reject All stores only necessary', async () => {
    const c = await load();
    c.rejectAllCookies();
    expect(stored()).toEqual({ necessary: true, analytics: false, marketing: false, functional: false });
  });

  it('Save Preferences stores the toggles, necessary always on', async () => {
    const c = await load();
    c.openConsentDialog();
    c.saveConsent({ analytics: false, marketing: true, functional: true });
    expect(stored()).toEqual({ necessary: true, analytics: false, marketing: true, functional: true });
    expect(c.$consentDialogOpen.get()).toBe(false);
    expect(c.$consentBannerOpen.get()).toBe(false);
  });

  it('the X closes without saving, for the rest of the visit', async () => {
    let c = await load();
    c.dismissConsentBanner();
    expect(c.$consentBannerOpen.get()).toBe(false);
    expect(browser.local.getItem('cookie-consent')).toBeNull();
    expect(browser.session.getItem('cookie-consent-dismissed')).toBe('1');
    c = await load();
    expect(c.$consentBannerOpen.get()).toBe(true);
  });

  it('a stored choice keeps the banner shut; a corrupt one is discarded', async () => {
    let c = await load(JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: true }));
    expect(c.$consentBannerOpen.get()).toBe(false);
    expect(c.hasConsented('functional')).toBe(true);
    c = await load('{"analytics": "yes"');
    expect(c.$consent.get()).toBeNull();
    expect(c.$consentBannerOpen.get()).toBe(true);
  });

  it("follows another tab's choice", async () => {
    const c = await load();
    browser.otherTabWrites(
      'cookie-consent',
      JSON.stringify({ necessary: true, analytics: true, marketing: false, functional: false }),
    );
    expect(c.$consent.get()?.analytics).toBe(true);
    expect(c.$consentBannerOpen.get()).toBe(false);
  });

  it('Cookie settings reopens the banner with its dialog', async () => {
    const c = await load(JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: false }));
    c.openCookieSettings();
    expect(c.$consentBannerOpen.get()).toBe(true);
    expect(c.$consentDialogOpen.get()).toBe(true);
  });
});

describe('analytics tags', () => {
  const ids = { analytics: 'G-TEST123', sessionRecording: 'clarity42' };

  it('load nothing without analytics consent, nothing without ids', async () => {
    const c = await load();
    expect(c.applyConsent(null, ids)).toEqual([]);
    expect(c.applyConsent({ necessary: true, analytics: false, marketing: true, functional: true }, ids)).toEqual([]);
    expect(c.applyConsent({ necessary: true, analytics: true, marketing: true, functional: true }, {})).toEqual([]);
    expect(browser.scripts).toEqual([]);
    expect(c.configuredTagIds()).toEqual({ analytics: undefined, sessionRecording: undefined });
  });

  it('load both tags once after analytics consent', async () => {
    const c = await load();
    const yes = c.acceptAllCookies();
    expect(c.applyConsent(yes, ids)).toEqual(['analytics', 'session-recording']);
    expect(c.applyConsent(yes, ids)).toEqual([]);
    expect(browser.scripts.map((s) => s.src)).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-TEST123',
      'https://www.clarity.ms/tag/clarity42',
    ]);
  });

  it('switch Google Analytics off when consent is withdrawn', async () => {
    const c = await load();
    c.applyConsent(c.acceptAllCookies(), ids);
    c.applyConsent(c.rejectAllCookies(), ids);
    expect((globalThis.window as unknown as Record<string, unknown>)['ga-disable-G-TEST123']).toBe(true);
  });
});
