import { atom } from 'nanostores';
import { onOtherTabChange, parseJson, readJson, sessionStore, writeJson } from './browser-storage';

/**
 * Cookie consent (spec §2, §3, §4) under the local storage key "cookie-consent":
 * `{ necessary: true, analytics, marketing, functional }`. The banner shows while nothing is stored;
 * every choice stores the result and hides it; the X hides it for this visit without saving.
 * Other tabs follow through the `storage` event.
 */

export const CONSENT_KEY = 'cookie-consent';
/** The X closes the banner for the rest of the visit (session storage), saving no choice. */
export const DISMISSED_KEY = 'cookie-consent-dismissed';

export type Consent = { necessary: true; analytics: boolean; marketing: boolean; functional: boolean };
export type ConsentChoices = Omit<Consent, 'necessary'>;

/** A stored consent, checked by hand (no schema library on every page); necessary is always on. */
const accept = (value: unknown): Consent | undefined => {
  if (typeof value !== 'object' || value === null) return undefined;
  const { analytics, marketing, functional } = value as Record<string, unknown>;
  if (typeof analytics !== 'boolean' || typeof marketing !== 'boolean' || typeof functional !== 'boolean')
    return undefined;
  return { necessary: true, analytics, marketing, functional };
};

export const $consent = atom<Consent | null>(readJson(CONSENT_KEY, accept) ?? null);
export const $consentBannerOpen = atom<boolean>(
  $consent.get() === null && sessionStore()?.getItem(DISMISSED_KEY) !== '1' && typeof window !== 'undefined',
);
/** The Customize dialog. */
export const $consentDialogOpen = atom(false);

onOtherTabChange(CONSENT_KEY, (raw) => {
  const next = raw === null ? null : (parseJson(raw, accept) ?? null);
  $consent.set(next);
  if (next) {
    $consentBannerOpen.set(false);
    $consentDialogOpen.set(false);
  }
});

export function saveConsent(choices: ConsentChoices): Consent {
  const consent: Consent = {
    necessary: true,
    analytics: choices.analytics,
    marketing: choices.marketing,
    functional: choices.functional,
  };
  writeJson(CONSENT_KEY, consent);
  $consent.set(consent);
  $consentBannerOpen.set(false);
  $consentDialogOpen.set(false);
  return consent;
}

export const acceptAllCookies = () => saveConsent({ analytics: true, marketing: true, functional: true });
export const rejectAllCookies = () => saveConsent({ analytics: false, marketing: false, functional: false });

/** The X: hides the banner (and the dialog) without storing a choice. */
export function dismissConsentBanner() {
  $consentBannerOpen.set(false);
  $consentDialogOpen.set(false);
  try {
    sessionStore()?.setItem(DISMISSED_KEY, '1');
  } catch {
    // A refused session storage only means the banner comes back on the next page.
  }
}

export const openConsentDialog = () => $consentDialogOpen.set(true);
export const closeConsentDialog = () => $consentDialogOpen.set(false);

/** For a "Cookie settings" link (footer, cookie policy): the banner and its dialog, with the stored choices. */
export function openCookieSettings() {
  $consentBannerOpen.set(true);
  $consentDialogOpen.set(true);
}

export const hasConsented = (kind: keyof ConsentChoices) => $consent.get()?.[kind] === true;
