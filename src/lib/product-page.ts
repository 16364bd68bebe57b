import type { Product, SellerStore } from './contract/catalog';
import type { Review } from './contract/reviews';
import { toSnapshot } from './stores/product-snapshot';

/** schema.org Review items for the reviews a product page shows. */
function reviewLd(reviews: readonly Review[]) {
  return reviews.map((r) => ({
    '@type': 'Review',
    reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    author: { '@type': 'Person', name: r.authorName },
    datePublished: r.createdAt.slice(0, 10),
    ...(r.title ? { name: r.title } : {}),
    ...(r.body ? { reviewBody: r.body } : {}),
  }));
}

/**
 * Product (with Offer, and with AggregateRating and Review only when it has reviews) and
 * BreadcrumbList structured data.
 */
export function productJsonLd(p: Product, site: URL, reviews: readonly Review[] = []) {
  const url = new URL(`/product/${p.id}`, site).href;
  const image = p.images.map((src) => new URL(src.replace(/\.svg$/, '.png?w=800'), site).href);
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: p.name,
      description: p.description,
      sku: p.sku,
      image,
      category: `${p.category} > ${p.subcategory}`,
      brand: { '@type': 'Brand', name: p.store.name },
      offers: {
        '@type': 'Offer',
        url,
        price: p.price.toFixed(2),
        priceCurrency: 'USD',
        availability: p.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        seller: { '@type': 'Organization', name: p.store.name },
      },
      ...(p.reviewCount > 0
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: p.rating,
              reviewCount: p.reviewCount,
              bestRating: 5,
              worstRating: 1,
            },
            ...(reviews.length > 0 ? { review: reviewLd(reviews) } : {}),
          }
        : {}),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: new URL('/', site).href },
        { '@type': 'ListItem', position: 2, name: 'Products', item: new URL('/products', site).href },
        {
          '@type': 'ListItem',
          position: 3,
          name: p.category,
          item: new URL(`/products?category=${encodeURIComponent(p.category)}`, site).href,
        },
        { '@type': 'ListItem', position: 4, name: p.name, item: url },
      ],
    },
  ];
}

/**
 * Organization structured data for a seller page; AggregateRating only when buyers rated it. A
 * seller rating is stars without text, so its number is a `ratingCount` (a `reviewCount` counts
 * written reviews).
 */
export function storeJsonLd(s: SellerStore, site: URL) {
  const sameAs = Object.values(s.socialLinks)
    .filter((v): v is string => Boolean(v))
    .map(withHttps);
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: s.name,
    description: s.description,
    url: new URL(`/seller/${s.id}`, site).href,
    ...(s.logo ? { logo: new URL(s.logo.replace(/\.svg$/, '.png?w=320'), site).href } : {}),
    address: { '@type': 'PostalAddress', addressLocality: s.location, addressRegion: s.parish, addressCountry: 'JM' },
    ...(sameAs.length ? { sameAs } : {}),
    ...(s.reviewCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: s.rating,
            ratingCount: s.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** Social links get "https://" when the seller left it out (spec §2). */
export function withHttps(link: string): string {
  return /^https?:\/\//i.test(link) ? link : `https://${link.replace(/^\/+/, '')}`;
}

/** What a card's buttons carry for the cart and favourites (src/lib/stores/product-snapshot.ts). */
export function productSnapshot(p: Product): string {
  return JSON.stringify(toSnapshot(p));
}
