/**
 * The page's one script (BaseLayout, every page; decision 038): the site-wide behaviour of the
 * static HTML, in one module so a page loads one script file before any interaction, not one
 * file per component and a chunk per shared module (each a round trip on a slow phone). Astro
 * inlines the small dependency-free scripts of single components (gallery, quantity, tabs,
 * category tabs) into the page; everything that imports shared code is started from here.
 * What only a shopper's action needs (header search suggestions, the shipping estimator, cookie
 * settings) is loaded when the shopper reaches for it.
 */
import './site/header';
import './site/footer';
import './site/toaster';
import './site/cookie-banner';
import './live-products';
import '../islands/cart/cart-badge';
import './product-actions';
import { choiceChangedOnPage } from '../lib/variant-picker';

const ON_USE = ['pointerover', 'touchstart', 'focusin', 'change'] as const;

/**
 * The product page's shipping estimator (in the Shipping tab, below the first screen): its code
 * and the API helper load on the first touch, pointer or focus on it, or a parish chosen
 * before they arrived (then it estimates at once).
 */
for (const root of document.querySelectorAll<HTMLElement>('[data-shipping-estimator]')) {
  const start = () => {
    for (const type of ON_USE) root.removeEventListener(type, start);
    void import('./shipping-estimator').then((m) => m.enhanceShippingEstimator(root));
  };
  for (const type of ON_USE) root.addEventListener(type, start, { passive: true });
}

/**
 * The product page's option pickers (docs/decisions/053): the page is built on the default variant
 * and its radios work natively; the code that makes price, stock, photos and Add to Cart follow a
 * choice loads on the first touch of a picker, or at once when the address names a variant or a
 * value was chosen before this script ran.
 */
for (const root of document.querySelectorAll<HTMLElement>('[data-variant-picker]')) {
  const start = () => {
    for (const type of ON_USE) root.removeEventListener(type, start);
    void import('./variant-picker').then((m) => m.enhanceVariantPicker(root));
  };
  // A value chosen before this script ran (a quick tap on a slow phone) fired no event it heard:
  // the page must follow it now, not at the next touch.
  if (
    choiceChangedOnPage(root.querySelectorAll<HTMLInputElement>('input[type=radio]')) ||
    new URLSearchParams(location.search).has('variant')
  )
    start();
  else for (const type of ON_USE) root.addEventListener(type, start, { passive: true });
}
