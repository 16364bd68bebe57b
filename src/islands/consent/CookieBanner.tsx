import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { applyConsent } from '../../lib/analytics';
import {
  $consent,
  $consentBannerOpen,
  $consentDialogOpen,
  acceptAllCookies,
  type ConsentChoices,
  closeConsentDialog,
  dismissConsentBanner,
  openConsentDialog,
  rejectAllCookies,
  saveConsent,
} from '../../lib/stores/consent';
import { useMounted } from '../use-mounted';

/**
 * The first-visit cookie banner (spec §2, §4): Accept All, Reject All, Customize (a dialog with
 * analytics, marketing and functional toggles, necessary locked on, Save Preferences) and an X
 * that closes it without saving. It is also where consent takes effect: analytics tags load
 * through `applyConsent` only once the stored choice allows them.
 */
export default function CookieBanner() {
  const mounted = useMounted();
  const open = useStore($consentBannerOpen);
  const dialogOpen = useStore($consentDialogOpen);
  const bannerRef = useRef<HTMLElement>(null);
  const titleId = useId();

  useEffect(() => $consent.subscribe((consent) => applyConsent(consent)), []);

  const visible = mounted && open;
  // The toaster sits above the banner: publish the banner's height.
  useEffect(() => {
    const root = document.documentElement;
    const banner = bannerRef.current;
    if (!visible || !banner) {
      root.style.removeProperty('--consent-banner-h');
      return;
    }
    const publish = () => root.style.setProperty('--consent-banner-h', `${banner.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--consent-banner-h');
    };
  }, [visible]);

  if (!visible) return null;
  return (
    <>
      <section
        ref={bannerRef}
        aria-labelledby={titleId}
        className="fixed inset-x-0 bottom-0 z-[60] border-t border-line bg-white shadow-[0_-4px_16px_rgb(16_24_20/0.08)]"
        data-cookie-banner
      >
        <div className="container-page relative flex flex-col gap-3 py-4 pr-12 md:flex-row md:items-center md:gap-6">
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-base font-semibold">
              We value your privacy
            </h2>
            <p className="mt-1 text-sm text-muted">
              We use necessary cookies to run the shop. With your permission we also use analytics, marketing and
              functional cookies. Read our{' '}
              <a href="/cookie-policy" className="link">
                cookie policy
              </a>
              .
            </p>
          </div>
          <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:justify-end">
            <button type="button" className="btn btn-primary" onClick={acceptAllCookies}>
              Accept All
            </button>
            <button type="button" className="btn btn-secondary" onClick={rejectAllCookies}>
              Reject All
            </button>
            <button
              type="button"
              className="btn btn-secondary col-span-2 sm:col-span-1"
              onClick={openConsentDialog}
              aria-haspopup="dialog"
            >
              Customize
            </button>
          </div>
          <button
            type="button"
            onClick={dismissConsentBanner}
            className="absolute right-2 top-2 inline-flex h-10 w-10 items-center justify-center rounded-lg text-muted hover:bg-surface hover:text-ink sm:right-4"
            aria-label="Close cookie banner"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="m5 5 10 10M15 5 5 15" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      </section>
      {dialogOpen && <PreferencesDialog />}
    </>
  );
}

const KINDS: { key: keyof ConsentChoices; label: string; text: string }[] = [
  {
    key: 'analytics',
    label: 'Analytics',
    text: 'Count visits and see which pages help, so we can improve the shop. Off unless you switch it on.',
  },
  {
    key: 'marketing',
    label: 'Marketing',
    text: 'Show you offers from Yaad Market sellers that match what you browse.',
  },
  {
    key: 'functional',
    label: 'Functional',
    text: 'Remember choices such as your parish, to save you typing them again.',
  },
];

function PreferencesDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [choices, setChoices] = useState<ConsentChoices>(() => {
    const stored = $consent.get();
    return {
      analytics: stored?.analytics ?? false,
      marketing: stored?.marketing ?? false,
      functional: stored?.functional ?? false,
    };
  });

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={closeConsentDialog}
      className="m-auto w-[calc(100%-1.5rem)] max-w-lg rounded-2xl border border-line bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/50"
    >
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          saveConsent(choices);
        }}
      >
        <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4">
          <div>
            <h2 id={titleId} className="text-lg font-bold">
              Cookie preferences
            </h2>
            <p className="mt-1 text-sm text-muted">Choose which cookies Yaad Market may use.</p>
          </div>
          <button
            type="button"
            onClick={closeConsentDialog}
            className="-mr-2 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-surface hover:text-ink"
            aria-label="Close cookie preferences"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="m5 5 10 10M15 5 5 15" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <ul className="divide-y divide-line px-5">
          <Toggle
            label="Necessary"
            text="Keep you signed in, hold your cart and remember this choice. Always on."
            checked
            locked
          />
          {KINDS.map((k) => (
            <Toggle
              key={k.key}
              label={k.label}
              text={k.text}
              checked={choices[k.key]}
              onChange={(value) => setChoices((c) => ({ ...c, [k.key]: value }))}
            />
          ))}
        </ul>
        <div className="flex flex-col-reverse gap-2 border-t border-line px-5 py-4 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary" onClick={closeConsentDialog}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary">
            Save Preferences
          </button>
        </div>
      </form>
    </dialog>
  );
}

function Toggle(props: {
  label: string;
  text: string;
  checked: boolean;
  locked?: boolean;
  onChange?: (value: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex items-start justify-between gap-4 py-4">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-semibold">
          {props.label}
          {props.locked && <span className="badge badge-grey ml-2 align-middle">Always on</span>}
        </label>
        <p id={`${id}-text`} className="mt-0.5 text-sm text-muted">
          {props.text}
        </p>
      </div>
      <span className="relative mt-0.5 inline-flex shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          aria-describedby={`${id}-text`}
          checked={props.checked}
          disabled={props.locked}
          onChange={(e) => props.onChange?.(e.target.checked)}
          className="peer h-7 w-12 cursor-pointer appearance-none rounded-full bg-[#8a948e] transition-colors checked:bg-brand-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-400 disabled:cursor-not-allowed disabled:opacity-60"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute left-1 top-1 h-5 w-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
        />
      </span>
    </li>
  );
}
