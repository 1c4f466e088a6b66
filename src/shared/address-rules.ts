import type { z } from 'zod';
import { ADDRESS_LABELS, PostalAddressFieldsSchema, type PostalAddress } from './postal-address.ts';

// Per-country address rules (issue 35): the countries, their region lists and postal code formats,
// the same for the browser (live checks of the address form) and the server (400 with `fields`).
// Region codes are the ones the shipping zones and the tax table use ("US-CA" is California).

export interface AddressProblem {
  field: keyof PostalAddress;
  message: string;
}

export interface Country {
  /** ISO 3166-1 alpha-2, upper case. */
  code: string;
  /** Its English short name. */
  name: string;
}

/** Every ISO 3166-1 country, by code ("<code> <English name>"), sorted by name below. */
const COUNTRY_ENTRIES = [
  'AD Andorra',
  'AE United Arab Emirates',
  'AF Afghanistan',
  'AG Antigua and Barbuda',
  'AI Anguilla',
  'AL Albania',
  'AM Armenia',
  'AO Angola',
  'AQ Antarctica',
  'AR Argentina',
  'AS American Samoa',
  'AT Austria',
  'AU Australia',
  'AW Aruba',
  'AX Åland Islands',
  'AZ Azerbaijan',
  'BA Bosnia and Herzegovina',
  'BB Barbados',
  'BD Bangladesh',
  'BE Belgium',
  'BF Burkina Faso',
  'BG Bulgaria',
  'BH Bahrain',
  'BI Burundi',
  'BJ Benin',
  'BL St. Barthélemy',
  'BM Bermuda',
  'BN Brunei',
  'BO Bolivia',
  'BQ Caribbean Netherlands',
  'BR Brazil',
  'BS Bahamas',
  'BT Bhutan',
  'BV Bouvet Island',
  'BW Botswana',
  'BY Belarus',
  'BZ Belize',
  'CA Canada',
  'CC Cocos (Keeling) Islands',
  'CD Congo - Kinshasa',
  'CF Central African Republic',
  'CG Congo - Brazzaville',
  'CH Switzerland',
  "CI Côte d'Ivoire",
  'CK Cook Islands',
  'CL Chile',
  'CM Cameroon',
  'CN China',
  'CO Colombia',
  'CR Costa Rica',
  'CU Cuba',
  'CV Cape Verde',
  'CW Curaçao',
  'CX Christmas Island',
  'CY Cyprus',
  'CZ Czechia',
  'DE Germany',
  'DJ Djibouti',
  'DK Denmark',
  'DM Dominica',
  'DO Dominican Republic',
  'DZ Algeria',
  'EC Ecuador',
  'EE Estonia',
  'EG Egypt',
  'EH Western Sahara',
  'ER Eritrea',
  'ES Spain',
  'ET Ethiopia',
  'FI Finland',
  'FJ Fiji',
  'FK Falkland Islands',
  'FM Micronesia',
  'FO Faroe Islands',
  'FR France',
  'GA Gabon',
  'GB United Kingdom',
  'GD Grenada',
  'GE Georgia',
  'GF French Guiana',
  'GG Guernsey',
  'GH Ghana',
  'GI Gibraltar',
  'GL Greenland',
  'GM Gambia',
  'GN Guinea',
  'GP Guadeloupe',
  'GQ Equatorial Guinea',
  'GR Greece',
  'GS South Georgia and South Sandwich Islands',
  'GT Guatemala',
  'GU Guam',
  'GW Guinea-Bissau',
  'GY Guyana',
  'HK Hong Kong',
  'HM Heard and McDonald Islands',
  'HN Honduras',
  'HR Croatia',
  'HT Haiti',
  'HU Hungary',
  'ID Indonesia',
  'IE Ireland',
  'IL Israel',
  'IM Isle of Man',
  'IN India',
  'IO British Indian Ocean Territory',
  'IQ Iraq',
  'IR Iran',
  'IS Iceland',
  'IT Italy',
  'JE Jersey',
  'JM Jamaica',
  'JO Jordan',
  'JP Japan',
  'KE Kenya',
  'KG Kyrgyzstan',
  'KH Cambodia',
  'KI Kiribati',
  'KM Comoros',
  'KN St. Kitts and Nevis',
  'KP North Korea',
  'KR South Korea',
  'KW Kuwait',
  'KY Cayman Islands',
  'KZ Kazakhstan',
  'LA Laos',
  'LB Lebanon',
  'LC St. Lucia',
  'LI Liechtenstein',
  'LK Sri Lanka',
  'LR Liberia',
  'LS Lesotho',
  'LT Lithuania',
  'LU Luxembourg',
  'LV Latvia',
  'LY Libya',
  'MA Morocco',
  'MC Monaco',
  'MD Moldova',
  'ME Montenegro',
  'MF St. Martin',
  'MG Madagascar',
  'MH Marshall Islands',
  'MK North Macedonia',
  'ML Mali',
  'MM Myanmar (Burma)',
  'MN Mongolia',
  'MO Macao',
  'MP Northern Mariana Islands',
  'MQ Martinique',
  'MR Mauritania',
  'MS Montserrat',
  'MT Malta',
  'MU Mauritius',
  'MV Maldives',
  'MW Malawi',
  'MX Mexico',
  'MY Malaysia',
  'MZ Mozambique',
  'NA Namibia',
  'NC New Caledonia',
  'NE Niger',
  'NF Norfolk Island',
  'NG Nigeria',
  'NI Nicaragua',
  'NL Netherlands',
  'NO Norway',
  'NP Nepal',
  'NR Nauru',
  'NU Niue',
  'NZ New Zealand',
  'OM Oman',
  'PA Panama',
  'PE Peru',
  'PF French Polynesia',
  'PG Papua New Guinea',
  'PH Philippines',
  'PK Pakistan',
  'PL Poland',
  'PM St. Pierre and Miquelon',
  'PN Pitcairn Islands',
  'PR Puerto Rico',
  'PS Palestinian Territories',
  'PT Portugal',
  'PW Palau',
  'PY Paraguay',
  'QA Qatar',
  'RE Réunion',
  'RO Romania',
  'RS Serbia',
  'RU Russia',
  'RW Rwanda',
  'SA Saudi Arabia',
  'SB Solomon Islands',
  'SC Seychelles',
  'SD Sudan',
  'SE Sweden',
  'SG Singapore',
  'SH St. Helena',
  'SI Slovenia',
  'SJ Svalbard and Jan Mayen',
  'SK Slovakia',
  'SL Sierra Leone',
  'SM San Marino',
  'SN Senegal',
  'SO Somalia',
  'SR Suriname',
  'SS South Sudan',
  'ST São Tomé and Príncipe',
  'SV El Salvador',
  'SX Sint Maarten',
  'SY Syria',
  'SZ Eswatini',
  'TC Turks and Caicos Islands',
  'TD Chad',
  'TF French Southern Territories',
  'TG Togo',
  'TH Thailand',
  'TJ Tajikistan',
  'TK Tokelau',
  'TL Timor-Leste',
  'TM Turkmenistan',
  'TN Tunisia',
  'TO Tonga',
  'TR Türkiye',
  'TT Trinidad and Tobago',
  'TV Tuvalu',
  'TW Taiwan',
  'TZ Tanzania',
  'UA Ukraine',
  'UG Uganda',
  'UM U.S. Outlying Islands',
  'US United States',
  'UY Uruguay',
  'UZ Uzbekistan',
  'VA Vatican City',
  'VC St. Vincent and Grenadines',
  'VE Venezuela',
  'VG British Virgin Islands',
  'VI U.S. Virgin Islands',
  'VN Vietnam',
  'VU Vanuatu',
  'WF Wallis and Futuna',
  'WS Samoa',
  'YE Yemen',
  'YT Mayotte',
  'ZA South Africa',
  'ZM Zambia',
  'ZW Zimbabwe',
];

