import slideCordless from '../assets/slide-cordless.svg';
import slideHassleFree from '../assets/slide-hassle-free.svg';
import slideBestProduct from '../assets/slide-best-product.svg';
import slideBattery from '../assets/slide-battery.svg';
import systemCordless from '../assets/system-cordless.svg';
import systemBrushless from '../assets/system-brushless.svg';
import systemDustControl from '../assets/system-dust-control.svg';

// Marketing copy and company facts the deployer may edit. Headlines and figures the spec fixes
// (slides, business summary) must keep their exact wording.

export interface Slide {
  headline: string;
  subline: string;
  image: string;
  imageAlt: string;
  /** External page the 'Learn More' link opens in a new tab. */
  learnMoreUrl: string;
}

export const slides: readonly Slide[] = [
  {
    headline: 'Eliminates Cords!',
    subline: 'One battery platform powers every drill, saw and grinder in the range.',
    image: slideCordless,
    imageAlt: 'A cordless drill and battery pack beside a cut power cord',
    learnMoreUrl: 'https://en.wikipedia.org/wiki/Cordless',
  },
  {
    headline: 'Hassle Free',
    subline: 'Tool-free blade and bit changes, and a three-year warranty on every tool.',
    image: slideHassleFree,
    imageAlt: 'An open tool case holding a drill, an impact driver, a battery and a bit set',
    learnMoreUrl: 'https://en.wikipedia.org/wiki/Power_tool',
  },
  {
    headline: 'Best product in the market',
    subline: 'Built for daily use on building sites and tested far beyond it.',
    image: slideBestProduct,
    imageAlt: 'A sliding compound miter saw with an award medal',
    learnMoreUrl: 'https://en.wikipedia.org/wiki/Miter_saw',
  },
  {
    headline: 'Long Lasting Battery',
    subline: 'High-capacity lithium-ion packs that keep going through a full shift.',
    image: slideBattery,
    imageAlt: 'Battery packs with full charge gauges and a lightning bolt',
    learnMoreUrl: 'https://en.wikipedia.org/wiki/Lithium-ion_battery',
  },
];

export interface SystemPromo {
  title: string;
  text: string;
  image: string;
  imageAlt: string;
}

export const systems: readonly SystemPromo[] = [
  {
    title: 'Cordless platform',
    text: 'Every tool shares the same battery, so one set of packs and one charger run your whole kit.',
    image: systemCordless,
    imageAlt: 'Several cordless tools sharing one battery pack',
  },
  {
    title: 'Brushless motors',
    text: 'No brushes to wear out: more power and runtime from each charge, and a longer tool life.',
    image: systemBrushless,
    imageAlt: 'Cut-away of a brushless motor with its stator windings and rotor magnets',
  },
  {
    title: 'Dust control',
    text: 'Built-in extraction ports and filters keep the air and your work surface clean.',
    image: systemDustControl,
    imageAlt: 'A random orbit sander connected by a hose to a compact dust extractor',
  },
];

export interface BusinessStat {
  label: string;
  value: string;
}

export const businessStats: readonly BusinessStat[] = [
  { label: 'Countries', value: '79+' },
  { label: 'New Users', value: '4,200' },
  { label: 'Reviews', value: '1,200' },
  { label: 'Total Likes', value: '25.6K' },
  { label: 'Page Views', value: '2.6M' },
];

export interface CompanyLocation {
  /** [latitude, longitude] the map centres on and marks. */
  coordinates: readonly [number, number];
  name: string;
  addressLines: readonly string[];
  openingHours: string;
}

export const companyLocation: CompanyLocation = {
  coordinates: [40.4406, -79.9959],
  name: 'Toolhouse headquarters',
  addressLines: ['400 Foundry Street', 'Pittsburgh, PA 15222', 'United States'],
  openingHours: 'Monday to Friday, 8:00 to 17:00',
};
