/**
 * The picture a product's name asks for, where its shelf's motif would draw something else: a
 * "Cedar Coffee Table" on the furniture shelf (drawn as chairs) is a table, "Garden Hose" on the
 * outdoor shelf (drawn as a plant) is a hose. The words are checked in order, first match wins;
 * a name none of them names keeps its shelf's motif. `npx tsx scripts/sample-motifs.ts` lists
 * what every sample product is drawn as.
 */
export const MOTIF_WORDS: [word: RegExp, motif: string][] = [
  // Furniture and lights
  [/\blamps?\b/i, 'lamp'],
  [/\blanterns?\b/i, 'lantern'],
  [/\bflood ?lights?\b/i, 'floodlight'],
  [/\b(bookshelf|bookcase|shelf|shelves|shelving)\b/i, 'shelf'],
  [/\bweight bench(es)?\b/i, 'weight-bench'],
  [/\bbench(es)?\b/i, 'bench'],
  [/\bdoll ?houses?\b/i, 'dollhouse'], // before "table" and "chair": its furniture is a toy
  [/\btables?\b/i, 'table'],
  [/\bswings?\b/i, 'swing'], // a "Swing Seat" is not a car seat
  [/\bchairs?\b/i, 'chair'],
  [/\bseat covers?\b/i, 'car-seat'],

  // Electronics
  [/\b(headsets?|headphones|earbuds)\b/i, 'headphones'],
  [/\btripods?\b/i, 'tripod'], // before "camera": a "Camera Tripod" is a tripod
  [/\b(dash cam|reversing camera)\b/i, 'camera'],
  [/\bsmart plugs?\b/i, 'smart-plug'],
  [/\bplaystation \d\b|\bconsoles?\b/i, 'console'],
  [/\bnintendo switch\b/i, 'handheld-console'],
  [/\b(ea sports|video games?)\b/i, 'game-case'],
  [/\bsubwoofers?\b/i, 'subwoofer'],
  [/\bfm transmitters?\b/i, 'fm-transmitter'],
  [/\bjump starters?\b/i, 'jump-starter'],

  // Clothing and shoes
  [/\bswimsuits?\b|\bbathing suits?\b/i, 'swimsuit'],
  [/\btracksuits?\b/i, 'tracksuit'],
  [/\b(jacket|blazer)s?\b/i, 'jacket'],
  [/\bshorts\b/i, 'shorts'],
  [/\b(trousers|pants|slacks)\b/i, 'trousers'],
  [/\bskirts?\b/i, 'skirt'],
  [/\bsnorkel\b/i, 'snorkel'], // before "top": a "Dry-Top Snorkel" is no blouse
  [/(?<!-)\b(tops?|blouses?)\b/i, 'blouse'],
  [/\b(onesies?|bodysuits?|rompers?)\b/i, 'onesie'],
  [/\bschool (uniform )?shirts?\b/i, 'shirt'],
  [/\b(running )?vests?\b|\bsinglets?\b/i, 'vest'],
  [/\bsandals?\b/i, 'sandals'],
  [/\b(slides|flip[- ]flops)\b/i, 'slides'],
  [/\bwedges\b|\bespadrilles?\b/i, 'wedge'],
  [/\bboots\b/i, 'boot'],
  [/\bhats?\b/i, 'sun-hat'],
  [/\b(tams?|beanies?)\b/i, 'tam'],

  // Home, kitchen and garden
  [/\bwall (decor|art)\b/i, 'hummingbird'],
  [/\bwind chimes?\b/i, 'wind-chime'],
  [/\bcushions?\b/i, 'cushion'],
  [/\bgraters?\b/i, 'grater'],
  [/\b(mortar|pestle)\b/i, 'mortar'],
  [/\bgrills?\b/i, 'grill'],
  [/\b(coffee|french) press\b/i, 'coffee-press'],
  [/\btowels?\b/i, 'towels'],
  [/\bhammocks?\b/i, 'hammock'],
  [/\bhoses?\b/i, 'hose'],
  [/\bplace ?mats?\b/i, 'placemat'],
  [/\bfloor mats?\b/i, 'floor-mat'],
  [/\byoga mats?\b/i, 'yoga-mat'],

  // Sports
  [/\bresistance bands?\b/i, 'resistance-band'],
  [/\b(skipping|jump) ropes?\b/i, 'skipping-rope'],
  [/\bkettlebells?\b/i, 'kettlebell'],
  [/\b(netball|volleyball)s?\b/i, 'netball'],
  [/\b(backpack|rucksack)s?\b/i, 'backpack'],
  [/\bhelmets?\b/i, 'helmet'],
  [/\b(equipment|kit|gym|duffel|duffle) bags?\b/i, 'duffel'],
  [/\bcones\b|\bagility ladders?\b/i, 'cones'],
  [/\bstarting blocks\b/i, 'starting-blocks'],

  // Records, then beauty and wellness
  [/\b(vinyl|lp|singles?)\b/i, 'vinyl'], // before "foundation": "Ska Foundation … Singles" are records
  [/\b(palettes?|highlighters?|eyeshadows?)\b/i, 'palette'],
  [/\bfoundation\b|\bpowder compacts?\b/i, 'compact'],
  [/\bmascaras?\b/i, 'mascara'],
  [/\bdeodorants?\b/i, 'deodorant'],
  [/\btoothpaste\b/i, 'toothpaste'],
  [/\bbody (butter|scrub)\b|\bface cream\b/i, 'cream-jar'],
  [/\btonics?\b/i, 'tonic'],
  [/\btea\b/i, 'tea'], // after "towels": tea towels are towels

  // Toys and games
  [/\bpuzzles?\b/i, 'puzzle'],
  [/\brobots?\b/i, 'robot'],
  [/\babacus\b/i, 'abacus'],
  [/\bdinosaurs?\b/i, 'dinosaur'],
  [/\bdominoes\b/i, 'dominoes'],
  [/\b(card game|playing cards|flash cards)\b/i, 'cards'],
  [/\b(chess|checkers|draughts)\b/i, 'chess'],
  [/\bwater (blaster|gun|pistol)s?\b/i, 'water-blaster'],
  [/\bbubbles?\b/i, 'bubbles'],

  // Automotive
  [/\b(oil|air|fuel) filters?\b/i, 'oil-filter'],
  [/\bspark plugs?\b/i, 'spark-plug'],
  [/\bradiators?\b/i, 'radiator'],
  [/\bsun ?shades?\b/i, 'sun-shade'],
  [/\b(floor|trolley|car) jacks?\b/i, 'floor-jack'],
  [/\b(socket|ratchet)s?\b/i, 'socket-set'],
  [/\bgauges?\b/i, 'gauge'],

  // Crafts, antiques and food
  [/\btrays?\b/i, 'tray'],
  [/\b(coal|flat|box) irons?\b/i, 'coal-iron'],
  [/\bbowls?\b/i, 'bowl'],
  [/\bdolphins?\b/i, 'dolphin'],
  [/\bpostcards?\b/i, 'postcards'],
  [/\b(canned|tinned)\b/i, 'can'],
  [/\bbullas?\b/i, 'bulla'],
  [/\brum cakes?\b/i, 'cake-tin'],
];

export function motifForName(name: string): string | undefined {
  return MOTIF_WORDS.find(([word]) => word.test(name))?.[1];
}