/** Every country (ISO 3166-1 alpha-2 with its English name), by name: the Country select. */
export const COUNTRIES: readonly Country[] = COUNTRY_ENTRIES.map((entry) => ({
  code: entry.slice(0, 2),
  name: entry.slice(3),
})).sort((a, b) => a.name.localeCompare(b.name, 'en'));

const COUNTRY_NAMES: ReadonlyMap<string, string> = new Map(COUNTRIES.map((c) => [c.code, c.name]));

/** The country's English name, or the code itself when it is none. */
export const countryName = (code: string) => COUNTRY_NAMES.get(code.toUpperCase()) ?? code;
export const isCountry = (code: string) => COUNTRY_NAMES.has(code);

export interface Region {
  /** The ISO 3166-2 subdivision code without the country ("CA" for US-CA, "ON" for CA-ON). */
  code: string;
  name: string;
}

/** A country whose regions are listed: what they are called, and whether one must be chosen. */
interface RegionList {
  /** "State", "Province", … : the hint next to the field labelled Region. */
  word: string;
  /** The message when none (or an unknown one) is chosen. */
  choose: string;
  required: boolean;
  regions: readonly Region[];
}

const regions = (entries: string): Region[] =>
  entries.split('|').map((entry) => {
    const [code = '', name = ''] = entry.split(':');
    return { code, name };
  });

