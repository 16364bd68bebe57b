import type { Shelf } from './shelf';

const KHG = 'kingston-home-and-garden';
const MBC = 'montego-bay-craft-market';
const MBS = 'morant-bay-sports';

export const HOME_AND_GARDEN: Shelf[] = [
  {
    category: 'Home & Garden',
    subcategory: 'Furniture',
    stores: [KHG],
    motif: 'chair',
    hue: 28,
    tags: ['furniture', 'wood'],
    items: [
      [
        'Mahogany Rocking Chair',
        349,
        'A hand-built mahogany rocking chair for the verandah, finished with a natural oil.',
      ],
      ['Cedar Coffee Table', 279, 'A solid cedar coffee table with a lower shelf, made to order in Kingston.'],
      ['Woven Cane Accent Chair', 199, 'A light cane chair that lets the breeze through; cushion included.'],
      ['Three-Drawer Bedside Table', 149, 'A compact bedside table with smooth-running drawers in a mahogany finish.'],
      [
        'Verandah Bench in Blue Mahoe',
        229,
        'A two-seater bench in blue mahoe, the national tree, sealed for covered outdoor use.',
      ],
    ],
  },
  {
    category: 'Home & Garden',
    subcategory: 'Decor',
    stores: [KHG, MBC],
    motif: 'vase',
    hue: 340,
    tags: ['decor', 'interior'],
    items: [
      [
        'Hand-Thrown Clay Vase Decor Piece',
        42,
        'A terracotta vase thrown by potters in Spanish Town and left unglazed outside.',
      ],
      [
        'Doctor Bird Metal Wall Decor',
        58,
        "A laser-cut metal hummingbird, Jamaica's national bird, for an indoor or outdoor wall.",
      ],
      ['Bamboo Table Lamp', 64, 'A warm bamboo table lamp with a linen shade.', { motif: 'lamp' }],
      ['Sea Glass Wind Chime', 32, 'Sea glass collected on the south coast, strung on driftwood to catch the breeze.'],
      ['Batik Cushion Covers (set of 2)', 30, 'Hand-dyed cotton batik cushion covers in ocean blues, 18 by 18 inches.'],
    ],
  },
  {
    category: 'Home & Garden',
    subcategory: 'Kitchen',
    stores: [KHG],
    motif: 'dutch-pot',
    hue: 0,
    tags: ['kitchen', 'cooking'],
    items: [
      [
        'Cast Aluminium Dutch Pot, 10-inch',
        39,
        "The Jamaican kitchen's workhorse for rice and peas, stew peas and fried dumplings.",
      ],
      [
        'Bammy Press and Cassava Grater Kitchen Set',
        29,
        'Grate cassava and press bammies the traditional way, with a wooden press and a steel grater.',
        { store: 'yaad-flavours' },
      ],
      [
        'Lignum Vitae Pestle and Mortar',
        35,
        'A heavy lignum vitae mortar for pounding pimento, garlic and scotch bonnet.',
      ],
      ['Half-Drum Jerk Grill', 189, 'A jerk pan with a hinged lid and a grate, welded from a steel drum in Kingston.'],
      [
        'Coffee Press for Blue Mountain Coffee, 1 L',
        32,
        'A glass and steel French press sized for four cups; brings out the sweetness of a medium roast.',
        { store: 'blue-mountain-roasters' },
      ],
      [
        'Kitchen Towel Set in Bandana Print',
        18,
        'Four absorbent cotton tea towels in the red bandana plaid.',
        { motif: 'storage-box' },
      ],
    ],
  },
  {
    category: 'Home & Garden',
    subcategory: 'Outdoor',
    stores: [KHG],
    motif: 'plant',
    hue: 120,
    tags: ['garden', 'outdoor'],
    items: [
      ['Potted Croton Plant', 24, 'A bright croton in a 10-inch pot; thrives in full sun and humid air.'],
      ['Outdoor Hammock with Stand', 129, 'A woven cotton hammock and a powder-coated steel stand for the yard.'],
      [
        'Garden Hose, 50 ft, Outdoor Grade',
        36,
        'A kink-resistant hose with brass fittings that will not crack in the sun.',
      ],
      [
        'Ackee Tree Seedling',
        18,
        'A healthy ackee seedling ready for planting; it starts to fruit in three to four years.',
      ],
      [
        'Outdoor Solar Lanterns (set of 4)',
        44,
        'Weatherproof lanterns that charge by day and glow warm white along the path at night.',
        { motif: 'lamp' },
      ],
    ],
  },
  {
    category: 'Home & Garden',
    subcategory: 'Storage',
    stores: [KHG],
    motif: 'basket',
    hue: 40,
    tags: ['storage', 'organising'],
    items: [
      ['Hand-Woven Straw Storage Basket', 27, 'A sturdy lidded basket woven from thatch palm.', { store: MBC }],
      [
        'Stackable Pantry Containers (6-pack)',
        32,
        'Airtight containers that keep flour, rice and sugar safe from ants.',
        { motif: 'storage-box' },
      ],
      [
        'Mahogany Wall Shelf',
        59,
        'A floating mahogany shelf with hidden brackets, 24 inches long.',
        { motif: 'storage-box' },
      ],
      [
        'Under-Bed Storage Boxes (2-pack)',
        29,
        'Zip-up fabric boxes for linens and out-of-season clothes.',
        { motif: 'storage-box' },
      ],
      ['Bamboo Laundry Hamper', 38, 'A tall bamboo hamper with a removable cotton liner and a lid.'],
    ],
  },
];

