import { PARISHES, type Parish } from '../../../lib/catalog';
import type { BankDetails } from '../../../lib/store-status';
import type { BannerPattern } from '../../media/art';

/** The sample sellers: small Jamaican businesses across the island. */
export type StoreSeed = {
  id: string;
  name: string;
  /** The seller's demo account is in this name. */
  owner: string;
  initials: string;
  hue: number;
  banner: BannerPattern;
  location: string;
  parish: Parish;
  joinDate: string;
  verified: boolean;
  /**
   * Not the rating anyone sees: the centre the store's sample seller ratings scatter around
   * (sample-reviews.ts). The shown rating is counted from those ratings (docs/decisions/018).
   */
  sampleRatingCentre: number;
  /** Not a count anyone sees: it picks how many sample seller ratings the store gets (6 + this mod 15). */
  sampleRatingsSeed: number;
  description: string;
  phone: string;
  facebook?: string;
  instagram?: string;
  twitter?: string;
  website?: string;
  freeShippingThresholdCents: number | null;
  processingTime: string;
  rates: RateSeed[];
  /** How buyers may pay it besides card and PayPal (docs/decisions/020); cash on delivery only when left out. */
  payments?: PaymentSeed;
  /**
   * Its TRN, and its GCT registration number when it is GCT-registered (docs/decisions/044): the
   * larger sample businesses are registered and charge GCT, the craftspeople are not. Sample numbers.
   */
  tax?: { trn: string; gctNumber?: string };
};

/** Cash on delivery, bank transfer (with the account a buyer pays into), or both. */
export type PaymentSeed = { cashOnDelivery: boolean; bank?: BankDetails };

/**
 * Sample bank details, obviously not real: the account numbers are zeros and a store number, and
 * the account name says "(sample)", so nobody mistakes them for an account to pay into.
 */
const sampleBank = (bankName: string, branch: string, accountName: string, n: number): BankDetails => ({
  bankName,
  branch,
  accountName: `${accountName} (sample)`,
  accountNumber: `0000-0000-${String(n).padStart(4, '0')}`,
});

export type RateSeed = {
  method: string;
  provider: string;
  /** US dollars. */
  cost: number;
  minDays: number;
  maxDays: number;
  description: string;
  parishes: readonly Parish[];
};

const ISLAND = PARISHES;
/** Parishes with a Knutsford Express depot on the sample routes (none in St. Mary or St. Thomas). */
const KNUTSFORD_DEPOTS: Parish[] = PARISHES.filter((p) => p !== 'St. Mary' && p !== 'St. Thomas');
const CORPORATE_AREA: Parish[] = ['Kingston', 'St. Andrew'];

const knutsford = (cost: number, parishes: readonly Parish[] = KNUTSFORD_DEPOTS): RateSeed => ({
  method: 'Depot pickup',
  provider: 'Knutsford Express',
  cost,
  minDays: 1,
  maxDays: 2,
  description: 'Collect from the Knutsford Express depot nearest you; bring photo ID and your order number.',
  parishes,
});
const zipmail = (cost: number): RateSeed => ({
  method: 'Door to door',
  provider: 'Zipmail',
  cost,
  minDays: 2,
  maxDays: 4,
  description: 'Delivered to your door anywhere in Jamaica; the courier calls before arriving.',
  parishes: ISLAND,
});
const jampost = (cost: number): RateSeed => ({
  method: 'Registered post',
  provider: 'JAMPOST',
  cost,
  minDays: 5,
  maxDays: 10,
  description: 'Registered mail to your nearest post office or postal agency; the cheapest way island-wide.',
  parishes: ISLAND,
});
const bike = (cost: number, parishes: readonly Parish[] = CORPORATE_AREA): RateSeed => ({
  method: 'Same-day delivery',
  provider: 'Bike courier',
  cost,
  minDays: 0,
  maxDays: 1,
  description: 'A motorbike courier brings it the same day when you order before 2 pm, next day otherwise.',
  parishes,
});
const sellerDelivery = (cost: number, parishes: readonly Parish[], minDays = 2, maxDays = 5): RateSeed => ({
  method: 'Local delivery',
  provider: 'Seller delivery',
  cost,
  minDays,
  maxDays,
  description: 'We deliver it ourselves in our own van, and help carry large pieces inside.',
  parishes,
});

