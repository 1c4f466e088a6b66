// A realistic generated catalogue for the benchmark: power-tool names, descriptions and prices
// from a fixed seed (the same catalogue every run), with the demo catalogue's images.

/** Mulberry32: a small seeded PRNG, so every run generates the same catalogue. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// kind, the demo product whose image it reuses, price range in dollars, what it does
const KINDS = [
  [
    'Drill/Driver',
    '20V Cordless Drill/Driver',
    [59, 249],
    'drills and drives screws in wood, metal and plastic',
  ],
  [
    'Hammer Drill',
    'Brushless Hammer Drill',
    [89, 329],
    'drills into brick, block and masonry with a hammer action',
  ],
  [
    'Impact Driver',
    '1/4" Impact Driver',
    [69, 279],
    'drives long screws and lag bolts without stripping',
  ],
  [
    'Impact Wrench',
    '1/4" Impact Driver',
    [119, 449],
    'loosens seized nuts and lug bolts in seconds',
  ],
  [
    'Angle Grinder',
    '4-1/2" Angle Grinder',
    [49, 229],
    'cuts, grinds and polishes metal, tile and stone',
  ],
  ['Circular Saw', '7-1/4" Circular Saw', [79, 299], 'rips and cross-cuts lumber and sheet goods'],
  [
    'Track Saw',
    '7-1/4" Circular Saw',
    [249, 699],
    'makes splinter-free straight cuts along a guide rail',
  ],
  ['Jigsaw', 'Orbital Jigsaw', [59, 259], 'cuts curves and scrolls in wood, laminate and metal'],
  [
    'Reciprocating Saw',
    'Reciprocating Saw',
    [69, 289],
    'cuts through nail-embedded wood, pipe and drywall',
  ],
  [
    'Miter Saw',
    '12" Sliding Compound Miter Saw',
    [199, 899],
    'makes precise miter and bevel cuts in trim and framing',
  ],
  [
    'Table Saw',
    '12" Sliding Compound Miter Saw',
    [299, 1499],
    'rips sheet goods and hardwood on a rigid table',
  ],
  [
    'Random Orbit Sander',
    '5" Random Orbit Sander',
    [49, 199],
    'sands swirl-free finishes on wood and paint',
  ],
  [
    'Belt Sander',
    '5" Random Orbit Sander',
    [79, 259],
    'removes stock fast on doors, decks and floors',
  ],
  [
    'Rotary Hammer',
    'SDS-Plus Rotary Hammer',
    [149, 599],
    'drills and chisels concrete with SDS-Plus bits',
  ],
  [
    'Demolition Hammer',
    'SDS-Plus Rotary Hammer',
    [299, 999],
    'breaks up tile, concrete and asphalt',
  ],
  [
    'Heat Gun',
    'Dual-Temperature Heat Gun',
    [29, 129],
    'strips paint, bends pipe and shrinks tubing',
  ],
  ['Router', 'Compact Wood Router', [89, 399], 'shapes edges, cuts dados and trims laminate'],
  ['Planer', 'Compact Wood Router', [99, 349], 'smooths and flattens boards and door edges'],
  [
    'Battery Pack',
    '20V 5.0Ah Battery Pack',
    [49, 249],
    'powers every tool of the platform with fuel-gauge LEDs',
  ],
  [
    'Charger',
    '20V 5.0Ah Battery Pack',
    [29, 149],
    'charges a pack in under an hour with active cooling',
  ],
  [
    'Work Light',
    'LED Cordless Work Light',
    [29, 179],
    'floods the job site with bright, even LED light',
  ],
  ['Flashlight', 'LED Cordless Work Light', [19, 89], 'throws a focused beam into tight spaces'],
  ['Multi-Tool', 'Orbital Jigsaw', [69, 249], 'plunge-cuts, scrapes and sands in tight corners'],
  [
    'Nailer',
    '1/4" Impact Driver',
    [149, 449],
    'drives finish and framing nails without a compressor',
  ],
  [
    'Wet/Dry Vacuum',
    'LED Cordless Work Light',
    [79, 299],
    'picks up dust, debris and liquids on site',
  ],
];
const VOLTAGES = ['12V', '18V', '20V', '20V MAX', '24V', '40V', '60V FlexVolt'];
const QUALIFIERS = [
  '',
  '',
  'Brushless',
  'Compact',
  'Heavy-Duty',
  'Pro',
  'XR',
  'Cordless',
  'Cordless',
];
const SERIES = ['', '', 'Kit', 'Kit', 'Bare Tool', 'Combo Kit', 'with 2 Batteries', 'Gen 2'];
const FEATURES = [
  'a brushless motor for longer runtime',
  'a variable-speed trigger and electronic brake',
  'an all-metal gearbox',
  'a bright LED that lights the work',
  'a belt clip and a contoured rubber grip',
  'low vibration for all-day comfort',
  'dust extraction through a standard port',
  'an overload clutch that protects the wrist',
  'tool-free blade and accessory changes',
  'a three-year limited warranty',
];

function productAt(random, index) {
  const pick = (list) => list[Math.floor(random() * list.length)];
  const [kind, imageOf, [low, high], use] = pick(KINDS);
  const name = [pick(VOLTAGES), pick(QUALIFIERS), kind, pick(SERIES), `TH-${1000 + index}`]
    .filter(Boolean)
    .join(' ');
  const features = [pick(FEATURES), pick(FEATURES)].filter((f, i, all) => all.indexOf(f) === i);
  const description = `This ${kind.toLowerCase()} ${use}. Built with ${features.join(' and ')}.`;
  // Prices end in .99 or .00, as a shop prices them.
  const dollars = Math.round(low + random() * (high - low));
  const cents = dollars * 100 + (random() < 0.7 ? 99 : 0);
  const availableQuantity = random() < 0.1 ? 0 : Math.floor(random() * 1000);
  const minQuantity = pick([1, 1, 2, 5, 10]);
  return { name, description, cents, minQuantity, availableQuantity, imageOf };
}

/**
 * Adds generated products until the catalogue has `total`, in batches (one statement of 1,000
 * products each), each with its one (default) variant carrying the price, minimum and stock, SKU
 * `BENCH-<product seq>`. Their images are the demo products' images.
 */
