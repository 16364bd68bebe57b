/** The footer's Cookie Settings links (src/components/layout/Footer.astro). Part of the page's one script (src/scripts/site.ts). */
import { openCookieSettings } from '../../lib/stores/consent';

// Reopens the consent banner and its Customize dialog (the cookie banner's markup and script).
for (const button of document.querySelectorAll('[data-cookie-settings]')) {
  button.addEventListener('click', () => openCookieSettings());
}
