import type { Parish } from '../../../lib/catalog';

/** The sample sellers: small Jamaican businesses across the island. */
export type StoreSeed = {
  id: string;
  name: string;
  initials: string;
  hue: number;
  banner: 'waves' | 'hills' | 'leaves';
  location: string;
  parish: Parish;
  joinDate: string;
  verified: boolean;
  rating: number;
  reviewCount: number;
  description: string;
  facebook?: string;
  instagram?: string;
  twitter?: string;
  website?: string;
  freeShippingThresholdCents: number | null;
  processingTime: string;
};

export const STORES: StoreSeed[] = [
  {
    id: 'blue-mountain-roasters',
    name: 'Blue Mountain Roasters',
    initials: 'BM',
    hue: 25,
    banner: 'hills',
    location: 'Mavis Bank',
    parish: 'St. Andrew',
    joinDate: '2019-04-12',
    verified: true,
    rating: 4.8,
    reviewCount: 412,
    description:
      'Small-batch coffee roasted on the slopes of the Blue Mountains. We buy straight from farmers in Mavis Bank and Section and roast every week, so your beans are never more than days old.',
    facebook: 'facebook.com/bluemountainroasters',
    instagram: 'https://instagram.com/bmroasters',
    website: 'bluemountainroasters.example',
    freeShippingThresholdCents: 7500,
    processingTime: '1-2 business days',
  },
  {
    id: 'half-way-tree-electronics',
    name: 'Half Way Tree Electronics',
    initials: 'HWT',
    hue: 212,
    banner: 'waves',
    location: 'Half Way Tree',
    parish: 'St. Andrew',
    joinDate: '2020-01-20',
    verified: true,
    rating: 4.5,
    reviewCount: 958,
    description:
      'Phones, laptops and gadgets with local warranty, from the heart of Half Way Tree. Every device is tested in store before it ships, and our technicians answer questions by phone.',
    facebook: 'https://facebook.com/hwtelectronics',
    twitter: 'twitter.com/hwtelectronics',
    website: 'https://hwtelectronics.example',
    freeShippingThresholdCents: 20000,
    processingTime: '1-2 business days',
  },
  {
    id: 'montego-bay-craft-market',
    name: 'Montego Bay Craft Market',
    initials: 'MB',
    hue: 160,
    banner: 'leaves',
    location: 'Montego Bay',
    parish: 'St. James',
    joinDate: '2019-11-03',
    verified: true,
    rating: 4.6,
    reviewCount: 327,
    description:
      'A cooperative of artisans from the Harbour Street craft market. Hand-carved mahogany, woven straw and paintings by Jamaican artists, each piece signed by its maker.',
    instagram: 'instagram.com/mobaycraft',
    freeShippingThresholdCents: 10000,
    processingTime: '2-4 business days',
  },
  {
    id: 'ocho-rios-resort-wear',
    name: 'Ocho Rios Resort Wear',
    initials: 'OR',
    hue: 190,
    banner: 'waves',
    location: 'Ocho Rios',
    parish: 'St. Ann',
    joinDate: '2021-06-15',
    verified: true,
    rating: 4.4,
    reviewCount: 186,
    description:
      'Breezy linen, cotton and swimwear designed for island days. Cut and sewn in small runs in Ocho Rios by a team of local seamstresses.',
    instagram: 'https://instagram.com/ochoriosresortwear',
    facebook: 'facebook.com/ochoriosresortwear',
    freeShippingThresholdCents: 8000,
    processingTime: '1-3 business days',
  },
  {
    id: 'mandeville-book-nook',
    name: 'Mandeville Book Nook',
    initials: 'BN',
    hue: 280,
    banner: 'leaves',
    location: 'Mandeville',
    parish: 'Manchester',
    joinDate: '2020-09-09',
    verified: true,
    rating: 4.9,
    reviewCount: 243,
    description:
      'An independent bookshop in Mandeville with a deep shelf of Caribbean writing, school texts for CXC and CAPE, and picture books for young readers.',
    website: 'mandevillebooknook.example',
    facebook: 'facebook.com/mandevillebooknook',
    freeShippingThresholdCents: 5000,
    processingTime: '1-2 business days',
  },
  {
    id: 'negril-gems',
    name: 'Negril Gems',
    initials: 'NG',
    hue: 330,
    banner: 'waves',
    location: 'Negril',
    parish: 'Westmoreland',
    joinDate: '2022-02-14',
    verified: true,
    rating: 4.7,
    reviewCount: 151,
    description:
      'Handmade jewellery from a studio on the West End cliffs. Sterling silver, sea glass and larimar, finished by hand and shipped in a gift box.',
    instagram: 'instagram.com/negrilgems',
    freeShippingThresholdCents: 6000,
    processingTime: '2-3 business days',
  },
  {
    id: 'may-pen-auto-supplies',
    name: 'May Pen Auto Supplies',
    initials: 'MP',
    hue: 0,
    banner: 'hills',
    location: 'May Pen',
    parish: 'Clarendon',
    joinDate: '2019-07-30',
    verified: true,
    rating: 4.3,
    reviewCount: 502,
    description:
      'Parts, tools and car care for Japanese and European vehicles. Family-run in May Pen for three generations; tell us your make and model and we will check the fit.',
    facebook: 'https://www.facebook.com/maypenauto',
    freeShippingThresholdCents: null,
    processingTime: '1-2 business days',
  },
  {
    id: 'spanish-town-toy-box',
    name: 'Spanish Town Toy Box',
    initials: 'TB',
    hue: 48,
    banner: 'hills',
    location: 'Spanish Town',
    parish: 'St. Catherine',
    joinDate: '2021-11-22',
    verified: false,
    rating: 4.2,
    reviewCount: 88,
    description:
      'Toys, games and learning kits for every age, picked by two teachers from Spanish Town. We test what we sell with our own children first.',
    instagram: 'instagram.com/sttoybox',
    freeShippingThresholdCents: 6000,
    processingTime: '1-3 business days',
  },
  {
    id: 'falmouth-art-gallery',
    name: 'Falmouth Art Gallery',
    initials: 'FA',
    hue: 15,
    banner: 'leaves',
    location: 'Falmouth',
    parish: 'Trelawny',
    joinDate: '2020-03-18',
    verified: true,
    rating: 4.8,
    reviewCount: 97,
    description:
      'Original paintings, prints and sculpture from a Georgian townhouse in historic Falmouth. We represent more than thirty Jamaican artists.',
    website: 'https://falmouthartgallery.example',
    instagram: 'instagram.com/falmouthart',
    freeShippingThresholdCents: 25000,
    processingTime: '3-5 business days',
  },
  {
    id: 'portland-naturals',
    name: 'Portland Naturals',
    initials: 'PN',
    hue: 110,
    banner: 'leaves',
    location: 'Port Antonio',
    parish: 'Portland',
    joinDate: '2021-04-01',
    verified: true,
    rating: 4.7,
    reviewCount: 264,
    description:
      'Skincare and wellness made with coconut, aloe, moringa and cerasee from Portland farms. Small batches, no harsh additives, recyclable packaging.',
    instagram: 'https://instagram.com/portlandnaturals',
    facebook: 'facebook.com/portlandnaturals',
    freeShippingThresholdCents: 5000,
    processingTime: '1-2 business days',
  },
  {
    id: 'morant-bay-sports',
    name: 'Morant Bay Sports',
    initials: 'MS',
    hue: 140,
    banner: 'hills',
    location: 'Morant Bay',
    parish: 'St. Thomas',
    joinDate: '2022-08-10',
    verified: false,
    rating: 4.1,
    reviewCount: 64,
    description:
      'Football, cricket, track and gym gear for clubs and schools in the east. Team orders welcome; we print names and numbers in house.',
    facebook: 'facebook.com/morantbaysports',
    freeShippingThresholdCents: 9000,
    processingTime: '2-3 business days',
  },
  {
    id: 'black-river-threads',
    name: 'Black River Threads',
    initials: 'BR',
    hue: 350,
    banner: 'waves',
    location: 'Black River',
    parish: 'St. Elizabeth',
    joinDate: '2023-01-25',
    verified: true,
    rating: 4.5,
    reviewCount: 112,
    description:
      'A fashion label from Black River making everyday clothes and accessories with a Jamaican accent: bold prints, good cotton, honest prices.',
    instagram: 'instagram.com/blackriverthreads',
    twitter: 'https://twitter.com/brthreads',
    freeShippingThresholdCents: 7000,
    processingTime: '2-4 business days',
  },
  {
    id: 'kingston-home-and-garden',
    name: 'Kingston Home & Garden',
    initials: 'KH',
    hue: 95,
    banner: 'leaves',
    location: 'Kingston',
    parish: 'Kingston',
    joinDate: '2019-02-05',
    verified: true,
    rating: 4.4,
    reviewCount: 389,
    description:
      'Furniture, kitchenware, plants and outdoor living from a downtown Kingston showroom. Local craftsmen build our mahogany and cedar pieces to order.',
    facebook: 'facebook.com/kingstonhomegarden',
    website: 'kingstonhomegarden.example',
    freeShippingThresholdCents: 15000,
    processingTime: '2-5 business days',
  },
  {
    id: 'lucea-treasures',
    name: 'Lucea Treasures',
    initials: 'LT',
    hue: 260,
    banner: 'waves',
    location: 'Lucea',
    parish: 'Hanover',
    joinDate: '2024-05-19',
    verified: false,
    rating: 3.9,
    reviewCount: 23,
    description:
      'Antiques, collectibles and odd treasures from estate sales across the west: old coins, postcards, enamelware and the occasional mystery.',
    instagram: 'instagram.com/luceatreasures',
    freeShippingThresholdCents: null,
    processingTime: '3-5 business days',
  },
  {
    id: 'yaad-flavours',
    name: 'Yaad Flavours',
    initials: 'YF',
    hue: 8,
    banner: 'hills',
    location: 'Boston Bay',
    parish: 'Portland',
    joinDate: '2020-12-01',
    verified: true,
    rating: 4.6,
    reviewCount: 530,
    description:
      'Jerk seasoning, pepper sauces and spice rubs from Boston Bay, the birthplace of jerk. Made by hand to family recipes.',
    facebook: 'facebook.com/yaadflavours',
    instagram: 'instagram.com/yaadflavours',
    freeShippingThresholdCents: 4000,
    processingTime: '1-2 business days',
  },
];

