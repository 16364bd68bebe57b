import { CATEGORIES, type Category } from '../../../lib/catalog';
import { motifForName } from './motif-for-name';
import { seededRandom, slugify } from './random';
import {
  CATALOGUE_END,
  CATALOGUE_START,
  CATEGORY_CODES,
  compareAtFor,
  imageCount,
  type ProductRow,
  productTags,
  SHELVES,
  salesFigures,
  stockLevel,
} from './sample-catalog';
import type { Shelf } from './shelf';

/** Things sold in each subcategory and the variants they come in, for plausible synthetic names. */
const VOCABULARY: Record<string, [items: string[], variants: string[]]> = {
  'Electronics/Smartphones': [
    ['Smartphone', '5G Phone', 'Android Phone', 'Rugged Phone', 'Flip Phone', 'Phone Case'],
    ['64GB', '128GB', '256GB', 'Dual SIM', 'Unlocked', 'Refurbished'],
  ],
  'Electronics/Laptops': [
    ['Laptop', 'Chromebook', 'Ultrabook', 'Gaming Laptop', 'Laptop Stand', 'Laptop Sleeve'],
    ['14-inch', '15.6-inch', '16 GB RAM', '512 GB SSD', 'Refurbished', 'Student Edition'],
  ],
  'Electronics/Tablets': [
    ['Tablet', 'Kids Tablet', 'Drawing Tablet', 'Tablet Case', 'Stylus Pen'],
    ['8-inch', '10-inch', '11-inch', 'Wi-Fi', 'LTE', '64GB'],
  ],
  'Electronics/Headphones': [
    ['Headphones', 'Earbuds', 'Neckband Earphones', 'Studio Headphones', 'DJ Headphones'],
    ['Wireless', 'Noise Cancelling', 'Wired', 'Bass Boost', 'Sport'],
  ],
  'Electronics/Gaming': [
    ['Game Controller', 'Gaming Headset', 'Gaming Mouse', 'Gaming Keyboard', 'Charging Dock', 'Console Skin'],
    ['for PS5', 'for Xbox', 'for Switch', 'RGB', 'Wireless'],
  ],
  'Electronics/Cameras': [
    ['Action Camera', 'Instant Camera', 'Mirrorless Camera', 'Security Camera', 'Ring Light', 'Tripod'],
    ['4K', 'Waterproof', 'Kit', 'Wi-Fi', 'Compact'],
  ],
  'Electronics/Smart Home': [
    ['Smart Plug', 'Smart Bulb', 'Smart Speaker', 'Video Doorbell', 'Motion Sensor', 'Solar Floodlight'],
    ['Wi-Fi', '2-pack', '4-pack', 'Voice Control', 'Outdoor'],
  ],
  "Clothing/Men's": [
    ['Linen Shirt', 'Polo Shirt', 'Chino Shorts', 'Guayabera', 'Cargo Pants', 'T-Shirt'],
    ['S', 'M', 'L', 'XL', 'XXL'],
  ],
  "Clothing/Women's": [
    ['Maxi Dress', 'Wrap Skirt', 'Linen Trousers', 'Crop Top', 'Swimsuit', 'Sundress'],
    ['XS', 'S', 'M', 'L', 'XL'],
  ],
  'Clothing/Kids': [
    ['Kids T-Shirt', 'School Shirt', 'Sundress', 'Board Shorts', 'Onesie', 'Pyjama Set'],
    ['Age 2-3', 'Age 4-5', 'Age 6-7', 'Age 8-10', 'Age 11-13'],
  ],
  'Clothing/Shoes': [
    ['Sneakers', 'Sandals', 'Desert Boots', 'Slides', 'Loafers', 'Espadrilles'],
    ['Size 7', 'Size 8', 'Size 9', 'Size 10', 'Size 11'],
  ],
  'Clothing/Accessories': [
    ['Snapback Cap', 'Straw Hat', 'Knit Tam', 'Tote Bag', 'Belt', 'Sunglasses'],
    ['One Size', 'Adjustable', 'Handmade', 'Unisex'],
  ],
  'Home & Garden/Furniture': [
    ['Rocking Chair', 'Coffee Table', 'Bookshelf', 'Bedside Table', 'Dining Chair', 'Bench'],
    ['Mahogany', 'Cedar', 'Blue Mahoe', 'Cane', 'Teak Finish'],
  ],
  'Home & Garden/Decor': [
    ['Vase', 'Wall Art', 'Table Lamp', 'Wind Chime', 'Cushion Cover', 'Mirror'],
    ['Small', 'Large', 'Set of 2', 'Handmade', 'Hand-Painted'],
  ],
  'Home & Garden/Kitchen': [
    ['Dutch Pot', 'Pestle and Mortar', 'Cutting Board', 'Grater', 'Tea Towels', 'Coffee Press'],
    ['8-inch', '10-inch', '12-inch', 'Set of 3', 'Heavy Duty'],
  ],
  'Home & Garden/Outdoor': [
    ['Hammock', 'Garden Hose', 'Planter', 'Solar Lantern', 'Patio Umbrella', 'Seedling'],
    ['Weatherproof', '50 ft', 'Set of 4', 'Large', 'Outdoor Grade'],
  ],
  'Home & Garden/Storage': [
    ['Storage Basket', 'Pantry Container', 'Wall Shelf', 'Laundry Hamper', 'Storage Box', 'Shoe Rack'],
    ['Set of 3', 'Stackable', 'Lidded', 'Large', 'Collapsible'],
  ],
  'Sports/Fitness': [
    ['Dumbbells', 'Yoga Mat', 'Resistance Bands', 'Kettlebell', 'Skipping Rope', 'Ab Roller'],
    ['5 kg', '10 kg', 'Set', 'Non-Slip', 'Adjustable'],
  ],
  'Sports/Team Sports': [
    ['Football', 'Netball', 'Cricket Bat', 'Cricket Ball', 'Basketball', 'Volleyball'],
    ['Size 5', 'Size 4', 'Match Grade', 'Training', 'Junior'],
  ],
  'Sports/Outdoor Activities': [
    ['Camping Tent', 'Snorkel Set', 'Hiking Backpack', 'Water Bottle', 'Dry Bag', 'Cooler'],
    ['2-Person', '30 L', '1 L', 'Waterproof', 'Insulated'],
  ],
  'Sports/Equipment': [
    ['Starting Blocks', 'Weight Bench', 'Training Cones', 'Agility Ladder', 'Stopwatch', 'Equipment Bag'],
    ['Adjustable', 'Foldable', 'Set of 20', 'Pro', 'Club'],
  ],
  'Sports/Apparel': [
    ['Running Vest', 'Track Spikes', 'Compression Shorts', 'Tracksuit', 'Jersey', 'Sports Bra'],
    ['S', 'M', 'L', 'XL', 'Team Order'],
  ],
  'Books/Fiction': [
    ['Novel', 'Short Story Collection', 'Poetry Collection', 'Crime Novel', 'Romance Novel'],
    ['Paperback', 'Hardcover', 'Signed Copy', 'Second Edition'],
  ],
  'Books/Non-Fiction': [
    ['Biography', 'History of Jamaica', 'Cookbook', 'Travel Guide', 'Memoir', 'Essay Collection'],
    ['Paperback', 'Hardcover', 'Illustrated', 'Revised Edition'],
  ],
  'Books/Textbooks': [
    ['CSEC Study Guide', 'CAPE Textbook', 'PEP Workbook', 'Past Papers', 'Revision Guide'],
    ['Mathematics', 'English A', 'Biology', 'Chemistry', 'Physics', 'Geography'],
  ],
  "Books/Children's": [
    ['Picture Book', 'Board Book', 'Anansi Story Book', 'Activity Book', 'Colouring Book'],
    ['Ages 3-5', 'Ages 5-7', 'Ages 7-9', 'Illustrated'],
  ],
  'Books/E-books': [
    ['E-book', 'E-book Bundle', 'E-reader', 'E-reader Cover', 'Audiobook Code'],
    ['Digital Code', '6-inch', 'Waterproof', 'Collection'],
  ],
  'Health & Beauty/Skincare': [
    ['Body Butter', 'Aloe Gel', 'Face Serum', 'Sunscreen', 'Body Scrub', 'Face Cream'],
    ['50 ml', '100 ml', '200 ml', 'Unscented', 'SPF 30'],
  ],
  'Health & Beauty/Makeup': [
    ['Lipstick', 'Lip Gloss', 'Foundation', 'Highlighter', 'Mascara', 'Eyeshadow Palette'],
    ['Matte', 'Shimmer', 'Deep Shade', 'Warm Shade', 'Waterproof'],
  ],
  'Health & Beauty/Wellness': [
    ['Moringa Capsules', 'Herbal Tea', 'Sea Moss Gel', 'Ginger Tonic', 'Turmeric Powder'],
    ['30 bags', '90 capsules', '250 g', 'Organic', 'Family Size'],
  ],
  'Health & Beauty/Personal Care': [
    ['Soap Bar', 'Castor Oil', 'Deodorant', 'Toothpaste', 'Shampoo Bar', 'Beard Oil'],
    ['Set of 3', '4 oz', 'Unscented', 'Travel Size', 'Family Size'],
  ],
  'Health & Beauty/Fragrances': [
    ['Eau de Parfum', 'Body Mist', 'Cologne', 'Perfume Oil', 'Aftershave'],
    ['30 ml', '50 ml', '100 ml', 'Roller', 'Gift Set'],
  ],
  'Toys/Educational': [
    ['Alphabet Blocks', 'Wooden Puzzle', 'Science Kit', 'Abacus', 'Magnetic Tiles', 'Flash Cards'],
    ['Ages 3+', 'Ages 5+', 'Ages 8+', '60 Pieces', 'Set'],
  ],
  'Toys/Action Figures': [
    ['Action Figure', 'Hero Figure Set', 'Robot Truck', 'Dinosaur Set', 'Warrior Figure'],
    ['6-inch', '5-pack', 'Poseable', 'Deluxe', 'Collector'],
  ],
  'Toys/Dolls': [
    ['Rag Doll', 'Fashion Doll', 'Baby Doll', 'Doll House', 'Doll Family'],
    ['Handmade', 'With Accessories', 'Natural Hair', 'Deluxe'],
  ],
  'Toys/Games': [
    ['Ludo Board', 'Dominoes', 'Card Game', 'Chess Set', 'Trivia Game', 'Jigsaw Puzzle'],
    ['Family Edition', 'Travel Size', 'Wooden', '1000 Pieces', 'Deluxe'],
  ],
  'Toys/Outdoor': [
    ['Kite', 'Football Goal Set', 'Water Blaster', 'Swing Seat', 'Bubble Machine', 'Skipping Rope'],
    ['Kids', 'Large', '2-pack', 'Weatherproof', 'Deluxe'],
  ],
  'Automotive/Parts': [
    ['Brake Pads', 'Brake Rotor', 'Oil Filter', 'Spark Plugs', 'Radiator', 'Air Filter'],
    ['for Toyota Corolla', 'for Honda Fit', 'for Nissan AD Wagon', 'for Toyota Probox', 'for Suzuki Swift'],
  ],
  'Automotive/Accessories': [
    ['Steering Wheel Cover', 'Sun Shade', 'Floor Mats', 'Seat Covers', 'Phone Mount', 'Air Freshener'],
    ['Universal', 'Set of 4', 'Leather', 'All-Weather', 'Rasta Colours'],
  ],
  'Automotive/Tools': [
    ['Wrench Set', 'Floor Jack', 'Socket Set', 'Tyre Gauge', 'Jump Starter', 'Screwdriver Set'],
    ['12 Pieces', '2 Tonne', '46 Pieces', 'Digital', 'Heavy Duty'],
  ],
  'Automotive/Car Care': [
    ['Car Wax', 'Car Shampoo', 'Microfibre Towels', 'Tyre Shine', 'Interior Cleaner', 'Glass Cleaner'],
    ['500 ml', '1 L', 'Pack of 10', 'Carnauba', 'UV Protect'],
  ],
  'Automotive/Electronics': [
    ['Car Stereo', 'Dash Cam', 'Reversing Camera', 'FM Transmitter', 'Subwoofer', 'USB Car Charger'],
    ['Bluetooth', 'Full HD', 'Double-DIN', 'Wireless', '12-inch'],
  ],
  'Jewelry/Necklaces': [
    ['Pendant Necklace', 'Chain Necklace', 'Choker', 'Layered Necklace', 'Locket'],
    ['Sterling Silver', 'Gold-Plated', 'Larimar', 'Sea Glass', '18-inch'],
  ],
  'Jewelry/Rings': [
    ['Stacking Ring', 'Cocktail Ring', 'Signet Ring', 'Band Ring', 'Promise Ring'],
    ['Size 6', 'Size 7', 'Size 8', 'Sterling Silver', 'Rose Gold'],
  ],
  'Jewelry/Bracelets': [
    ['Beaded Bracelet', 'Cuff Bracelet', 'Charm Bracelet', 'Friendship Bracelet', 'Bangle Set'],
    ['Sterling Silver', 'Adjustable', 'Set of 3', 'Larimar', 'Wooden'],
  ],
  'Jewelry/Earrings': [
    ['Drop Earrings', 'Hoop Earrings', 'Stud Earrings', 'Dangle Earrings', 'Ear Cuffs'],
    ['Sterling Silver', 'Gold-Plated', 'Sea Glass', 'Hypoallergenic', 'Hand-Painted'],
  ],
  'Jewelry/Watches': [
    ['Dive Watch', 'Chronograph Watch', 'Digital Watch', 'Mesh Watch', 'Fitness Tracker'],
    ['Stainless Steel', 'Leather Strap', 'Rose Gold', 'Water Resistant', 'Solar'],
  ],
  'Other/Art': [
    ['Acrylic Painting', 'Oil Painting', 'Art Print', 'Watercolour', 'Wood Sculpture', 'Mixed Media Piece'],
    ['Signed', 'Framed', 'Limited Edition', '16 x 20 inches', 'Original'],
  ],
  'Other/Collectibles': [
    ['Reggae LP', 'Ska Single', 'Commemorative Coin', 'Travel Poster', 'Stamp Set', 'Cricket Memorabilia'],
    ['1960s', '1970s', 'First Pressing', 'Graded VG+', 'Certified'],
  ],
  'Other/Antiques': [
    ['Enamel Teapot', 'Coal Iron', 'Mahogany Tray', 'Postcard Bundle', 'Brass Lantern', 'Penny Set'],
    ['1940s', '1950s', 'Colonial Era', 'Restored', 'Original'],
  ],
  'Other/Crafts': [
    ['Hand Drum', 'Carved Dolphin', 'Straw Placemats', 'Calabash Bowl', 'Wood Carving', 'Woven Basket'],
    ['Handmade', 'Mahogany', 'Lignum Vitae', 'Set of 4', 'Signed'],
  ],
  'Other/Miscellaneous': [
    ['Coffee Beans', 'Ground Coffee', 'Jerk Seasoning', 'Pepper Sauce', 'Sorrel Mix', 'Rum Cake'],
    ['Blue Mountain', '454 g', '340 g', 'Hot', 'Mild', 'Gift Box'],
  ],
};