export async function generateCatalogue(pool, total) {
  const { rows: images } = await pool.query('SELECT name, image_url FROM product');
  const imageByName = new Map(images.map((r) => [r.name, r.image_url]));
  const fallback = images[0]?.image_url;
  const {
    rows: [{ count }],
  } = await pool.query('SELECT count(*)::int AS count FROM product');
  const random = prng(20_261_123);
  const missing = Math.max(0, total - count);
  for (let done = 0; done < missing; done += 1000) {
    const batch = Array.from({ length: Math.min(1000, missing - done) }, (_, i) =>
      productAt(random, count + done + i),
    );
    // The products, then their variants, matched by name (unique: each ends in TH-<n>).
    await pool.query(
      `WITH input AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::int[], $6::text[])
           WITH ORDINALITY AS t(name, description, cents, min_quantity, available, image_url, n)
       ), made AS (
         INSERT INTO product (name, description, image_url)
         SELECT name, description, image_url FROM input ORDER BY n
         RETURNING id, seq, name
       )
       INSERT INTO variant (product_id, sku, price_cents, min_quantity, available_quantity)
       SELECT made.id, 'BENCH-' || made.seq, input.cents, input.min_quantity, input.available
       FROM made JOIN input ON input.name = made.name`,
      [
        batch.map((p) => p.name),
        batch.map((p) => p.description),
        batch.map((p) => p.cents),
        batch.map((p) => p.minQuantity),
        batch.map((p) => p.availableQuantity),
        batch.map((p) => imageByName.get(p.imageOf) ?? fallback),
      ],
    );
  }
  return missing;
}