/** The couriers and how far each reaches. Knutsford Express depots exist in most parishes. */
const ISLAND: Parish[] = [
  'Kingston',
  'St. Andrew',
  'St. Catherine',
  'Clarendon',
  'Manchester',
  'St. Elizabeth',
  'Westmoreland',
  'Hanover',
  'St. James',
  'Trelawny',
  'St. Ann',
  'St. Mary',
  'Portland',
  'St. Thomas',
];
const KNUTSFORD: Parish[] = [
  'Kingston',
  'St. Andrew',
  'St. Catherine',
  'Clarendon',
  'Manchester',
  'St. Elizabeth',
  'Westmoreland',
  'Hanover',
  'St. James',
  'Trelawny',
  'St. Ann',
  'Portland',
];
const CORPORATE_AREA: Parish[] = ['Kingston', 'St. Andrew'];

export type RateSeed = {
  method: string;
  provider: string;
  cost: number;
  minDays: number;
  maxDays: number;
  description: string;
  parishes: Parish[];
};

const knutsford = (cost: number): RateSeed => ({
  method: 'Depot pickup',
  provider: 'Knutsford Express',
  cost,
  minDays: 1,
  maxDays: 2,
  description: 'Collect from your nearest Knutsford Express depot with photo ID.',
  parishes: KNUTSFORD,
});
const zipmail = (cost: number): RateSeed => ({
  method: 'Door to door',
  provider: 'Zipmail',
  cost,
  minDays: 2,
  maxDays: 4,
  description: 'Delivered to your door anywhere on the island; the courier calls ahead.',
  parishes: ISLAND,
});
const jampost = (cost: number): RateSeed => ({
  method: 'Standard post',
  provider: 'JAMPOST',
  cost,
  minDays: 5,
  maxDays: 10,
  description: 'Registered post to your nearest post office or postal agency.',
  parishes: ISLAND,
});
const bike = (cost: number, parishes: Parish[]): RateSeed => ({
  method: 'Same-day bike courier',
  provider: 'Yaad Riders',
  cost,
  minDays: 0,
  maxDays: 1,
  description: 'Motorbike courier, ordered before 2 pm arrives today.',
  parishes,
});
const sellerVan = (cost: number, parishes: Parish[]): RateSeed => ({
  method: 'Seller delivery',
  provider: 'Own van',
  cost,
  minDays: 2,
  maxDays: 5,
  description: 'We deliver large items ourselves and help carry them in.',
  parishes,
});

