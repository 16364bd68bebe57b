/** The shop's own facts, in one place (footer, JSON-LD, invoices). */
export const SHOP = {
  name: 'Yaad Market',
  tagline: 'Shop products from across the island.',
  address: { street: '12 Trafalgar Road', city: 'Kingston 10', country: 'Jamaica' },
  email: 'hello@yaadmarket.com',
  phone: '+1 (876) 555-0142',
  phoneHref: 'tel:+18765550142',
} as const;
