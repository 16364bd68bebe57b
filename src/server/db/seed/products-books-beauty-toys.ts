import type { Shelf } from './shelf';

const BOOKS = 'mandeville-book-nook';
const PN = 'portland-naturals';
const ORW = 'ocho-rios-resort-wear';
const TOYS = 'spanish-town-toy-box';

export const BOOK_SHELVES: Shelf[] = [
  {
    category: 'Books',
    subcategory: 'Fiction',
    stores: [BOOKS],
    motif: 'book',
    hue: 280,
    tags: ['novel', 'caribbean'],
    items: [
      [
        'A Brief History of Seven Killings by Marlon James',
        19.5,
        'The Booker Prize-winning novel that spins out from the 1976 attempt on the life of Bob Marley.',
      ],
      [
        'The Book of Night Women by Marlon James',
        17,
        'A fierce novel set on an eighteenth-century Jamaican sugar plantation.',
      ],
      [
        'Here Comes the Sun by Nicole Dennis-Benn',
        16.5,
        'Two sisters in Montego Bay navigate the resort economy in a debut novel full of heat and heart.',
      ],
      [
        'The Lunatic by Anthony C. Winkler',
        14,
        'A riotous, big-hearted comic novel about a village madman who talks to trees.',
      ],
      [
        'Augown by Erna Brodber',
        15,
        'A lyrical novel of a Jamaican girl finding her place between the country and the world.',
      ],
    ],
  },
  {
    category: 'Books',
    subcategory: 'Non-Fiction',
    stores: [BOOKS],
    motif: 'book',
    hue: 250,
    tags: ['history', 'biography'],
    items: [
      [
        'Bob Marley: The Untold Story, Biography',
        22,
        'A detailed biography of Bob Marley from Nine Mile to world stage, with rare photographs.',
      ],
      ['The Story of the Jamaican People', 28, 'A readable history of Jamaica from the Tainos to independence.'],
      [
        'Jerk from Jamaica: Barbecue Caribbean Style',
        26,
        'A cookbook of jerk, festivals and pepper sauces with the story of Boston Bay.',
      ],
      [
        'Miss Lou: Jamaica Labrish, Collected Poems',
        18,
        "Louise Bennett's celebrated poems in Jamaican patois, with notes for new readers.",
      ],
      [
        'Usain Bolt: The Fastest Man Alive',
        17.5,
        'The sprinter tells his own story, from Trelawny schoolboy to Olympic legend.',
      ],
    ],
  },
  {
    category: 'Books',
    subcategory: 'Textbooks',
    stores: [BOOKS],
    motif: 'textbook',
    hue: 210,
    tags: ['school', 'exam'],
    items: [
      [
        'CSEC Mathematics Study Guide',
        32,
        'Every topic of the CSEC Mathematics syllabus with worked examples and past-paper practice.',
      ],
      [
        'CAPE Caribbean Studies Textbook',
        38,
        'The full CAPE Caribbean Studies course with essay guidance and internal assessment tips.',
      ],
      [
        'CSEC English A Comprehensive Revision',
        29,
        'Comprehension, summary and essay writing practice with model answers.',
      ],
      [
        'Primary Exit Profile (PEP) Practice Workbook, Grade 6',
        19,
        'Performance tasks and ability tests in the format of the PEP exams.',
      ],
      [
        'CSEC Biology with Online Practice',
        42,
        'A full-colour biology textbook with diagrams, experiments and an online test bank.',
      ],
    ],
  },
  {
    category: 'Books',
    subcategory: "Children's",
    stores: [BOOKS, TOYS],
    motif: 'picture-book',
    hue: 45,
    tags: ['kids', 'picturebook'],
    items: [
      [
        'Anansi the Spider: Tales from Jamaica',
        14,
        'Favourite Anansi stories retold and illustrated for readers aged five to nine.',
      ],
      [
        'Hill and Gully Rider: Jamaican Rhymes for Children',
        12.5,
        'Ring games, folk songs and rhymes with bright pictures to sing along to.',
      ],
      ['Duppy Stories for Brave Children', 11, 'Gently spooky Jamaican ghost stories for bedtime, not too scary.'],
      ['My First Patois Words Board Book', 9.5, 'A sturdy board book of everyday Jamaican words for toddlers.'],
      [
        'The Doctor Bird Who Could Not Fly',
        13,
        'A picture book about a little hummingbird in the Blue Mountains who finds her wings.',
      ],
    ],
  },
  {
    category: 'Books',
    subcategory: 'E-books',
    stores: [BOOKS],
    motif: 'ereader',
    hue: 190,
    tags: ['ebook', 'digital'],
    items: [
      [
        'Kindle Paperwhite 16 GB',
        159,
        'A glare-free e-reader that is easy on the eyes in bright sunlight, with weeks of battery.',
      ],
      ['Caribbean Classics E-book Bundle', 24, 'Ten classic Caribbean novels as e-books, delivered by download code.'],
      [
        'Jamaican Cooking E-book Collection',
        15,
        'Three Jamaican cookbooks as e-books: everyday meals, jerk and Christmas baking.',
      ],
      [
        'Kobo Clara BW E-reader',
        129,
        'A 6-inch e-reader with a warm light for reading at night, and library lending built in.',
      ],
      ['CSEC Past Papers E-book Pack', 19, 'Five years of CSEC past papers with answers as searchable e-books.'],
    ],
  },
];

