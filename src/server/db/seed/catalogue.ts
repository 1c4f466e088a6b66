import type { ProductOption } from '../../../shared/variant.ts';

/**
 * One variant of a seeded product (issue 34): its SKU, option values, price, minimum, stock,
 * weight and, for a kit, its parts by SKU (parts are seeded before the kits that use them: list a
 * kit's parts in an earlier product or earlier in its own list).
 */
export interface SeedVariant {
  sku: string;
  optionValues: Record<string, string>;
  priceCents: number;
  minQuantity: number;
  /** Ignored for a kit (its stock is what its parts allow). */
  availableQuantity: number;
  weightGrams: number;
  parts?: { sku: string; quantity: number }[];
}

/** The demo catalogue: power tools sold in trade quantities. Listed oldest first. */
export interface SeedProduct {
  name: string;
  description: string;
  /** The default variant's SKU, price, minimum and stock when `variants` is left out. */
  sku?: string;
  priceCents: number;
  minQuantity: number;
  availableQuantity: number;
  /** Issue 34: the options and variants (the first is the default); none: one variant. */
  options?: ProductOption[];
  variants?: SeedVariant[];
  /** SVG drawing in ./images, rendered to WebP when seeded. */
  image: string;
  /** Issue 24: the slug of one of seedCategories, the battery platform, a battery in the box. */
  category: string;
  platform?: string;
  batteryIncluded?: boolean;
}

/** The demo catalogue's categories (issue 24). */
export const seedCategories = [
  {
    slug: 'drills-drivers',
    name: 'Drills & Drivers',
    description: 'Drill/drivers, hammer drills, impact drivers and rotary hammers for trade use.',
  },
  {
    slug: 'saws',
    name: 'Saws',
    description: 'Circular, jig, reciprocating and miter saws for wood, metal and trim.',
  },
  {
    slug: 'grinders-sanders',
    name: 'Grinders & Sanders',
    description: 'Angle grinders and sanders for cutting, grinding and finishing.',
  },
  {
    slug: 'batteries-chargers',
    name: 'Batteries & Chargers',
    description: 'Packs and chargers for the 20V cordless system.',
  },
  {
    slug: 'shop-site',
    name: 'Shop & Site',
    description: 'Heat guns, routers and lights for the workshop and the job site.',
  },
];