export const STORES: StoreSeed[] = [
  {
    id: 'blue-mountain-roasters',
    name: 'Blue Mountain Roasters',
    owner: 'Marcia Ferguson',
    initials: 'BMR',
    hue: 25,
    banner: 'hills',
    location: 'Mavis Bank',
    parish: 'St. Andrew',
    joinDate: '2019-04-12',
    verified: true,
    sampleRatingCentre: 4.8,
    sampleRatingsSeed: 412,
    description:
      'Small-batch coffee roasted on the slopes of the Blue Mountains. We buy cherry straight from farmers in Mavis Bank and Section and roast every week, so your beans are never more than days old.',
    phone: '876-977-8142',
    facebook: 'facebook.com/bluemountainroasters',
    instagram: 'https://instagram.com/bmroasters',
    website: 'bluemountainroasters.example',
    freeShippingThresholdCents: 7500,
    processingTime: '1-2 business days',
    payments: { cashOnDelivery: true, bank: sampleBank('NCB', 'Papine', 'Blue Mountain Roasters Ltd', 1) },
    tax: { trn: '104233871', gctNumber: 'GCT-104233871' },
    rates: [knutsford(4.5), zipmail(6.5), bike(5)],
  },
  {
    id: 'half-way-tree-electronics',
    name: 'Half Way Tree Electronics',
    owner: 'Andre Chin',
    initials: 'HWT',
    hue: 212,
    banner: 'waves',
    location: 'Half Way Tree',
    parish: 'St. Andrew',
    joinDate: '2020-01-20',
    verified: true,
    sampleRatingCentre: 4.5,
    sampleRatingsSeed: 958,
    description:
      'Phones, laptops and gadgets with local warranty, from the heart of Half Way Tree. Every device is tested in store before it ships, and our technicians answer questions by phone.',
    phone: '876-926-3380',
    facebook: 'https://facebook.com/hwtelectronics',
    twitter: 'twitter.com/hwtelectronics',
    website: 'https://hwtelectronics.example',
    freeShippingThresholdCents: 20000,
    processingTime: '1-2 business days',
    payments: {
      cashOnDelivery: true,
      bank: sampleBank('Scotiabank', 'Half Way Tree', 'Half Way Tree Electronics Ltd', 2),
    },
    tax: { trn: '108512664' },
    rates: [bike(6), knutsford(5.5), zipmail(8)],
  },
  {
    id: 'montego-bay-craft-market',
    name: 'Montego Bay Craft Market',
    owner: 'Delroy Grant',
    initials: 'MB',
    hue: 160,
    banner: 'leaves',
    location: 'Montego Bay',
    parish: 'St. James',
    joinDate: '2019-11-03',
    verified: true,
    sampleRatingCentre: 4.6,
    sampleRatingsSeed: 327,
    description:
      'A cooperative of artisans from the Harbour Street craft market. Hand-carved mahogany, woven straw and paintings by Jamaican artists, each piece signed by its maker.',
    phone: '876-952-4417',
    instagram: 'instagram.com/mobaycraft',
    freeShippingThresholdCents: 10000,
    processingTime: '2-4 business days',
    tax: { trn: '112409358' },
    rates: [knutsford(6), zipmail(9.5), jampost(4.25)],
  },
  {
    id: 'ocho-rios-resort-wear',
    name: 'Ocho Rios Resort Wear',
    owner: 'Simone Walters',
    initials: 'OR',
    hue: 190,
    banner: 'waves',
    location: 'Ocho Rios',
    parish: 'St. Ann',
    joinDate: '2021-06-15',
    verified: true,
    sampleRatingCentre: 4.4,
    sampleRatingsSeed: 186,
    description:
      'Breezy linen, cotton and swimwear designed for island days. Cut and sewn in small runs in Ocho Rios by a team of local seamstresses.',
    phone: '876-974-2251',
    instagram: 'https://instagram.com/ochoriosresortwear',
    facebook: 'facebook.com/ochoriosresortwear',
    freeShippingThresholdCents: 8000,
    processingTime: '1-3 business days',
    // Made-to-order linen: paid by transfer before it is cut, never cash at the door.
    payments: { cashOnDelivery: false, bank: sampleBank('Sagicor Bank', 'Ocho Rios', 'Ocho Rios Resort Wear', 5) },
    rates: [knutsford(4.75), zipmail(7.25)],
  },
  {
    id: 'mandeville-book-nook',
    name: 'Mandeville Book Nook',
    owner: 'Winston Reid',
    initials: 'BN',
    hue: 280,
    banner: 'leaves',
    location: 'Mandeville',
    parish: 'Manchester',
    joinDate: '2020-09-09',
    verified: true,
    sampleRatingCentre: 4.9,
    sampleRatingsSeed: 243,
    description:
      'An independent bookshop in Mandeville with a deep shelf of Caribbean writing, school texts for CSEC and CAPE, and picture books for young readers. Ask us for anything out of print.',
    phone: '876-962-1179',
    website: 'mandevillebooknook.example',
    facebook: 'facebook.com/mandevillebooknook',
    freeShippingThresholdCents: 5000,
    processingTime: '1-2 business days',
    rates: [jampost(3.5), knutsford(4.5), zipmail(6.75)],
  },
  {
    id: 'negril-gems',
    name: 'Negril Gems',
    owner: 'Keisha Lawrence',
    initials: 'NG',
    hue: 330,
    banner: 'waves',
    location: 'Negril',
    parish: 'Westmoreland',
    joinDate: '2022-02-14',
    verified: true,
    sampleRatingCentre: 4.7,
    sampleRatingsSeed: 151,
    description:
      'Handmade jewellery from a studio on the West End cliffs. Sterling silver, sea glass and larimar, finished by hand and shipped in a gift box.',
    phone: '876-957-0923',
    instagram: 'instagram.com/negrilgems',
    freeShippingThresholdCents: 6000,
    processingTime: '2-3 business days',
    tax: { trn: '115036742' },
    rates: [knutsford(5), zipmail(7.5)],
  },
  {
    id: 'may-pen-auto-supplies',
    name: 'May Pen Auto Supplies',
    owner: 'Errol McKenzie',
    initials: 'MP',
    hue: 0,
    banner: 'hills',
    location: 'May Pen',
    parish: 'Clarendon',
    joinDate: '2019-07-30',
    verified: true,
    sampleRatingCentre: 4.3,
    sampleRatingsSeed: 502,
    description:
      'Parts, tools and car care for Japanese and European vehicles. Family-run in May Pen for three generations; tell us your make, model and year and we will check the fit before we ship.',
    phone: '876-986-2274',
    facebook: 'https://www.facebook.com/maypenauto',
    freeShippingThresholdCents: null,
    processingTime: '1-2 business days',
    tax: { trn: '103377519', gctNumber: 'GCT-103377519' },
    rates: [knutsford(7), sellerDelivery(12, ['Clarendon', 'Manchester', 'St. Catherine', 'Kingston', 'St. Andrew'])],
  },
  {
    id: 'spanish-town-toy-box',
    name: 'Spanish Town Toy Box',
    owner: 'Nadine Thompson',
    initials: 'TB',
    hue: 48,
    banner: 'hills',
    location: 'Spanish Town',
    parish: 'St. Catherine',
    joinDate: '2021-11-22',
    verified: false,
    sampleRatingCentre: 4.2,
    sampleRatingsSeed: 88,
    description:
      'Toys, games and learning kits for every age, picked by two teachers from Spanish Town. We test what we sell with our own children first.',
    phone: '876-984-6630',
    instagram: 'instagram.com/sttoybox',
    freeShippingThresholdCents: 6000,
    processingTime: '1-3 business days',
    rates: [bike(5.5, ['St. Catherine', 'Kingston', 'St. Andrew']), zipmail(7), jampost(4)],
  },
  {
    id: 'falmouth-art-gallery',
    name: 'Falmouth Art Gallery',
    owner: 'Claudette Barrett',
    initials: 'FA',
    hue: 15,
    banner: 'leaves',
    location: 'Falmouth',
    parish: 'Trelawny',
    joinDate: '2020-03-18',
    verified: true,
    sampleRatingCentre: 4.8,
    sampleRatingsSeed: 97,
    description:
      'Original paintings, prints and sculpture from a Georgian townhouse in historic Falmouth. We represent more than thirty Jamaican artists and pack every piece to travel.',
    phone: '876-954-3318',
    website: 'https://falmouthartgallery.example',
    instagram: 'instagram.com/falmouthart',
    freeShippingThresholdCents: 25000,
    processingTime: '3-5 business days',
    // Original pieces shipped with care: paid by transfer before they leave, never cash at the door.
    payments: { cashOnDelivery: false, bank: sampleBank('NCB', 'Falmouth', 'Falmouth Art Gallery', 4) },
    rates: [sellerDelivery(15, ['Trelawny', 'St. James', 'St. Ann', 'Hanover'], 2, 4), knutsford(14)],
  },
  {
    id: 'portland-naturals',
    name: 'Portland Naturals',
    owner: 'Sasha-Kay Bailey',
    initials: 'PN',
    hue: 110,
    banner: 'leaves',
    location: 'Port Antonio',
    parish: 'Portland',
    joinDate: '2021-04-01',
    verified: true,
    sampleRatingCentre: 4.7,
    sampleRatingsSeed: 264,
    description:
      'Skincare and wellness made with coconut, aloe, moringa and cerasee from Portland farms. Small batches, no harsh additives, recyclable packaging.',
    phone: '876-993-5504',
    instagram: 'https://instagram.com/portlandnaturals',
    facebook: 'facebook.com/portlandnaturals',
    freeShippingThresholdCents: 5000,
    processingTime: '1-2 business days',
    rates: [knutsford(4), zipmail(6), jampost(3.5)],
  },
  {
    id: 'morant-bay-sports',
    name: 'Morant Bay Sports',
    owner: 'Ricardo Campbell',
    initials: 'MBS',
    hue: 140,
    banner: 'hills',
    location: 'Morant Bay',
    parish: 'St. Thomas',
    joinDate: '2022-08-10',
    verified: false,
    sampleRatingCentre: 4.1,
    sampleRatingsSeed: 64,
    description:
      'Football, cricket, track and gym gear for clubs and schools in the east. Team orders welcome; we print names and numbers in house.',
    phone: '876-982-1846',
    facebook: 'facebook.com/morantbaysports',
    freeShippingThresholdCents: 9000,
    processingTime: '2-3 business days',
    rates: [zipmail(8.5), jampost(5), sellerDelivery(10, ['St. Thomas', 'Kingston', 'St. Andrew', 'Portland'])],
  },
  {
    id: 'black-river-threads',
    name: 'Black River Threads',
    owner: 'Tamika Edwards',
    initials: 'BR',
    hue: 350,
    banner: 'waves',
    location: 'Black River',
    parish: 'St. Elizabeth',
    joinDate: '2023-01-25',
    verified: true,
    sampleRatingCentre: 4.5,
    sampleRatingsSeed: 112,
    description:
      'A fashion label from Black River making everyday clothes and accessories with a Jamaican accent: bold prints, good cotton, honest prices.',
    phone: '876-965-2290',
    instagram: 'instagram.com/blackriverthreads',
    twitter: 'https://twitter.com/brthreads',
    freeShippingThresholdCents: 7000,
    processingTime: '2-4 business days',
    rates: [knutsford(4.5), zipmail(7), jampost(3.75)],
  },
  {
    id: 'kingston-home-and-garden',
    name: 'Kingston Home & Garden',
    owner: 'Paul Henry',
    initials: 'KHG',
    hue: 95,
    banner: 'leaves',
    location: 'Downtown Kingston',
    parish: 'Kingston',
    joinDate: '2019-02-05',
    verified: true,
    sampleRatingCentre: 4.4,
    sampleRatingsSeed: 389,
    description:
      'Furniture, kitchenware, plants and outdoor living from a downtown Kingston showroom. Local craftsmen build our mahogany and cedar pieces to order.',
    phone: '876-922-7065',
    facebook: 'facebook.com/kingstonhomegarden',
    website: 'kingstonhomegarden.example',
    freeShippingThresholdCents: 15000,
    processingTime: '2-5 business days',
    payments: { cashOnDelivery: true, bank: sampleBank('JN Bank', 'New Kingston', 'Kingston Home & Garden', 3) },
    tax: { trn: '106790125', gctNumber: 'GCT-106790125' },
    rates: [
      sellerDelivery(15, ['Kingston', 'St. Andrew', 'St. Catherine', 'St. Thomas', 'Clarendon']),
      bike(7),
      knutsford(9),
      zipmail(13.5),
    ],
  },
  {
    id: 'lucea-treasures',
    name: 'Lucea Treasures',
    owner: 'Beverley Clarke',
    initials: 'LT',
    hue: 260,
    banner: 'waves',
    location: 'Lucea',
    parish: 'Hanover',
    joinDate: '2024-05-19',
    verified: false,
    sampleRatingCentre: 3.9,
    sampleRatingsSeed: 23,
    description:
      'Antiques, collectibles and odd treasures from estate sales across the west: old coins, postcards, enamelware and the occasional mystery. Everything is one of a kind, so when it is gone, it is gone.',
    phone: '876-956-2748',
    instagram: 'instagram.com/luceatreasures',
    freeShippingThresholdCents: null,
    processingTime: '3-5 business days',
    rates: [
      sellerDelivery(8, ['Hanover', 'Westmoreland', 'St. James'], 1, 3),
      knutsford(6.5, ['Hanover', 'Westmoreland', 'St. James', 'Trelawny', 'St. Elizabeth']),
    ],
  },
  {
    id: 'yaad-flavours',
    name: 'Yaad Flavours',
    owner: 'Everton Brown',
    initials: 'YF',
    hue: 8,
    banner: 'hills',
    location: 'Boston Bay',
    parish: 'Portland',
    joinDate: '2020-12-01',
    verified: true,
    sampleRatingCentre: 4.6,
    sampleRatingsSeed: 530,
    description:
      'Jerk seasoning, pepper sauces and spice rubs from Boston Bay, the birthplace of jerk. Made by hand to family recipes with scotch bonnet, pimento and thyme grown in Portland.',
    phone: '876-993-7716',
    facebook: 'facebook.com/yaadflavours',
    instagram: 'instagram.com/yaadflavours',
    freeShippingThresholdCents: 4000,
    processingTime: '1-2 business days',
    rates: [knutsford(3.75), zipmail(5.5), jampost(3)],
  },
  {
    id: 'oracabessa-sound-system',
    name: 'Oracabessa Sound System',
    owner: 'Junior Stewart',
    initials: 'OSS',
    hue: 300,
    banner: 'waves',
    location: 'Oracabessa',
    parish: 'St. Mary',
    joinDate: '2025-03-08',
    verified: true,
    sampleRatingCentre: 4.6,
    sampleRatingsSeed: 71,
    description:
      'Speakers, headphones and vintage reggae vinyl from a record shop on the St. Mary coast. We grade every record by hand and play-test the rare ones before they ship.',
    phone: '876-975-3312',
    instagram: 'instagram.com/oracabessasound',
    website: 'https://oracabessasound.example',
    freeShippingThresholdCents: 12000,
    processingTime: '1-3 business days',
    rates: [zipmail(7.5), jampost(4.5), sellerDelivery(5, ['St. Mary', 'St. Ann', 'Portland'], 1, 2)],
  },
];