export const HEALTH_AND_BEAUTY: Shelf[] = [
  {
    category: 'Health & Beauty',
    subcategory: 'Skincare',
    stores: [PN],
    motif: 'lotion',
    hue: 110,
    tags: ['skincare', 'natural'],
    items: [
      ['Virgin Coconut Oil Body Butter', 18, 'Whipped coconut oil and shea butter that melts into dry skin.'],
      [
        'Aloe Vera After-Sun Gel',
        12,
        'Cooling gel made from fresh aloe grown in Portland, for skin that saw too much sun.',
      ],
      ['Moringa Face Serum', 26, 'A light serum with moringa and rosehip oils to brighten tired skin.'],
      ['Mineral Sunscreen SPF 50', 21, 'A reef-safe zinc sunscreen that rubs in clear.'],
      [
        'Coffee and Coconut Body Scrub',
        16,
        'Blue Mountain coffee grounds and coconut oil polish rough knees and elbows.',
      ],
    ],
  },
  {
    category: 'Health & Beauty',
    subcategory: 'Makeup',
    stores: [PN, ORW],
    motif: 'lipstick',
    hue: 345,
    tags: ['makeup', 'beauty'],
    items: [
      ['Matte Lipstick in Sorrel Red', 14, 'A long-wearing matte lipstick in a deep Christmas-sorrel red.'],
      ['Tinted Lip Balm with Coconut Oil', 7.5, 'A sheer tint that softens lips, in three shades.'],
      [
        'Mineral Foundation for Deep Skin Tones',
        28,
        'A buildable powder foundation in twelve shades for brown and dark skin.',
      ],
      ['Highlighter Palette in Golden Hour', 22, 'Four warm highlighters that glow on every skin tone.'],
      ['Waterproof Mascara', 12, 'A lengthening mascara that survives humidity, sweat and the sea.'],
    ],
  },
  {
    category: 'Health & Beauty',
    subcategory: 'Wellness',
    stores: [PN],
    motif: 'supplement',
    hue: 95,
    tags: ['wellness', 'herbal'],
    items: [
      ['Moringa Leaf Capsules (90)', 19, 'Dried moringa leaf from Portland farms in vegetarian capsules.'],
      [
        'Cerasee Herbal Tea (30 bags)',
        9,
        'The bitter bush tea Jamaican grandmothers swear by, in convenient tea bags.',
      ],
      [
        'Ginger and Turmeric Tonic',
        15,
        'A warming tonic of Jamaican ginger, turmeric and lime, ready to mix with water.',
      ],
      ['Sea Moss Gel, Natural', 17, 'Wild-harvested Irish moss blended into a smooth gel for smoothies and punch.'],
      ['Soursop Leaf Tea (25 bags)', 10, 'A mild, calming bedtime tea of dried soursop leaves.'],
    ],
  },
  {
    category: 'Health & Beauty',
    subcategory: 'Personal Care',
    stores: [PN],
    motif: 'soap',
    hue: 160,
    tags: ['bath', 'haircare'],
    items: [
      [
        'Aloe and Coconut Soap Bars (set of 3)',
        12,
        'Cold-process soaps with fresh aloe and coconut milk, gentle enough for the face.',
      ],
      [
        'Jamaican Black Castor Oil, 4 oz',
        11,
        'Roasted-bean castor oil for hair, scalp and edges, made the traditional way.',
        { motif: 'lotion' },
      ],
      [
        'Natural Deodorant with Lemongrass',
        9,
        'An aluminium-free deodorant that holds up in the heat.',
        { motif: 'lotion' },
      ],
      [
        'Charcoal and Peppermint Toothpaste',
        8,
        'A fluoride toothpaste with activated charcoal and a strong mint finish.',
        { motif: 'lotion' },
      ],
      [
        'Shea and Coconut Shampoo Bar',
        13,
        'A solid shampoo that lasts as long as two bottles, for curly and coily hair.',
      ],
    ],
  },
  {
    category: 'Health & Beauty',
    subcategory: 'Fragrances',
    stores: [PN, ORW],
    motif: 'perfume',
    hue: 20,
    tags: ['fragrance', 'perfume'],
    items: [
      ['Bay Rum Aftershave', 18, 'The classic spicy bay rum splash made with West Indian bay leaves.'],
      [
        'Night Jasmine Eau de Parfum',
        48,
        'A heady floral scent of the night-blooming jasmine that fills Jamaican yards after dark.',
      ],
      ['Ocean Breeze Body Mist', 16, 'A light, fresh mist of sea salt, lime and coconut water.'],
      ['Vetiver and Pimento Cologne', 42, 'A woody, warm cologne with Jamaican pimento berry.'],
      ['Frangipani Perfume Oil Roller', 22, 'A concentrated perfume oil in a travel roller.'],
    ],
  },
];

