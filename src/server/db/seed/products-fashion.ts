import type { Shelf } from './shelf';

const BRT = 'black-river-threads';
const ORW = 'ocho-rios-resort-wear';
const MBC = 'montego-bay-craft-market';
const NEG = 'negril-gems';
const HWT = 'half-way-tree-electronics';

export const CLOTHING: Shelf[] = [
  {
    category: 'Clothing',
    subcategory: "Men's",
    stores: [BRT, ORW],
    motif: 'shirt',
    hue: 200,
    tags: ['menswear', 'shirt'],
    items: [
      ['Linen Camp-Collar Shirt', 55, 'A loose, breathable linen shirt for hot days and cool evenings by the sea.'],
      ["Men's Bandana-Print Short-Sleeve Shirt", 42, 'A bold red and black bandana print on soft, pre-washed cotton.'],
      ["Men's Chino Shorts", 38, 'Cotton-stretch chino shorts with deep pockets, in khaki and navy.'],
      [
        'White Guayabera Wedding Shirt',
        69,
        'A crisp white guayabera with pin-tucks and four pockets, made for beach weddings.',
      ],
      [
        'Kariba Suit Jacket',
        149,
        'The short-sleeved, open-collar jacket Jamaica made its own in the 1970s, tailored in lightweight polyester-linen.',
      ],
    ],
  },
  {
    category: 'Clothing',
    subcategory: "Women's",
    stores: [ORW, BRT],
    motif: 'dress',
    hue: 330,
    tags: ['womenswear', 'dress'],
    items: [
      [
        'Hibiscus Print Maxi Dress',
        74,
        'A flowing maxi dress printed with hibiscus flowers, with adjustable straps and side pockets.',
      ],
      ['Linen Wide-Leg Trousers', 58, 'High-waisted linen trousers that stay cool in the midday heat.'],
      ['Off-Shoulder Ruffle Top', 36, 'A light cotton top with a ruffled neckline, easy to dress up or down.'],
      [
        "Women's Swimsuit in Caribbean Blue",
        48,
        'A one-piece swimsuit with a flattering cut and chlorine-resistant fabric.',
      ],
      [
        'Bandana Plaid Quadrille Skirt',
        52,
        'A full skirt in the red madras bandana cloth worn for Jamaica Day and folk dancing.',
      ],
      [
        'Crochet Beach Cover-Up',
        44,
        'A loose cotton crochet cover-up, handmade in Ocho Rios, that slips over a swimsuit.',
      ],
    ],
  },
  {
    category: 'Clothing',
    subcategory: 'Kids',
    stores: [BRT],
    motif: 'kids-tee',
    hue: 50,
    tags: ['kids', 'children'],
    items: [
      ["Kids' Likkle but Tallawah T-Shirt", 18, 'Soft cotton tee with the famous saying that means small but mighty.'],
      ["Kids' School Uniform Shirts (2-pack)", 22, 'Easy-iron khaki uniform shirts that survive a full school term.'],
      [
        "Girls' Floral Sundress",
        28,
        'A twirly cotton sundress with pockets for collecting shells.',
        { motif: 'dress' },
      ],
      ["Boys' Board Shorts", 20, 'Quick-dry board shorts for the beach, the river and the pool.'],
      [
        'Baby Onesie in Black, Green and Gold',
        16,
        'A snap-button cotton onesie in the colours of the flag, sizes 0 to 18 months.',
      ],
    ],
  },
  {
    category: 'Clothing',
    subcategory: 'Shoes',
    stores: [BRT, ORW],
    motif: 'sneaker',
    hue: 10,
    tags: ['shoes', 'footwear'],
    items: [
      [
        'Canvas Sneakers in Red, Gold and Green',
        45,
        'Low-top canvas sneakers in Rastafarian colours with a cushioned insole.',
      ],
      [
        'Handmade Leather Sandals Footwear',
        52,
        'Hand-stitched leather sandals from Black River that soften and mould to your feet with wear.',
      ],
      ['Suede Desert Boots', 89, 'The crepe-soled suede desert boot that Jamaica made famous, in sand and brown.'],
      ["Women's Espadrille Wedges", 49, 'Comfortable espadrille wedges with a woven jute sole and ankle ties.'],
      [
        'Beach Footwear: Rubber Slides',
        19,
        'Quick-drying slides with a textured footbed for the beach, the pool and the yard.',
      ],
    ],
  },
  {
    category: 'Clothing',
    subcategory: 'Accessories',
    stores: [BRT, ORW, MBC],
    motif: 'cap',
    hue: 120,
    tags: ['accessories', 'fashion'],
    items: [
      [
        'Jamaica Flag Snapback Cap',
        24,
        'A structured cap with an embroidered Jamaican flag and an adjustable snap back.',
      ],
      ['Woven Straw Beach Hat', 29, 'A wide-brim straw hat hand-woven in St. Elizabeth; rolls up for the suitcase.'],
      ['Rasta Knit Tam', 19, 'A roomy crocheted tam in red, gold and green, made to hold locks comfortably.'],
      [
        'Canvas Beach Tote with Accessories Pouch',
        34,
        'A sturdy canvas tote with a matching zip pouch and key ring.',
        { motif: 'handbag' },
      ],
      [
        'Woven Straw Handbag',
        38,
        'A structured straw handbag with leather handles, woven by the craft market weavers.',
        { motif: 'handbag', store: MBC },
      ],
    ],
  },
];