export const SPORTS: Shelf[] = [
  {
    category: 'Sports',
    subcategory: 'Fitness',
    stores: [MBS],
    motif: 'dumbbell',
    hue: 150,
    tags: ['fitness', 'workout'],
    items: [
      [
        'Adjustable Dumbbells, 2 to 24 kg',
        199,
        'Replace a rack of weights with one adjustable pair that changes weight with a dial.',
      ],
      ['Thick Yoga Mat with Strap', 29, 'A 10 mm mat that cushions knees on a tiled floor.'],
      ['Resistance Band Set', 22, 'Five bands, handles and a door anchor for workouts at home or on the beach.'],
      ['Skipping Rope with Counter', 14, 'A speed rope with a digital counter in the handle.'],
      [
        'Cast Iron Kettlebell, 12 kg',
        48,
        'A powder-coated kettlebell with a wide handle for swings and goblet squats.',
      ],
    ],
  },
  {
    category: 'Sports',
    subcategory: 'Team Sports',
    stores: [MBS],
    motif: 'football',
    hue: 100,
    tags: ['team', 'sport'],
    items: [
      [
        'Jamaica National Football Jersey',
        69,
        'The Reggae Boyz home jersey in gold and green, in adult sizes S to XXL.',
        { motif: 'jersey' },
      ],
      ['Match Football, Size 5', 35, 'A stitched match ball for league and schoolboy football.'],
      [
        'Cricket Bat, English Willow',
        149,
        'A Grade 2 English willow bat, knocked in and ready to play.',
        { motif: 'cricket-bat' },
      ],
      ['Netball, Size 5', 25, 'A grippy netball for outdoor courts, as used by school teams.'],
      ['Leather Cricket Ball, 156 g', 18, 'A hand-stitched red leather match ball.', { motif: 'cricket-bat' }],
    ],
  },
  {
    category: 'Sports',
    subcategory: 'Outdoor Activities',
    stores: [MBS],
    motif: 'tent',
    hue: 80,
    tags: ['outdoors', 'adventure'],
    items: [
      ['Two-Person Camping Tent', 89, 'A quick-pitch tent for a night at Holywell in the Blue Mountains.'],
      [
        'Snorkel Set with Dry-Top Snorkel',
        39,
        'A tempered glass mask, a dry-top snorkel and a mesh bag for reef days.',
      ],
      ['Hiking Backpack, 30 L', 59, 'A ventilated daypack with a rain cover for the climb to Blue Mountain Peak.'],
      ['Insulated Water Bottle, 1 L', 24, 'Keeps water cold through a full day in the sun.', { motif: 'water-bottle' }],
      ['Mountain Bike, 26-inch', 329, 'A 21-speed mountain bike for hills and country roads.', { motif: 'bicycle' }],
    ],
  },
  {
    category: 'Sports',
    subcategory: 'Equipment',
    stores: [MBS],
    motif: 'dumbbell',
    hue: 0,
    tags: ['equipment', 'training'],
    items: [
      [
        'Bike Helmet with Rear Light',
        35,
        'A vented helmet with a built-in rear light for early-morning rides.',
        { motif: 'bicycle' },
      ],
      [
        'Sports Equipment Bag',
        45,
        'A large duffel with a ventilated boot pocket and a shoulder strap.',
        { motif: 'handbag' },
      ],
      [
        'Training Cones and Agility Ladder',
        28,
        'Twenty cones and a 6 m ladder for football and track drills.',
        { motif: 'football' },
      ],
      ['Starting Blocks for Sprinting', 119, 'Adjustable aluminium starting blocks of the kind used at Champs.'],
      ['Weight Bench, Foldable', 139, 'A flat-to-incline bench that folds away behind a door.'],
    ],
  },
  {
    category: 'Sports',
    subcategory: 'Apparel',
    stores: [MBS],
    motif: 'jersey',
    hue: 130,
    tags: ['sportswear', 'apparel'],
    items: [
      ['Quick-Dry Running Vest', 22, 'A light running vest in black, green and gold.'],
      [
        'Track Spikes for Sprinters',
        95,
        'Lightweight sprint spikes with a stiff plate; removable pins included.',
        { motif: 'sneaker' },
      ],
      ['Compression Shorts', 26, 'Supportive compression shorts with a phone pocket.'],
      ['Team Training Tracksuit', 74, 'A zip jacket and tapered pants; add a club crest and names for team orders.'],
      ['Sweat-Wicking Cap', 18, 'A light running cap with a mesh back.', { motif: 'cap' }],
    ],
  },
];