const REGION_LISTS: Readonly<Record<string, RegionList>> = {
  US: {
    word: 'State',
    choose: 'Choose a state',
    required: true,
    regions: regions(
      'AL:Alabama|AK:Alaska|AZ:Arizona|AR:Arkansas|CA:California|CO:Colorado|CT:Connecticut|' +
        'DE:Delaware|DC:District of Columbia|FL:Florida|GA:Georgia|HI:Hawaii|ID:Idaho|' +
        'IL:Illinois|IN:Indiana|IA:Iowa|KS:Kansas|KY:Kentucky|LA:Louisiana|ME:Maine|' +
        'MD:Maryland|MA:Massachusetts|MI:Michigan|MN:Minnesota|MS:Mississippi|MO:Missouri|' +
        'MT:Montana|NE:Nebraska|NV:Nevada|NH:New Hampshire|NJ:New Jersey|NM:New Mexico|' +
        'NY:New York|NC:North Carolina|ND:North Dakota|OH:Ohio|OK:Oklahoma|OR:Oregon|' +
        'PA:Pennsylvania|PR:Puerto Rico|RI:Rhode Island|SC:South Carolina|SD:South Dakota|' +
        'TN:Tennessee|TX:Texas|UT:Utah|VT:Vermont|VA:Virginia|WA:Washington|WV:West Virginia|' +
        'WI:Wisconsin|WY:Wyoming',
    ),
  },
  CA: {
    word: 'Province',
    choose: 'Choose a province or territory',
    required: true,
    regions: regions(
      'AB:Alberta|BC:British Columbia|MB:Manitoba|NB:New Brunswick|' +
        'NL:Newfoundland and Labrador|NT:Northwest Territories|NS:Nova Scotia|NU:Nunavut|' +
        'ON:Ontario|PE:Prince Edward Island|QC:Quebec|SK:Saskatchewan|YT:Yukon',
    ),
  },
  AU: {
    word: 'State',
    choose: 'Choose a state or territory',
    required: true,
    regions: regions(
      'ACT:Australian Capital Territory|NSW:New South Wales|NT:Northern Territory|' +
        'QLD:Queensland|SA:South Australia|TAS:Tasmania|VIC:Victoria|WA:Western Australia',
    ),
  },
  GB: {
    word: 'Country',
    choose: 'Choose England, Scotland, Wales or Northern Ireland',
    required: false,
    regions: regions('ENG:England|NIR:Northern Ireland|SCT:Scotland|WLS:Wales'),
  },
  DE: {
    word: 'State',
    choose: 'Choose a state',
    required: false,
    regions: regions(
      'BW:Baden-Württemberg|BY:Bavaria|BE:Berlin|BB:Brandenburg|HB:Bremen|HH:Hamburg|' +
        'HE:Hesse|MV:Mecklenburg-Vorpommern|NI:Lower Saxony|NW:North Rhine-Westphalia|' +
        'RP:Rhineland-Palatinate|SL:Saarland|SN:Saxony|ST:Saxony-Anhalt|' +
        'SH:Schleswig-Holstein|TH:Thuringia',
    ),
  },
  FR: {
    word: 'Region',
    choose: 'Choose a region',
    required: false,
    regions: regions(
      'ARA:Auvergne-Rhône-Alpes|BFC:Bourgogne-Franche-Comté|BRE:Brittany|' +
        'CVL:Centre-Val de Loire|COR:Corsica|GES:Grand Est|HDF:Hauts-de-France|' +
        'IDF:Île-de-France|NOR:Normandy|NAQ:Nouvelle-Aquitaine|OCC:Occitanie|' +
        "PDL:Pays de la Loire|PAC:Provence-Alpes-Côte d'Azur",
    ),
  },
};

/** The country's regions to choose from (empty: the region is free text, and optional). */
export const regionsOf = (country: string): readonly Region[] =>
  REGION_LISTS[country.toUpperCase()]?.regions ?? [];

/** Whether the country's addresses must name a region of its list (US, CA, AU). */
export const regionRequired = (country: string) =>
  REGION_LISTS[country.toUpperCase()]?.required ?? false;

/**
 * What the country calls its regions ("State", "Province", "County", "Region"): a hint beside the
 * field, whose label is always "Region" (ADDRESS_LABELS).
 */
export function regionLabel(country: string): string {
  const code = country.toUpperCase();
  if (code === 'IE') return 'County';
  return REGION_LISTS[code]?.word ?? 'Region';
}

/** The region's name ("California" for US "CA"), or the text itself where there is no list. */
export function regionName(country: string, region: string): string {
  return regionsOf(country).find((r) => r.code === region)?.name ?? region;
}

interface PostalFormat {
  pattern: RegExp;
  /** An example as the hint shows it. */
  example: string;
  message: string;
}