const ADJECTIVES = [
  'Classic',
  'Island',
  'Everyday',
  'Premium',
  'Yaad',
  'Heritage',
  'Sunrise',
  'Coastal',
  'Uptown',
  'Country',
  'Roots',
  'Irie',
  'Tropical',
  'Portland',
  'Mountain',
  'Harbour',
];
const COLOURS = ['Black', 'White', 'Gold', 'Green', 'Red', 'Ocean Blue', 'Coral', 'Sand', 'Mahogany', 'Navy'];

type Source = {
  shelf: Shelf;
  items: string[];
  variants: string[];
  motifs: string[];
  stores: string[];
  min: number;
  max: number;
};

/** What each subcategory can generate, from the vocabulary and from the sample shelves. */
function sources(): Source[] {
  return (Object.keys(CATEGORIES) as Category[]).flatMap((category) =>
    CATEGORIES[category].map((subcategory) => {
      const shelves = SHELVES.filter((s) => s.category === category && s.subcategory === subcategory);
      const lines = shelves.flatMap((s) => s.items.map((line) => ({ shelf: s, line })));
      const [items, variants] = VOCABULARY[`${category}/${subcategory}`];
      const prices = lines.map(({ line }) => line[1]);
      return {
        shelf: shelves[0],
        items,
        variants,
        motifs: [...new Set(lines.map(({ shelf, line }) => line[3]?.motif ?? shelf.motif))],
        stores: [
          ...new Set(lines.map(({ shelf, line }, i) => line[3]?.store ?? shelf.stores[i % shelf.stores.length])),
        ],
        min: Math.min(...prices),
        max: Math.max(...prices),
      };
    }),
  );
}