export const TOY_SHELVES: Shelf[] = [
  {
    category: 'Toys',
    subcategory: 'Educational',
    stores: [TOYS],
    motif: 'blocks',
    hue: 48,
    tags: ['learning', 'stem'],
    items: [
      [
        'Wooden Alphabet Blocks (26)',
        24,
        'Smooth painted blocks with letters and pictures, for stacking and first words.',
      ],
      ['Map of Jamaica Wooden Puzzle', 19, 'A 14-piece puzzle with one piece for each parish.'],
      ['Solar Robot Science Kit', 29, 'Build twelve little robots that run on sunshine; for ages eight and up.'],
      ['Abacus Counting Frame', 15, 'A classic wooden abacus with 100 bright beads.'],
      [
        'Magnetic Building Tiles (60 pieces)',
        49,
        'Clear coloured tiles that snap together into towers, houses and rockets.',
      ],
    ],
  },
  {
    category: 'Toys',
    subcategory: 'Action Figures',
    stores: [TOYS],
    motif: 'action-figure',
    hue: 220,
    tags: ['figures', 'heroes'],
    items: [
      ['Sprint Legend 6-inch Action Figure', 22, 'A poseable track star with spikes, a baton and a podium.'],
      ['Superhero Action Figure 5-Pack', 34, 'Five poseable heroes with capes and accessories.'],
      [
        'Maroon Warrior Figure with Abeng',
        18,
        'A hand-painted figure of a Maroon hero with an abeng horn, sold with a short history card.',
      ],
      ['Robot Transforming Truck', 27, 'A truck that turns into a robot in ten moves.'],
      ['Dinosaur Figure Set (8)', 21, 'Eight detailed dinosaurs including a T. rex and a triceratops.'],
    ],
  },
  {
    category: 'Toys',
    subcategory: 'Dolls',
    stores: [TOYS],
    motif: 'doll',
    hue: 320,
    tags: ['doll', 'play'],
    items: [
      [
        'Handmade Rag Doll in Bandana Dress',
        26,
        'A soft rag doll with puffs and a madras bandana dress, stitched in Montego Bay.',
        { store: 'montego-bay-craft-market' },
      ],
      ['Fashion Doll with Natural Hair', 24, 'A fashion doll with curly hair that can be washed and styled.'],
      ['Baby Doll with Bottle and Blanket', 29, 'A soft-bodied baby doll with a bottle, a blanket and a bib.'],
      ['Doll House Furniture Set', 32, 'Twenty pieces of wooden furniture for a doll house.'],
      ['Cloth Doll Family (set of 4)', 35, 'A mother, father and two children in cotton, made for small hands.'],
    ],
  },
  {
    category: 'Toys',
    subcategory: 'Games',
    stores: [TOYS],
    motif: 'board-game',
    hue: 10,
    tags: ['games', 'family'],
    items: [
      ['Ludo Board Game, Wooden', 22, 'A solid wooden Ludo board with counters and dice for yard games.'],
      [
        'Dominoes in a Mahogany Box',
        28,
        'Heavy, professional-weight dominoes that slap loud on the table, in a mahogany box.',
      ],
      [
        'Jamaica-opoly Property Trading Game',
        39,
        'Buy up Half Way Tree, Negril and Ocho Rios in this island take on the property game.',
      ],
      [
        'Family Card Game: Patois Charades',
        15,
        'Act out and guess Jamaican sayings; plenty of laughs for the whole family.',
      ],
      ['Checkers and Chess Set, Folding', 18, 'A folding board with checkers and chess pieces in a drawer.'],
    ],
  },
  {
    category: 'Toys',
    subcategory: 'Outdoor',
    stores: [TOYS],
    motif: 'kite',
    hue: 170,
    tags: ['outdoor', 'play'],
    items: [
      [
        'Easter Kite, Hand-Made Bamboo Frame',
        15,
        'A traditional Jamaican Easter kite with a bamboo frame and a long tail.',
      ],
      [
        'Kids Outdoor Football Goal Set',
        49,
        'Two folding pop-up goals and a size 3 ball for the yard.',
        { motif: 'football', store: 'morant-bay-sports' },
      ],
      ['Water Blaster Pack (2)', 18, 'Two pump-action water blasters for beach and yard battles.'],
      ['Outdoor Swing Seat', 36, 'A weatherproof swing seat with adjustable ropes for a strong tree branch.'],
      ['Bubble Machine with Solution', 21, 'A battery bubble machine that fills the yard with bubbles.'],
    ],
  },
];