const POSTAL_FORMATS: Readonly<Record<string, PostalFormat>> = {
  US: {
    pattern: /^\d{5}(-\d{4})?$/,
    example: '12345 or 12345-6789',
    message: 'Postal code must look like 12345 or 12345-6789',
  },
  CA: {
    pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d$/,
    example: 'A1A 1A1',
    message: 'Postal code must look like A1A 1A1',
  },
  GB: {
    pattern: /^([A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}|GIR 0AA)$/,
    example: 'SW1A 1AA',
    message: 'Postal code must be a UK postcode like SW1A 1AA',
  },
  DE: { pattern: /^\d{5}$/, example: '10115', message: 'Postal code must be 5 digits' },
  FR: { pattern: /^\d{5}$/, example: '75001', message: 'Postal code must be 5 digits' },
  AU: { pattern: /^\d{4}$/, example: '2000', message: 'Postal code must be 4 digits' },
};

/** Any other country's postal code: optional, short, letters, digits, spaces and dashes. */
const GENERIC_POSTAL = /^[A-Za-z0-9][A-Za-z0-9 -]{0,11}$/;
export const GENERIC_POSTAL_MESSAGE =
  'Postal code must be at most 12 letters, digits, spaces or dashes';
export const POSTAL_CODE_REQUIRED_MESSAGE = 'Postal code is required';
export const CHOOSE_COUNTRY_MESSAGE = 'Choose a country';

/** The form's hint for the postal code ("12345 or 12345-6789"), or undefined where it is free. */
export const postalCodeHint = (country: string): string | undefined => {
  const example = POSTAL_FORMATS[country.toUpperCase()]?.example;
  return example && `For example ${example}`;
};

/** What the country calls it ("ZIP code", "Postcode"), shown as a hint; the label is "Postal code". */
export function postalCodeLabel(country: string): string {
  const code = country.toUpperCase();
  if (code === 'US') return 'ZIP code';
  if (code === 'GB' || code === 'AU') return 'Postcode';
  return ADDRESS_LABELS.postalCode;
}

/**
 * The address as the rules compare it: the country, a listed region and a formatted postal code
 * in upper case, a Canadian or UK postal code with its one space ("k1a0b1" -> "K1A 0B1").
 */
export function normalizeAddress<T extends PostalAddress>(address: T): T {
  const country = address.country.trim().toUpperCase();
  const region =
    regionsOf(country).length > 0 ? address.region.trim().toUpperCase() : address.region;
  let postalCode = address.postalCode.trim();
  if (country in POSTAL_FORMATS) postalCode = postalCode.toUpperCase().replace(/\s+/g, ' ');
  if ((country === 'CA' || country === 'GB') && /^[A-Z0-9]{5,7}$/.test(postalCode))
    postalCode = `${postalCode.slice(0, -3)} ${postalCode.slice(-3)}`;
  return { ...address, country, region, postalCode };
}

/**
 * What is wrong with an address for its country (empty: it is valid), one problem per field at
 * most. The field-by-field limits (required line 1 and city, lengths) are PostalAddressFieldsSchema's;
 * this adds the country's: a known country, its region list and its postal code format.
 */
export function addressProblems(input: PostalAddress): AddressProblem[] {
  const address = normalizeAddress(input);
  const problems: AddressProblem[] = [];
  const { country, region, postalCode } = address;
  if (!isCountry(country)) {
    problems.push({ field: 'country', message: CHOOSE_COUNTRY_MESSAGE });
    return problems;
  }
  const list = REGION_LISTS[country];
  if (list) {
    const known = list.regions.some((r) => r.code === region);
    if (region === '' ? list.required : !known)
      problems.push({ field: 'region', message: list.choose });
  }
  const format = POSTAL_FORMATS[country];
  if (format) {
    if (postalCode === '')
      problems.push({ field: 'postalCode', message: POSTAL_CODE_REQUIRED_MESSAGE });
    else if (!format.pattern.test(postalCode))
      problems.push({ field: 'postalCode', message: format.message });
  } else if (postalCode !== '' && !GENERIC_POSTAL.test(postalCode)) {
    problems.push({ field: 'postalCode', message: GENERIC_POSTAL_MESSAGE });
  }
  return problems;
}

/**
 * A schema of a whole address with the country's rules applied: each problem is an issue on its
 * field (so the API answers 400 with `fields`), and the answer is the normalized address.
 */
export function withCountryRules<S extends z.ZodType<PostalAddress>>(schema: S) {
  return schema
    .superRefine((address, ctx) => {
      for (const problem of addressProblems(address))
        ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    })
    .transform((address) => normalizeAddress(address));
}

export type AddressFieldErrors = Partial<Record<keyof PostalAddress, string>>;

/**
 * Every field's first problem at once (the address form's live check): the field rules of
 * PostalAddressFieldsSchema (required, lengths, characters), then the country's.
 */
export function addressFieldErrors(address: PostalAddress): AddressFieldErrors {
  const errors: AddressFieldErrors = {};
  const parsed = PostalAddressFieldsSchema.safeParse(address);
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as keyof PostalAddress | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  for (const problem of addressProblems(address)) errors[problem.field] ??= problem.message;
  return errors;
}
