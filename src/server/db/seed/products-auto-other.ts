import type { Shelf } from './shelf';

const MPA = 'may-pen-auto-supplies';
const FAG = 'falmouth-art-gallery';
const MBC = 'montego-bay-craft-market';
const LT = 'lucea-treasures';
const OSS = 'oracabessa-sound-system';
const BMR = 'blue-mountain-roasters';
const YF = 'yaad-flavours';

export const AUTOMOTIVE: Shelf[] = [
  {
    category: 'Automotive',
    subcategory: 'Parts',
    stores: [MPA],
    motif: 'car-part',
    hue: 0,
    tags: ['parts', 'car'],
    items: [
      [
        'Front Brake Pads for Toyota Corolla 2014-2019',
        42,
        'Ceramic brake pads that stop quietly and make little dust. Check the fit with us before ordering.',
      ],
      ['Brake Rotor Pair for Honda Fit', 96, 'A pair of vented front rotors, balanced and ready to fit.'],
      ['Oil Filter for Nissan AD Wagon', 8.5, 'An OEM-equivalent oil filter; change it with every oil service.'],
      [
        'Spark Plugs, Iridium (set of 4)',
        38,
        'Long-life iridium spark plugs for most Toyota and Honda four-cylinder engines.',
      ],
      ['Radiator for Toyota Probox', 169, 'A full aluminium radiator that keeps the engine cool in Kingston traffic.'],
    ],
  },
  {
    category: 'Automotive',
    subcategory: 'Accessories',
    stores: [MPA],
    motif: 'steering-wheel',
    hue: 220,
    tags: ['accessories', 'car'],
    items: [
      [
        'Leather Steering Wheel Cover',
        19,
        'A stitched leather cover that keeps the wheel cool in the sun and gives better grip.',
      ],
      [
        'Windshield Sun Shade',
        15,
        'A foldable reflective shade that keeps the car cooler on hot days.',
        { motif: 'storage-box' },
      ],
      [
        'All-Weather Floor Mats (set of 4)',
        39,
        'Rubber mats that hold rain and mud off the carpet.',
        { motif: 'storage-box' },
      ],
      [
        'Car Accessories Starter Kit',
        34,
        'A phone mount, a dual USB charger, a tyre gauge and a microfibre cloth in one box.',
        { motif: 'gift-box' },
      ],
      ['Rasta Colours Seat Covers (pair)', 45, 'Breathable seat covers in red, gold and green for most front seats.'],
    ],
  },
  {
    category: 'Automotive',
    subcategory: 'Tools',
    stores: [MPA],
    motif: 'wrench',
    hue: 200,
    tags: ['tools', 'repair'],
    items: [
      ['Combination Wrench Set, 12 Pieces', 36, 'Chrome vanadium wrenches from 8 to 19 mm in a roll-up pouch.'],
      ['Hydraulic Floor Jack, 2 Tonne', 79, 'A low-profile trolley jack that lifts most cars and small pickups.'],
      [
        'Socket and Ratchet Set, 46 Pieces',
        44,
        'A quarter-inch drive socket set in a hard case, for the glove box or the garage.',
        { motif: 'tools' },
      ],
      [
        'Digital Tyre Pressure Gauge',
        12,
        'A backlit gauge that reads PSI and bar to one decimal place.',
        { motif: 'tools' },
      ],
      [
        'Jump Starter Power Bank, 1000 A',
        89,
        'Starts a flat battery without another car, and charges phones on the road.',
        { motif: 'car-stereo' },
      ],
    ],
  },
  {
    category: 'Automotive',
    subcategory: 'Car Care',
    stores: [MPA],
    motif: 'car-wax',
    hue: 190,
    tags: ['carcare', 'cleaning'],
    items: [
      ['Carnauba Car Wax Paste', 24, 'A hard carnauba paste wax for a deep shine that beads off rain for weeks.'],
      ['Wash and Wax Car Shampoo, 1 L', 12, 'A pH-neutral shampoo that cleans and leaves a light coat of wax.'],
      ['Microfibre Towels (pack of 10)', 15, 'Plush, lint-free cloths for drying and buffing without scratches.'],
      ['Tyre Shine Spray', 9.5, 'A long-lasting dark finish for tyres that does not sling onto the paintwork.'],
      [
        'Interior Cleaner with UV Protectant',
        11,
        'Cleans dashboards and vinyl and protects them from cracking in the sun.',
      ],
    ],
  },
  {
    category: 'Automotive',
    subcategory: 'Electronics',
    stores: [MPA, 'half-way-tree-electronics'],
    motif: 'car-stereo',
    hue: 260,
    tags: ['carelectronics', 'audio'],
    items: [
      [
        'Double-DIN Car Stereo with Apple CarPlay',
        229,
        'A 7-inch touchscreen head unit with CarPlay, Android Auto and a reversing camera input.',
      ],
      ['Dash Cam, Front and Rear', 89, 'Records the road ahead and behind in full HD, with parking mode.'],
      ['Reversing Camera Kit', 45, 'A waterproof rear camera with wide-angle view and guide lines.'],
      [
        'Bluetooth FM Transmitter and Charger',
        19,
        'Plays music from your phone through any car radio and charges two devices.',
      ],
      ['12-inch Subwoofer with Amp', 149, 'A powered subwoofer in a compact box for deep bass on the road.'],
    ],
  },
];

