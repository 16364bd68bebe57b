import type { Product, ProductVariant, SellerStore } from './contract/catalog';
import type { Review } from './contract/reviews';
import { toSnapshot } from './stores/product-snapshot';
import { variantPath } from './variant-picker';

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

/** schema.org's property for an option, by its name: Size and Ring size are `size`, Colour is `color`. */
function optionProperty(name: string): 'size' | 'color' | 'material' | 'pattern' | undefined {
  if (/size/i.test(name)) return 'size';
  if (/colou?r/i.test(name)) return 'color';
  if (/material/i.test(name)) return 'material';
  if (/pattern/i.test(name)) return 'pattern';
  return undefined;
}

/** An Offer of a price and stock at a page address. */
function offerLd(p: Product, url: string, price: number, stock: number) {
  return {
    '@type': 'Offer',
    url,
    price: price.toFixed(2),
    priceCurrency: 'USD',
    availability: stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    seller: { '@type': 'Organization', name: p.store.name },
  };
}

const imageUrls = (images: readonly string[], site: URL) =>
  images.map((src) => new URL(src.replace(/\.svg$/, '.png?w=800'), site).href);

/**
 * A product with options as Google reads one (docs/decisions/053): a ProductGroup that `variesBy`
 * its options and `hasVariant` a Product per variant, each with its SKU, its values as `size` /
 * `color` (others as additionalProperty), its own Offer and its page address (`?variant=`).
 */
function groupLd(p: Product, site: URL) {
  const properties = p.options.map((o) => optionProperty(o.name));
  return {
    '@type': 'ProductGroup',
    productGroupID: p.sku,
    variesBy: properties.filter((x) => x !== undefined).map((x) => `https://schema.org/${x}`),
    hasVariant: (p.variants ?? []).map((v) => {
      const url = new URL(variantPath(p.id, v.id), site).href;
      const extra = p.options
        .map((o, i) => ({ name: o.name, value: v.options[i], property: properties[i] }))
        .filter((x) => x.property === undefined)
        .map((x) => ({ '@type': 'PropertyValue', name: x.name, value: x.value }));
      return {
        '@type': 'Product',
        name: `${p.name} (${v.label})`,
        sku: v.sku,
        url,
        image: imageUrls(v.images.length ? v.images : p.images, site),
        ...Object.fromEntries(properties.flatMap((x, i) => (x ? [[x, v.options[i]]] : []))),
        ...(extra.length ? { additionalProperty: extra } : {}),
        offers: offerLd(p, url, v.price, v.stock),
      };
    }),
  };
}

/**
 * Product (with Offer, and with AggregateRating and Review only when it has reviews) and
 * BreadcrumbList structured data; a product with options is a ProductGroup instead (groupLd).
 */
export function productJsonLd(p: Product, site: URL, reviews: readonly Review[] = []) {
  const url = new URL(`/product/${p.id}`, site).href;
  const image = imageUrls(p.images, site);
  const grouped = p.options.length > 0 && (p.variants?.length ?? 0) > 0;
  return [
    {
      '@context': 'https://schema.org',
      ...(grouped ? { ...groupLd(p, site), url } : { '@type': 'Product' }),
      name: p.name,
      description: p.description,
      ...(grouped ? {} : { sku: p.sku }),
      image,
      category: `${p.category} > ${p.subcategory}`,
      brand: { '@type': 'Brand', name: p.store.name },
      ...(grouped ? {} : { offers: offerLd(p, url, p.price, p.stock) }),
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

/**
 * What a card's buttons carry for the cart and favourites (src/lib/stores/product-snapshot.ts);
 * on a product page with options, also the chosen variant (its id, label, price, stock and photos)
 * for the cart's `variantId`.
 */
export function productSnapshot(p: Product, variant?: ProductVariant): string {
  const snapshot = toSnapshot(p);
  if (!variant) return JSON.stringify(snapshot);
  return JSON.stringify({
    ...snapshot,
    variantId: variant.id,
    variantLabel: variant.label,
    price: variant.price,
    stock: variant.stock,
    images: variant.images.length ? variant.images : snapshot.images,
  });
}