/** Each seller's delivery offer; Lucea Treasures and Falmouth Art Gallery do not reach every parish. */
export const RATES: Record<string, RateSeed[]> = {
  'blue-mountain-roasters': [knutsford(4.5), zipmail(6.5), bike(5, CORPORATE_AREA)],
  'half-way-tree-electronics': [bike(6, CORPORATE_AREA), knutsford(5.5), zipmail(8)],
  'montego-bay-craft-market': [knutsford(6), zipmail(9.5), jampost(4.25)],
  'ocho-rios-resort-wear': [knutsford(4.75), zipmail(7.25)],
  'mandeville-book-nook': [jampost(3.5), knutsford(4.5), zipmail(6.75)],
  'negril-gems': [knutsford(5), zipmail(7.5)],
  'may-pen-auto-supplies': [
    knutsford(7),
    sellerVan(12, ['Clarendon', 'Manchester', 'St. Catherine', 'Kingston', 'St. Andrew']),
  ],
  'spanish-town-toy-box': [bike(5.5, ['St. Catherine', 'Kingston', 'St. Andrew']), zipmail(7), jampost(4)],
  'falmouth-art-gallery': [sellerVan(25, ['Trelawny', 'St. James', 'St. Ann', 'Hanover']), knutsford(14)],
  'portland-naturals': [knutsford(4), zipmail(6), jampost(3.25)],
  'morant-bay-sports': [zipmail(8.5), jampost(5), sellerVan(10, ['St. Thomas', 'Kingston', 'St. Andrew', 'Portland'])],
  'black-river-threads': [knutsford(4.5), zipmail(7)],
  'kingston-home-and-garden': [
    sellerVan(15, ['Kingston', 'St. Andrew', 'St. Catherine', 'St. Thomas', 'Clarendon']),
    knutsford(9),
    zipmail(13.5),
  ],
  'lucea-treasures': [sellerVan(8, ['Hanover', 'Westmoreland', 'St. James'])],
  'yaad-flavours': [knutsford(3.75), zipmail(5.5), jampost(3)],
};