/**
 * Synthetic products for benchmark catalogues: plausible, varied names ("Irie Ocean Blue Maxi
 * Dress, M") in every subcategory, sold by the sample stores. Ids and SKUs are unique within a
 * seed; the same count and seed always give the same rows.
 */
export function* generateCatalog(count: number, seed = 1): Generator<ProductRow> {
  const random = seededRandom(seed * 7919 + 17);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const all = sources();
  for (let i = 0; i < count; i++) {
    const source = all[i % all.length];
    const { shelf } = source;
    const colour = random() < 0.4 ? `${pick(COLOURS)} ` : '';
    const adjective = pick(ADJECTIVES);
    const item = pick(source.items);
    const name = `${adjective} ${colour}${item}, ${pick(source.variants)}`;
    const low = Math.max(3.5, source.min * 0.6);
    const high = Math.min(1899, source.max * 1.3);
    const priceCents = Math.max(350, Math.round(((low + random() * (high - low)) * 100) / 50) * 50 - 1);
    const createdAt = new Date(CATALOGUE_START + Math.floor(random() * (CATALOGUE_END - CATALOGUE_START)));
    // The item's own picture when its name asks for one (a Coffee Table is a table), else one of its shelf's.
    const fromShelf = pick(source.motifs);
    const motif = motifForName(item) ?? fromShelf;
    const hue = Math.floor(random() * 360);
    const serial = `${seed}-${i + 1}`;
    yield {
      id: `${slugify(name)}-g${serial}`,
      storeId: pick(source.stores),
      name,
      description: `${name} from a Jamaican seller. ${pick(DESCRIPTIONS)}`,
      priceCents,
      compareAtCents: random() < 0.15 ? compareAtFor(priceCents, random) : null,
      images: Array.from({ length: imageCount(random) }, (_, n) => `/media/products/${motif}-${hue}-${n + 1}.svg`),
      category: shelf.category,
      subcategory: shelf.subcategory,
      stock: stockLevel(random),
      ...salesFigures(random),
      tags: productTags(shelf, name),
      sku: `YM-${CATEGORY_CODES[shelf.category].sku}-G${serial}`,
      createdAt,
      updatedAt: createdAt,
    };
  }
}

const DESCRIPTIONS = [
  'Checked by hand before it ships.',
  'Made to last in the heat and humidity.',
  'A popular choice with repeat customers.',
  'Ships in recyclable packaging.',
  'Ask the seller about sizes and colours before ordering.',
  'Good value for everyday use.',
];
