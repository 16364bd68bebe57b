import type { Consent } from './stores/consent';

/**
 * Third-party tags, loaded only after the shopper accepts analytics cookies (the spec loads them
 * at start-up; see README "Deviations"). Ids come from the build: PUBLIC_ANALYTICS_ID (a Google
 * Analytics 4 measurement id) and PUBLIC_SESSION_RECORDING_ID (a Microsoft Clarity project id).
 * Neither is set by default, so nothing loads. Nothing here runs at start-up: the consent banner
 * calls `applyConsent` once it knows the stored choice, and again after a new choice.
 */

export type TagIds = { analytics?: string; sessionRecording?: string };

const ID = /^[A-Za-z0-9_-]{3,40}$/;

export function configuredTagIds(): TagIds {
  const env = import.meta.env ?? {};
  return {
    analytics: clean(env.PUBLIC_ANALYTICS_ID),
    sessionRecording: clean(env.PUBLIC_SESSION_RECORDING_ID),
  };
}

function clean(value: unknown): string | undefined {
  return typeof value === 'string' && ID.test(value.trim()) ? value.trim() : undefined;
}

const loaded = new Set<string>();

function addScript(src: string, key: string) {
  if (loaded.has(key) || typeof document === 'undefined') return;
  loaded.add(key);
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  script.dataset.consentTag = key;
  document.head.append(script);
}

type TagWindow = Window & {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  clarity?: ((...args: unknown[]) => void) & { q?: unknown[] };
  [key: `ga-disable-${string}`]: boolean | undefined;
};

/**
 * Loads the configured tags when `consent.analytics` is true. When analytics consent is withdrawn,
 * Google Analytics is switched off at once (its documented opt-out flag); a tag already loaded is
 * gone at the next page.
 */
export function applyConsent(consent: Consent | null, ids: TagIds = configuredTagIds()): string[] {
  if (typeof window === 'undefined') return [];
  const w = window as unknown as TagWindow;
  if (ids.analytics) w[`ga-disable-${ids.analytics}`] = !consent?.analytics;
  if (!consent?.analytics) return [];
  const started: string[] = [];
  if (ids.analytics && !loaded.has('analytics')) {
    w.dataLayer = w.dataLayer ?? [];
    w.gtag = function gtag() {
      // biome-ignore lint/complexity/noArguments: gtag's queue expects the arguments object.
      w.dataLayer?.push(arguments);
    };
    w.gtag('js', new Date());
    w.gtag('config', ids.analytics, { anonymize_ip: true });
    addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(ids.analytics)}`, 'analytics');
    started.push('analytics');
  }
  if (ids.sessionRecording && !loaded.has('session-recording')) {
    const queue: unknown[] = [];
    const clarity = Object.assign((...args: unknown[]) => queue.push(args), { q: queue });
    w.clarity = w.clarity ?? clarity;
    addScript(`https://www.clarity.ms/tag/${encodeURIComponent(ids.sessionRecording)}`, 'session-recording');
    started.push('session-recording');
  }
  return started;
}
