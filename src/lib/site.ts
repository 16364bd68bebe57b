/**
 * The shop's own facts, in one place: the header and footer, page titles, JSON-LD, e-mails and
 * invoices read them from here. The address, e-mail, phone and social accounts are placeholders
 * for a demo shop: replace them before launch.
 */
export const SHOP = {
  name: 'Yaad Market',
  tagline: 'Shop products from across the island.',
  /** The longer line for meta descriptions and the footer. */
  summary: 'Independent Jamaican sellers in one trusted market, delivered to all 14 parishes.',
  address: {
    street: '12 Trafalgar Road',
    city: 'Kingston 10',
    locality: 'Kingston',
    country: 'Jamaica',
    countryCode: 'JM',
  },
  email: 'hello@yaadmarket.com',
  phone: '+1 (876) 555-0142',
  phoneHref: 'tel:+18765550142',
  /** Customer service hours, Jamaica time. */
  hours: 'Monday to Saturday, 9 am to 5 pm',
  social: [
    { name: 'Facebook', href: 'https://www.facebook.com/yaadmarket' },
    { name: 'Instagram', href: 'https://www.instagram.com/yaadmarket' },
    { name: 'X', href: 'https://x.com/yaadmarket' },
  ],
  /** The brand green, for theme-color and other places that cannot read CSS. */
  themeColor: '#065f35',
} as const;

/** The browser tab's title for a page titled `title` (the layout, and listings that filter in the browser). */
export function documentTitle(title: string): string {
  return title === SHOP.name ? `${SHOP.name} · Shop Jamaica's independent sellers` : `${title} · ${SHOP.name}`;
}

export type SocialNetwork = (typeof SHOP.social)[number]['name'];

/**
 * One JSON-LD item as the text of its <script type="application/ld+json">: every `<` is escaped
 * (`\u003c`, the same string to a JSON reader), so nothing in the data, such as a review's text
 * holding `</script>`, can close the tag or open another on the built page.
 */
export function jsonLdScriptText(item: unknown): string {
  return JSON.stringify(item).replace(/</g, '\\u003c');
}

/** The schema.org Organization for JSON-LD (home page, about). */
export function organizationJsonLd(siteUrl: URL | string) {
  const url = new URL('/', siteUrl).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SHOP.name,
    url,
    logo: new URL('/favicon.svg', url).href,
    email: SHOP.email,
    telephone: SHOP.phoneHref.replace('tel:', ''),
    address: {
      '@type': 'PostalAddress',
      streetAddress: SHOP.address.street,
      addressLocality: SHOP.address.locality,
      addressCountry: SHOP.address.countryCode,
    },
    sameAs: SHOP.social.map((s) => s.href),
  };
}