export const seedProducts: SeedProduct[] = [
  {
    name: '20V Cordless Drill/Driver',
    description:
      'Compact 1/2" drill/driver with a 2-speed gearbox, 15 clutch settings and a bright LED. Ships with a 20V 2.0Ah battery and charger.',
    priceCents: 12900,
    minQuantity: 10,
    availableQuantity: 640,
    image: 'cordless-drill.svg',
    category: 'drills-drivers',
    platform: '20V',
    batteryIncluded: true,
  },
  {
    name: 'Brushless Hammer Drill',
    description:
      'Brushless motor delivering 650 in-lbs of torque, 34,000 blows per minute for masonry, and a 360° side handle for control.',
    priceCents: 18900,
    minQuantity: 5,
    availableQuantity: 320,
    image: 'hammer-drill.svg',
    category: 'drills-drivers',
    platform: '20V',
  },
  {
    name: '1/4" Impact Driver',
    description:
      'Three-speed impact driver with 1,825 in-lbs of torque and a one-handed hex chuck. Drives long lag screws without stalling.',
    priceCents: 14900,
    minQuantity: 10,
    availableQuantity: 500,
    image: 'impact-driver.svg',
    category: 'drills-drivers',
    platform: '20V',
  },
  {
    name: '4-1/2" Angle Grinder',
    description:
      'Paddle-switch angle grinder at 11,000 rpm with a tool-free adjustable guard, anti-kickback brake and a two-position side handle.',
    priceCents: 9900,
    minQuantity: 10,
    availableQuantity: 410,
    image: 'angle-grinder.svg',
    category: 'grinders-sanders',
  },
  {
    name: '7-1/4" Circular Saw',
    description:
      'Lightweight magnesium-shoe circular saw with 57° bevel capacity, electric brake and a 24-tooth carbide blade.',
    priceCents: 15900,
    minQuantity: 5,
    availableQuantity: 260,
    image: 'circular-saw.svg',
    category: 'saws',
    platform: '20V',
  },
  {
    name: 'Orbital Jigsaw',
    description:
      'Four orbital settings, variable speed up to 3,200 spm and tool-free blade changes for clean curves in wood, metal and laminate.',
    priceCents: 11900,
    minQuantity: 5,
    availableQuantity: 300,
    image: 'jigsaw.svg',
    category: 'saws',
  },
  {
    name: 'Reciprocating Saw',
    description:
      'Demolition-grade reciprocating saw with a 1-1/8" stroke, pivoting shoe and a 4-position blade clamp for flush cuts.',
    priceCents: 16900,
    minQuantity: 5,
    availableQuantity: 220,
    image: 'reciprocating-saw.svg',
    category: 'saws',
    platform: '20V',
  },
  {
    name: '12" Sliding Compound Miter Saw',
    description:
      'Dual-bevel sliding miter saw with a 16" crosscut, XPS shadow-line cut guide and 10 positive miter stops.',
    priceCents: 59900,
    minQuantity: 2,
    availableQuantity: 80,
    image: 'miter-saw.svg',
    category: 'saws',
  },
  {
    name: '5" Random Orbit Sander',
    description:
      'Low-vibration random orbit sander with a hook-and-loop pad, variable speed dial and a sealed switch against dust.',
    priceCents: 7900,
    minQuantity: 10,
    availableQuantity: 450,
    image: 'random-orbit-sander.svg',
    category: 'grinders-sanders',
  },
  {
    name: 'SDS-Plus Rotary Hammer',
    description:
      '1" SDS-Plus rotary hammer with 2.6 J impact energy, three modes (drill, hammer drill, chisel) and active vibration control.',
    priceCents: 24900,
    minQuantity: 3,
    availableQuantity: 150,
    image: 'rotary-hammer.svg',
    category: 'drills-drivers',
  },
  {
    name: 'Dual-Temperature Heat Gun',
    description:
      'Heat gun with two settings (120 °C and 570 °C) for shrink tubing, paint stripping and bending plastics; includes four nozzles.',
    priceCents: 4900,
    minQuantity: 10,
    availableQuantity: 380,
    image: 'heat-gun.svg',
    category: 'shop-site',
  },
  {
    name: 'Compact Wood Router',
    description:
      '1.25 HP compact router with a fixed base, micro-fine depth adjustment and soft start, for edge profiles and laminate trimming.',
    priceCents: 13900,
    minQuantity: 5,
    availableQuantity: 190,
    image: 'router.svg',
    category: 'shop-site',
  },
  {
    name: '20V 5.0Ah Battery Pack',
    description:
      'High-capacity lithium-ion pack with a 3-LED fuel gauge. Fits every tool of the 20V cordless system.',
    priceCents: 8900,
    minQuantity: 20,
    availableQuantity: 1200,
    image: 'battery-pack.svg',
    category: 'batteries-chargers',
    platform: '20V',
  },
  {
    name: 'LED Cordless Work Light',
    description:
      '1,500-lumen LED work light with a 140° pivoting head, three brightness levels and a hanging hook; runs on the 20V pack.',
    priceCents: 5900,
    minQuantity: 10,
    availableQuantity: 520,
    image: 'work-light.svg',
    category: 'shop-site',
    platform: '20V',
  },
];

export interface SeedReview {
  name: string;
  rating: number;
  body: string;
}

export const seedReviews: SeedReview[] = [
  {
    name: 'Maria Lopez',
    rating: 5,
    body: 'We switched our whole framing crew to the 20V system. One battery type for every tool saves us hours a week.',
  },
  {
    name: 'James Carter',
    rating: 5,
    body: 'The rotary hammer goes through reinforced concrete like it is nothing, and my wrists thank the vibration control.',
  },
  {
    name: 'Aisha Rahman',
    rating: 4,
    body: 'Ordering by the pallet was simple and delivery was on time. The miter saw is accurate straight out of the box.',
  },
  {
    name: 'Tom Becker',
    rating: 5,
    body: 'Our rental fleet has run these impact drivers daily for two years. Still going strong.',
  },
  {
    name: 'Priya Nair',
    rating: 4,
    body: 'Great value on the sanders and heat guns for our workshop classes. Students find them easy to handle.',
  },
  {
    name: 'Daniel Kim',
    rating: 5,
    body: 'Support answered within the hour when we needed spare blade clamps. That is why we keep buying here.',
  },
];