export const OTHER: Shelf[] = [
  {
    category: 'Other',
    subcategory: 'Art',
    stores: [FAG],
    motif: 'painting',
    hue: 15,
    tags: ['art', 'original'],
    items: [
      [
        'Dunn’s River Falls, Original Acrylic Painting',
        420,
        'An original acrylic on canvas of the falls in morning light, 24 by 30 inches, signed by the artist.',
      ],
      [
        'Market Women Oil Paintings (pair)',
        680,
        'Two small oil paintings of higglers at Coronation Market, framed in mahogany.',
      ],
      [
        'Port Royal Harbour Art Prints, Limited Edition',
        85,
        'A signed giclée print in an edition of fifty, on archival cotton paper.',
      ],
      [
        'Mahogany Sculptures: Dancing Couple',
        260,
        'A pair of dancers carved from a single piece of mahogany by a Trelawny carver.',
        { motif: 'sculpture' },
      ],
      [
        'Intuitive Art Canvas: Revival Spirit',
        540,
        'A vivid canvas by a self-taught painter whose paintings follow the intuitive tradition of Kapo; 30 by 40 inches.',
      ],
      [
        'Falmouth Street Scene Prints (set of 3)',
        120,
        'Three prints of Georgian Falmouth, ready to frame, 11 by 14 inches each.',
      ],
    ],
  },
  {
    category: 'Other',
    subcategory: 'Collectibles',
    stores: [OSS],
    motif: 'vinyl',
    hue: 50,
    tags: ['collectible', 'vintage'],
    items: [
      [
        'Reggae Vinyl: Roots Classics 1970s LP',
        45,
        'A 1970s roots reggae compilation on original Jamaican pressing, graded VG+.',
      ],
      [
        'Ska Foundation 7-inch Singles (bundle of 5)',
        60,
        'Five Studio One era ska singles, play-tested, in paper sleeves.',
      ],
      ['Dub Plate Special: Sound System Anthems LP', 38, 'A reissue of sound system classics on heavy 180 g vinyl.'],
      [
        'Jamaica Independence 1962 Commemorative Coin',
        75,
        'A silver commemorative coin from 1962, with a certificate.',
        { motif: 'coins', store: LT },
      ],
      [
        'Vintage Jamaica Tourist Board Poster',
        95,
        'An original 1960s travel poster of Montego Bay, lightly foxed.',
        { motif: 'painting', store: LT },
      ],
    ],
  },
  {
    category: 'Other',
    subcategory: 'Antiques',
    stores: [LT],
    motif: 'teapot',
    hue: 200,
    tags: ['antique', 'vintage'],
    items: [
      ['Enamelware Teapot, 1950s', 48, 'A white and blue enamel teapot from a country kitchen, with honest chips.'],
      [
        'Colonial-Era Jamaican Pennies (set of 6)',
        65,
        'Six George VI and Elizabeth II Jamaican pennies in a display card.',
        { motif: 'coins' },
      ],
      [
        'Antique Mahogany Tray',
        120,
        'A turned mahogany serving tray from an old great house in Hanover.',
        { motif: 'sculpture' },
      ],
      [
        'Cast Iron Coal Iron',
        55,
        'A heavy old coal iron of the kind used before electricity reached the countryside.',
        { motif: 'dutch-pot' },
      ],
      [
        'Vintage Postcards of Kingston (bundle of 10)',
        40,
        'Ten postcards from the 1940s and 1950s, most written on and posted.',
        { motif: 'painting' },
      ],
    ],
  },
  {
    category: 'Other',
    subcategory: 'Crafts',
    stores: [MBC],
    motif: 'drum',
    hue: 30,
    tags: ['handmade', 'craft'],
    items: [
      [
        'Carved Mahogany Dolphin',
        48,
        'A dolphin carved from one piece of mahogany and polished by hand.',
        { motif: 'sculpture' },
      ],
      [
        'Hand-Woven Straw Placemats (set of 4)',
        26,
        'Natural straw placemats woven in St. Elizabeth.',
        { motif: 'basket' },
      ],
      ['Carved Calabash Bowl', 22, 'A dried calabash bowl carved with island scenes.', { motif: 'basket' }],
      [
        'Nyabinghi Hand Drum, Goatskin',
        110,
        'A traditional Rastafarian repeater drum with a goatskin head and rope tuning.',
      ],
      [
        'Rasta Wood Carving Sculptures, Walking Stick',
        75,
        'A walking stick topped with a carved head, in lignum vitae.',
        { motif: 'sculpture' },
      ],
    ],
  },
  {
    category: 'Other',
    subcategory: 'Miscellaneous',
    stores: [BMR, YF],
    motif: 'coffee-bag',
    hue: 25,
    tags: ['food', 'jamaican'],
    items: [
      [
        'Jamaica Blue Mountain Coffee Beans, 454 g',
        49,
        'Whole beans of 100% Jamaica Blue Mountain coffee, medium roast, roasted to order.',
        { store: BMR },
      ],
      [
        'Boston Bay Jerk Seasoning, Hot',
        9,
        'Wet jerk seasoning with scotch bonnet, pimento and thyme.',
        { store: YF, motif: 'spice-jar' },
      ],
      [
        'High Mountain Ground Coffee, 340 g',
        16,
        'A smooth everyday coffee from Jamaican hills, ground for drip and French press.',
        { store: BMR },
      ],
      [
        'Scotch Bonnet Pepper Sauce',
        7,
        'A fiery, fruity pepper sauce from Boston Bay; a drop goes a long way.',
        { store: YF, motif: 'sauce-bottle' },
      ],
      [
        'Sorrel Drink Mix Gift Box',
        18,
        'Dried sorrel, ginger and spice to brew the Christmas drink at home.',
        { store: YF, motif: 'gift-box' },
      ],
      [
        'Rum Cake in a Tin',
        29,
        'A dark, moist rum fruit cake made the traditional way, soaked for weeks.',
        { store: YF, motif: 'gift-box' },
      ],
      [
        'Blue Mountain Coffee Gift Set with Mug',
        59,
        'Two bags of Blue Mountain coffee and an enamel mug in a gift box.',
        { store: BMR, motif: 'gift-box' },
      ],
      [
        'Jerk Rub and Marinade Trio',
        21,
        'Dry rub, wet seasoning and marinade for the grill.',
        { store: YF, motif: 'spice-jar' },
      ],
      [
        'Spiced Bulla Cakes (pack of 6)',
        8.5,
        'Dense, sweet molasses and ginger bulla, best with butter and cheese.',
        { store: YF, motif: 'gift-box' },
      ],
      [
        'Canned Jamaican Ackee, 540 g',
        12,
        'Ready-to-cook ackee in brine for ackee and saltfish anywhere in the world.',
        { store: YF, motif: 'spice-jar' },
      ],
    ],
  },
];
