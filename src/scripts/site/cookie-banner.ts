/** The cookie banner and its dialog on the consent store (src/components/site/CookieBanner.astro). Part of the page's one script (src/scripts/site.ts). */
import { applyConsent } from '../../lib/analytics';
import {
  $consent,
  $consentBannerOpen,
  $consentDialogOpen,
  acceptAllCookies,
  closeConsentDialog,
  dismissConsentBanner,
  openConsentDialog,
  rejectAllCookies,
  saveConsent,
} from '../../lib/stores/consent';

const banner = document.querySelector<HTMLElement>('[data-cookie-banner]');
const dialog = document.querySelector<HTMLDialogElement>('[data-cookie-dialog]');
const form = document.querySelector<HTMLFormElement>('[data-cookie-form]');
const kinds = ['analytics', 'marketing', 'functional'] as const;
const field = (k: (typeof kinds)[number]) => form?.elements.namedItem(k) as HTMLInputElement;

$consent.subscribe((consent) => applyConsent(consent));

// The toaster sits above the banner: it gets the banner's height while the banner shows. Set on
// the toaster alone: a custom property on <html> would restyle every element of the page.
const root = document.querySelector<HTMLElement>('[data-toast-stack]') ?? document.documentElement;
const observer = new ResizeObserver(() => {
  if (banner && !banner.hidden) root.style.setProperty('--consent-banner-h', `${banner.offsetHeight}px`);
});
$consentBannerOpen.subscribe((open) => {
  if (!banner) return;
  banner.hidden = !open;
  if (open) observer.observe(banner);
  else {
    observer.disconnect();
    root.style.removeProperty('--consent-banner-h');
  }
});
$consentDialogOpen.subscribe((open) => {
  if (!dialog) return;
  if (open && !dialog.open) {
    const stored = $consent.get();
    for (const k of kinds) field(k).checked = stored?.[k] ?? false;
    dialog.showModal();
  }
  if (!open && dialog.open) dialog.close();
});
dialog?.addEventListener('close', closeConsentDialog);
form?.addEventListener('submit', (e) => {
  e.preventDefault();
  saveConsent({
    analytics: field('analytics').checked,
    marketing: field('marketing').checked,
    functional: field('functional').checked,
  });
});
const actions: Record<string, () => void> = {
  accept: () => void acceptAllCookies(),
  reject: () => void rejectAllCookies(),
  customize: openConsentDialog,
  dismiss: dismissConsentBanner,
  cancel: closeConsentDialog,
};
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-consent]')) {
  button.addEventListener('click', () => actions[button.dataset.consent ?? '']?.());
}