export const JEWELRY: Shelf[] = [
  {
    category: 'Jewelry',
    subcategory: 'Necklaces',
    stores: [NEG],
    motif: 'necklace',
    hue: 330,
    tags: ['necklace', 'jewellery'],
    items: [
      ['Larimar Teardrop Necklace', 68, 'A sky-blue larimar teardrop on an 18-inch sterling silver chain.'],
      [
        'Sea Glass Pendant Necklaces',
        42,
        'Frosted sea glass from Bloody Bay wrapped in silver wire; each one is a different shade of green or blue.',
      ],
      [
        'Gold-Plated Map of Jamaica Necklace',
        36,
        'A delicate outline of the island in 18k gold plate on a fine chain.',
      ],
      ['Layered Necklaces Set of Three', 54, 'Three fine chains in different lengths to wear together or apart.'],
      ['Cowrie Shell Choker', 22, 'Natural cowrie shells strung on waxed cotton with an adjustable knot.'],
    ],
  },
  {
    category: 'Jewelry',
    subcategory: 'Rings',
    stores: [NEG],
    motif: 'ring',
    hue: 300,
    tags: ['ring', 'jewellery'],
    items: [
      [
        'Sterling Silver Stacking Rings (set of 3)',
        39,
        'Three slim hammered bands to wear together or apart; made to your size.',
      ],
      ['Larimar Cocktail Ring', 85, 'An oval larimar stone set in a heavy sterling silver band.'],
      ['Hummingbird Signet Ring', 58, "A signet ring engraved with the doctor bird, Jamaica's national bird."],
      [
        'Rings Gift Set: Sea Glass and Silver',
        64,
        'Two rings in a gift box, one with a sea glass cabochon and one plain silver band.',
      ],
      [
        'Rose Gold Promise Ring with Cubic Zirconia',
        48,
        'A slim rose gold vermeil band with a single sparkling stone.',
      ],
    ],
  },
  {
    category: 'Jewelry',
    subcategory: 'Bracelets',
    stores: [NEG],
    motif: 'bracelet',
    hue: 40,
    tags: ['bracelet', 'jewellery'],
    items: [
      [
        'Rastafarian-Colours Beaded Wristband',
        9.5,
        'Red, gold and green glass beads on stretch cord; one size fits most.',
        { store: MBC },
      ],
      ['Hammered Silver Cuff Bracelet', 72, 'A wide sterling silver cuff, hammered by hand and gently adjustable.'],
      [
        'Beaded Bracelets Stack (set of 5)',
        28,
        'Five stretch bracelets of wood, seed beads and sea glass to wear as a stack.',
      ],
      [
        'Seed Bead Friendship Bracelets (set of 4)',
        14,
        'Bright woven friendship bracelets made at the Montego Bay craft market.',
        { store: MBC },
      ],
      ['Larimar Bead Bracelets', 46, 'Round larimar beads with silver spacers on strong elastic.'],
    ],
  },
  {
    category: 'Jewelry',
    subcategory: 'Earrings',
    stores: [NEG],
    motif: 'earrings',
    hue: 190,
    tags: ['earrings', 'jewellery'],
    items: [
      ['Sea Glass Drop Earrings', 34, 'Sea glass drops on sterling silver hooks; light enough to wear all day.'],
      ['Gold Hoop Earrings, 40 mm', 29, 'Classic gold-plated hoops with a secure click fastening.'],
      ['Coconut Shell Stud Earrings', 18, 'Polished coconut shell studs with hypoallergenic posts.'],
      ['Larimar Stud Earrings', 52, 'Round larimar studs in sterling silver settings.'],
      ['Hibiscus Flower Earrings, Hand-Painted', 24, 'Lightweight wooden hibiscus flowers painted by hand in Negril.'],
    ],
  },
  {
    category: 'Jewelry',
    subcategory: 'Watches',
    stores: [NEG],
    motif: 'watch',
    hue: 30,
    tags: ['watch', 'timepiece'],
    items: [
      [
        'Casio G-Shock GA-2100',
        99,
        'The slim, shock-resistant G-Shock with a carbon core guard; water resistant to 200 m.',
        { store: HWT },
      ],
      ['Timex Weekender Chronograph', 89, 'A clean everyday chronograph with a leather strap and Indiglo light.'],
      ["Men's Stainless Steel Dive Watch", 149, 'A 200 m dive watch with a rotating bezel and luminous hands.'],
      ["Women's Rose Gold Mesh Watch", 64, 'A minimal rose gold watch on a fine mesh bracelet.'],
      [
        'Fitbit Inspire 3 Fitness Tracker Watch',
        79,
        'Tracks steps, sleep and heart rate, and lasts ten days on a charge.',
        { store: HWT },
      ],
    ],
  },
];
