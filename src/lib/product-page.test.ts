import { describe, expect, it } from 'vitest';
import { desertBoots } from '../../tests/fixtures/variant-product';
import type { Product, SellerStore } from './contract/catalog';
import type { Review } from './contract/reviews';
import { productJsonLd, storeJsonLd } from './product-page';
import { jsonLdScriptText } from './site';

/* The structured data of product and seller pages (issue 16: AggregateRating and Review come from reviews). */

const site = new URL('https://yaad.example');

const product = (over: Partial<Product> = {}): Product => ({
  id: 'blue-mountain-coffee',
  name: 'Blue Mountain Coffee',
  description: 'Roasted in Mavis Bank.',
  price: 24.5,
  compareAtPrice: null,
  discounted: false,
  images: ['/media/products/coffee.svg'],
  category: 'Food & Drink',
  subcategory: 'Coffee',
  stock: 12,
  store: {
    id: 'bmr',
    name: 'Blue Mountain Roasters',
    logo: null,
    verified: true,
    location: 'Mavis Bank',
    user_id: null,
  },
  rating: 0,
  reviewCount: 0,
  tags: [],
  createdAt: '2026-10-01T00:00:00.000Z',
  salesCount: 3,
  sku: 'BMR-1',
  options: [],
  ...over,
});

const review = (over: Partial<Review> = {}): Review => ({
  id: 'r1',
  productId: 'blue-mountain-coffee',
  rating: 4,
  title: 'Rich and smooth',
  body: 'Ground fine.',
  authorName: 'Shanice B.',
  verifiedPurchase: true,
  variant: null,
  sample: false,
  helpfulCount: 0,
  createdAt: '2026-11-12T10:00:00.000Z',
  updatedAt: '2026-11-12T10:00:00.000Z',
  hidden: false,
  reply: null,
  mine: false,
  votedHelpful: false,
  editable: false,
  ...over,
});

const store = (over: Partial<SellerStore> = {}): SellerStore => ({
  id: 'bmr',
  name: 'Blue Mountain Roasters',
  description: 'Small-batch coffee.',
  logo: null,
  bannerImage: null,
  socialLinks: { facebook: null, instagram: null, twitter: null, website: null },
  rating: 0,
  reviewCount: 0,
  location: 'Mavis Bank',
  parish: 'St. Andrew',
  joinDate: '2019-04-12',
  verified: true,
  productCount: 4,
  email: null,
  phone: null,
  ...over,
});

const productItem = (ld: ReturnType<typeof productJsonLd>) => ld[0] as Record<string, unknown>;

describe('productJsonLd', () => {
  it('has no AggregateRating and no Review without reviews', () => {
    const item = productItem(productJsonLd(product(), site));
    expect(item['@type']).toBe('Product');
    expect(item).not.toHaveProperty('aggregateRating');
    expect(item).not.toHaveProperty('review');
    // A rating left on the row without a count behind it is not claimed either.
    expect(productItem(productJsonLd(product({ rating: 4.6 }), site))).not.toHaveProperty('aggregateRating');
  });

  it('has AggregateRating (average and count) and a Review per review shown', () => {
    const shown = [review(), review({ id: 'r2', rating: 5, title: null, body: null, authorName: 'Dwayne E.' })];
    const item = productItem(productJsonLd(product({ rating: 4.5, reviewCount: 7 }), site, shown));
    expect(item.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 7,
      bestRating: 5,
      worstRating: 1,
    });
    expect(item.review).toEqual([
      {
        '@type': 'Review',
        reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
        author: { '@type': 'Person', name: 'Shanice B.' },
        datePublished: '2026-11-12',
        name: 'Rich and smooth',
        reviewBody: 'Ground fine.',
      },
      // A review of stars only: no name, no body.
      {
        '@type': 'Review',
        reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
        author: { '@type': 'Person', name: 'Dwayne E.' },
        datePublished: '2026-11-12',
      },
    ]);
  });

  it('keeps AggregateRating without Review items when the page could not read its reviews', () => {
    const item = productItem(productJsonLd(product({ rating: 4, reviewCount: 2 }), site, []));
    expect(item.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 2 });
    expect(item).not.toHaveProperty('review');
  });
});

