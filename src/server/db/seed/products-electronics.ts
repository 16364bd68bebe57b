import type { Shelf } from './shelf';

const HWT = 'half-way-tree-electronics';
const OSS = 'oracabessa-sound-system';

export const ELECTRONICS: Shelf[] = [
  {
    category: 'Electronics',
    subcategory: 'Smartphones',
    stores: [HWT],
    motif: 'phone',
    hue: 215,
    tags: ['phone', 'mobile'],
    items: [
      [
        'Samsung Galaxy A56 5G 128GB',
        389,
        'A bright 6.7-inch screen, a camera that copes with night-time street food, and a battery that lasts a full day out. Unlocked for Digicel and Flow.',
      ],
      [
        'Google Pixel 9a 128GB',
        499,
        'Clean Android with seven years of updates and one of the best point-and-shoot cameras at its price.',
      ],
      [
        'Motorola Moto G Power 2025',
        249,
        'A two-day battery for people who are rarely near a charger. Dual SIM, so one phone covers both networks.',
      ],
      [
        'Refurbished iPhone 14 128GB',
        529,
        'Grade-A refurbished with a new battery, tested in our Half Way Tree workshop and backed by a six-month local warranty.',
      ],
      [
        'Nokia G42 5G Dual SIM',
        179,
        'A sturdy, repairable phone with a 50 MP camera and three days of battery on light use.',
      ],
      [
        'Phone Accessories Kit: Case, Glass and Charger',
        29.99,
        'A clear shock-proof case, a tempered glass screen protector and a 20 W fast charger, matched to your phone model.',
      ],
    ],
  },
  {
    category: 'Electronics',
    subcategory: 'Laptops',
    stores: [HWT],
    motif: 'laptop',
    hue: 205,
    tags: ['laptop', 'computer'],
    items: [
      [
        'Lenovo IdeaPad Slim 3 15-inch Laptop',
        579,
        'Ryzen 5, 16 GB memory and a 512 GB SSD: a dependable laptop for school, office work and video calls.',
      ],
      [
        'HP 14-inch Chromebook',
        259,
        'Light, quick to start and easy to keep safe; good for students doing CSEC coursework online.',
      ],
      [
        'ASUS Vivobook 16 Laptop',
        649,
        'A large 16-inch screen and a full keyboard with a number pad for spreadsheets and accounts.',
      ],
      [
        'Dell Latitude 5420 Business Laptop (refurbished)',
        419,
        'A sturdy business laptop, refurbished with a new SSD and a fresh copy of Windows 11 Pro.',
      ],
      [
        'Apple MacBook Air 13-inch M3',
        1099,
        'Silent, fanless and fast, with a battery that outlasts a full day of lectures. Comes with a local one-year warranty.',
      ],
    ],
  },
  {
    category: 'Electronics',
    subcategory: 'Tablets',
    stores: [HWT],
    motif: 'tablet',
    hue: 225,
    tags: ['tablet', 'ereader'],
    items: [
      [
        'Apple iPad 10th Generation 64GB',
        349,
        'The everyday iPad with a 10.9-inch display, USB-C and all-day battery life.',
      ],
      [
        'Samsung Galaxy Tab A9+ 11-inch',
        219,
        'A big bright screen for streaming and homework, with room for a memory card.',
      ],
      [
        'Amazon Fire HD 10 Kids Tablet',
        189,
        'A rugged foam case, parental controls and a two-year worry-free guarantee for young hands.',
      ],
      ['Lenovo Tab M11 with Pen', 229, 'An 11-inch tablet with a pen in the box for note-taking and sketching.'],
      [
        'Rugged Tablet Case with Stand',
        24.5,
        'A shock-absorbing case with a fold-out stand and a shoulder strap, for tablets that go to school every day.',
      ],
    ],
  },
  {
    category: 'Electronics',
    subcategory: 'Headphones',
    stores: [HWT],
    motif: 'headphones',
    hue: 200,
    tags: ['audio', 'music'],
    items: [
      [
        'Sony WH-CH720N Noise Cancelling Headphones',
        129,
        'Light over-ear headphones that quiet the bus ride to work and last 35 hours per charge.',
      ],
      [
        'JBL Tune 520BT Wireless Headphones',
        49,
        'Punchy JBL bass for dancehall and reggae, folding flat into a backpack.',
        { store: OSS },
      ],
      [
        'Soundcore Liberty 4 NC Earbuds',
        79,
        'True wireless earbuds with strong noise cancelling and a pocket-sized charging case.',
      ],
      [
        'Roots Rock Wired Studio Headphones',
        39,
        'Closed-back wired headphones in red, gold and green, tuned for deep bass lines.',
        { store: OSS },
      ],
      [
        'Sound System Selector DJ Headphones',
        89,
        'Swivelling ear cups and a coiled cable for cueing records at a dance; loud and clear without distortion.',
        { store: OSS },
      ],
    ],
  },
  {
    category: 'Electronics',
    subcategory: 'Gaming',
    stores: [HWT],
    motif: 'gamepad',
    hue: 265,
    tags: ['gaming', 'console'],
    items: [
      [
        'PlayStation 5 Slim Digital Edition',
        449,
        'The slimmer PS5 with a 1 TB drive, set up and tested before it leaves the shop.',
      ],
      ['Nintendo Switch OLED', 349, 'Play on the TV or on the go with a vivid 7-inch OLED screen.'],
      ['Xbox Wireless Controller', 59, 'The standard Xbox controller; also pairs with PCs and phones over Bluetooth.'],
      [
        'EA Sports FC 26 for PS5',
        69,
        "This year's football game, with the Jamaica national team in the international line-up.",
      ],
      [
        'Gaming Headset with Microphone',
        45,
        'A padded headset with a flip-up microphone for team chat on console or PC.',
      ],
    ],
  },
  {
    category: 'Electronics',
    subcategory: 'Cameras',
    stores: [HWT],
    motif: 'camera',
    hue: 30,
    tags: ['camera', 'photography'],
    items: [
      [
        'Canon EOS R100 Mirrorless Camera Kit',
        579,
        'An easy first interchangeable-lens camera with an 18-45 mm lens for family events and travel.',
      ],
      [
        'GoPro HERO13 Black',
        399,
        "A waterproof action camera for snorkelling at Doctor's Cave and rafting on the Rio Grande.",
      ],
      ['Fujifilm Instax Mini 12 Instant Camera', 79, 'Print photos on the spot at weddings, birthdays and beach days.'],
      [
        'Sony ZV-1F Vlogging Camera',
        449,
        'A pocket camera with a wide lens and a directional microphone, made for vlogging and content creators.',
      ],
      [
        'Camera Tripod, 60-inch, with Phone Mount',
        34,
        'A light aluminium tripod with a quick-release plate and a clamp for phones.',
      ],
    ],
  },
  {
    category: 'Electronics',
    subcategory: 'Smart Home',
    stores: [HWT],
    motif: 'smart-speaker',
    hue: 180,
    tags: ['smart', 'home'],
    items: [
      [
        'Amazon Echo Dot 5th Generation',
        49,
        'A compact smart speaker for music, timers and reminders, with better bass than before.',
      ],
      [
        'TP-Link Tapo Smart Plug (2-pack)',
        25,
        'Switch lamps and fans on and off from your phone, and track power use to keep the JPS bill down.',
        { motif: 'smart-bulb' },
      ],
      [
        'Solar Smart Floodlight with Motion Sensor',
        89,
        'A bright motion-activated yard light that charges in the sun: no wiring and nothing added to the power bill.',
        { motif: 'smart-bulb' },
      ],
      [
        'Wi-Fi Colour Smart Bulbs (4-pack)',
        36,
        'Sixteen million colours and warm white, on a schedule or by voice; no hub needed.',
        { motif: 'smart-bulb' },
      ],
      [
        'JBL Charge 5 Portable Bluetooth Speaker',
        159,
        'A waterproof speaker loud enough for a beach lime, with a power bank built in.',
        { store: OSS },
      ],
    ],
  },
];