describe('storeJsonLd', () => {
  it('has AggregateRating only when buyers rated the seller, counted as ratings (they carry no text)', () => {
    expect(storeJsonLd(store(), site)).not.toHaveProperty('aggregateRating');
    expect(storeJsonLd(store({ rating: 4.2 }), site)).not.toHaveProperty('aggregateRating');
    expect(storeJsonLd(store({ rating: 4.25, reviewCount: 1 }), site).aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.25,
      ratingCount: 1,
      bestRating: 5,
      worstRating: 1,
    });
  });
});

describe('jsonLdScriptText', () => {
  it('escapes every < so a review cannot close the script tag, and reads back the same', () => {
    const body = 'Good </script><script>alert(1)</script> <!-- coffee';
    const ld = productJsonLd(product({ rating: 1, reviewCount: 1 }), site, [review({ rating: 1, body })]);
    const text = jsonLdScriptText(ld[0]);
    expect(text).not.toContain('<');
    expect(text).toContain('\\u003c/script>');
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(ld[0])));
    expect(JSON.parse(text).review[0].reviewBody).toBe(body);
  });
});

describe('the structured data of a product with options (issue 30, decision 053)', () => {
  it('is a ProductGroup that varies by size and colour and has a Product per variant', () => {
    const [group] = productJsonLd(desertBoots(), site) as Record<string, unknown>[];
    expect(group['@type']).toBe('ProductGroup');
    expect(group).toMatchObject({
      productGroupID: 'YM-CLO-0031',
      variesBy: ['https://schema.org/size', 'https://schema.org/color'],
      url: 'https://yaad.example/product/leather-desert-boots',
    });
    expect(group).not.toHaveProperty('offers');
    const variants = group.hasVariant as Record<string, unknown>[];
    expect(variants).toHaveLength(8);
    expect(variants.find((v) => v.sku === 'YM-CLO-0031-10-BROWN')).toEqual({
      '@type': 'Product',
      name: 'Leather Desert Boots (Size 10, Brown)',
      sku: 'YM-CLO-0031-10-BROWN',
      url: 'https://yaad.example/product/leather-desert-boots/?variant=leather-desert-boots~10-brown',
      image: [
        'https://yaad.example/media/products/boot-28-1.png?w=800',
        'https://yaad.example/media/products/boot-28-2.png?w=800',
      ],
      size: '10',
      color: 'Brown',
      offers: {
        '@type': 'Offer',
        url: 'https://yaad.example/product/leather-desert-boots/?variant=leather-desert-boots~10-brown',
        price: '89.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        seller: { '@type': 'Organization', name: 'Black River Threads' },
      },
    });
    const soldOut = variants.find((v) => v.sku === 'YM-CLO-0031-11-BLACK') as Record<string, Record<string, unknown>>;
    expect(soldOut.offers.availability).toBe('https://schema.org/OutOfStock');
    expect(soldOut.image).toEqual([
      'https://yaad.example/media/products/boot-225-1.png?w=800',
      'https://yaad.example/media/products/boot-225-2.png?w=800',
    ]);
  });

  it('names an option schema.org has no property for as an additionalProperty', () => {
    const boots = desertBoots();
    const options = [{ name: 'Width', values: ['Regular'] }];
    const variants = [{ ...boots.variants![0], options: ['Regular'], label: 'Regular' }];
    const [group] = productJsonLd({ ...boots, options, variants }, site) as Record<string, unknown>[];
    expect(group.variesBy).toEqual([]);
    expect((group.hasVariant as Record<string, unknown>[])[0].additionalProperty).toEqual([
      { '@type': 'PropertyValue', name: 'Width', value: 'Regular' },
    ]);
  });

  it('stays a Product with one Offer for a product without options', () => {
    const [ld] = productJsonLd(product(), site) as Record<string, unknown>[];
    expect(ld['@type']).toBe('Product');
    expect(ld).toHaveProperty('offers');
    expect(ld).not.toHaveProperty('hasVariant');
  });
});
