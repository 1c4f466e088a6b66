import { describe, expect, it } from 'vitest';
import {
  addressFieldErrors,
  addressProblems,
  COUNTRIES,
  countryName,
  normalizeAddress,
  postalCodeHint,
  postalCodeLabel,
  regionLabel,
  regionRequired,
  regionsOf,
  withCountryRules,
} from './address-rules.ts';
import { PostalAddressFieldsSchema, type PostalAddress } from './postal-address.ts';

const address = (fields: Partial<PostalAddress>): PostalAddress => ({
  name: 'Ada',
  company: '',
  line1: '1 Main St',
  line2: '',
  city: 'Somewhere',
  region: '',
  postalCode: '',
  country: 'US',
  phone: '',
  ...fields,
});

/** The problems as `field: message`, for short expectations. */
const problems = (fields: Partial<PostalAddress>) =>
  Object.fromEntries(addressProblems(address(fields)).map((p) => [p.field, p.message]));

describe('the countries', () => {
  it('lists every ISO 3166-1 country once, by English name', () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(249);
    for (const country of COUNTRIES) expect(country.code).toMatch(/^[A-Z]{2}$/);
    expect(COUNTRIES[0]).toEqual({ code: 'AF', name: 'Afghanistan' });
    expect(countryName('us')).toBe('United States');
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('DE')).toBe('Germany');
    // Old, reserved or user-assigned codes are none.
    for (const code of ['UK', 'EU', 'XK', 'ZZ', 'SU', 'YU'])
      expect(COUNTRIES.some((c) => c.code === code)).toBe(false);
  });

  it('refuses a code that is no country', () => {
    expect(problems({ country: 'QQ' })).toEqual({ country: 'Choose a country' });
    expect(problems({ country: '' })).toEqual({ country: 'Choose a country' });
  });
});

describe('United States', () => {
  it('lists the 50 states, DC and Puerto Rico, and requires one', () => {
    const states = regionsOf('US');
    expect(states).toHaveLength(52);
    expect(states).toContainEqual({ code: 'DC', name: 'District of Columbia' });
    expect(states).toContainEqual({ code: 'PR', name: 'Puerto Rico' });
    expect(states).toContainEqual({ code: 'CA', name: 'California' });
    expect(regionRequired('US')).toBe(true);
    expect(regionLabel('US')).toBe('State');
    expect(problems({ region: '', postalCode: '78701' })).toEqual({ region: 'Choose a state' });
    expect(problems({ region: 'XX', postalCode: '78701' })).toEqual({ region: 'Choose a state' });
    expect(problems({ region: 'tx', postalCode: '78701' })).toEqual({});
  });

  it.each(['78701', '78701-1234'])('accepts the ZIP code %s', (postalCode) => {
    expect(problems({ region: 'TX', postalCode })).toEqual({});
  });

  it.each(['7870', '787011', '78701-123', '78701 1234', 'ABCDE'])(
    'refuses the ZIP code %s',
    (postalCode) => {
      expect(problems({ region: 'TX', postalCode })).toEqual({
        postalCode: 'Postal code must look like 12345 or 12345-6789',
      });
    },
  );

  it('requires the ZIP code', () => {
    expect(problems({ region: 'TX' })).toEqual({ postalCode: 'Postal code is required' });
    expect(postalCodeLabel('US')).toBe('ZIP code');
    expect(postalCodeHint('US')).toBe('For example 12345 or 12345-6789');
  });
});

describe('Canada', () => {
  const ca = (fields: Partial<PostalAddress>) => problems({ country: 'CA', ...fields });

  it('lists the 13 provinces and territories and requires one', () => {
    expect(regionsOf('CA')).toHaveLength(13);
    expect(regionLabel('CA')).toBe('Province');
    expect(ca({ postalCode: 'K1A 0B1' })).toEqual({ region: 'Choose a province or territory' });
    expect(ca({ region: 'TX', postalCode: 'K1A 0B1' })).toEqual({
      region: 'Choose a province or territory',
    });
  });

  it.each(['K1A 0B1', 'k1a 0b1', 'K1A0B1', 'H2X 1Y4'])('accepts the postal code %s', (code) => {
    expect(ca({ region: 'ON', postalCode: code })).toEqual({});
  });

  it.each(['12345', 'K1A 0B', 'D1A 0B1', 'K1A-0B1'])('refuses the postal code %s', (code) => {
    expect(ca({ region: 'ON', postalCode: code })).toEqual({
      postalCode: 'Postal code must look like A1A 1A1',
    });
  });

  it('writes the postal code in its one form', () => {
    expect(normalizeAddress(address({ country: 'ca', postalCode: ' k1a0b1 ' }))).toMatchObject({
      country: 'CA',
      postalCode: 'K1A 0B1',
    });
  });
});

describe('United Kingdom', () => {
  const gb = (fields: Partial<PostalAddress>) => problems({ country: 'GB', ...fields });

  it.each(['SW1A 1AA', 'sw1a1aa', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'EC1A 1BB'])(
    'accepts the postcode %s',
    (postalCode) => expect(gb({ postalCode })).toEqual({}),
  );

  it.each(['12345', 'SW1A', 'SW1A 1A', '1AA SW1'])('refuses the postcode %s', (postalCode) => {
    expect(gb({ postalCode })).toEqual({
      postalCode: 'Postal code must be a UK postcode like SW1A 1AA',
    });
  });

  it('offers its four countries, optional', () => {
    expect(regionsOf('GB').map((r) => r.name)).toEqual([
      'England',
      'Northern Ireland',
      'Scotland',
      'Wales',
    ]);
    expect(regionRequired('GB')).toBe(false);
    expect(gb({ postalCode: 'EH1 1YZ', region: 'SCT' })).toEqual({});
    expect(gb({ postalCode: 'EH1 1YZ', region: 'Bavaria' })).toEqual({
      region: 'Choose England, Scotland, Wales or Northern Ireland',
    });
    expect(postalCodeLabel('GB')).toBe('Postcode');
  });
});

describe('Germany and France', () => {
  it.each(['DE', 'FR'])('%s: 5 digits, required', (country) => {
    expect(problems({ country, postalCode: '10115' })).toEqual({});
    expect(problems({ country, postalCode: '1011' })).toEqual({
      postalCode: 'Postal code must be 5 digits',
    });
    expect(problems({ country, postalCode: '101155' })).toEqual({
      postalCode: 'Postal code must be 5 digits',
    });
    expect(problems({ country })).toEqual({ postalCode: 'Postal code is required' });
  });

  it('lists the 16 Länder and the 13 metropolitan regions, optional', () => {
    expect(regionsOf('DE')).toHaveLength(16);
    expect(regionsOf('FR')).toHaveLength(13);
    expect(regionRequired('DE')).toBe(false);
    expect(regionRequired('FR')).toBe(false);
    expect(problems({ country: 'DE', postalCode: '80331', region: 'BY' })).toEqual({});
    expect(problems({ country: 'FR', postalCode: '75001', region: 'IDF' })).toEqual({});
    expect(problems({ country: 'FR', postalCode: '75001', region: 'TX' })).toEqual({
      region: 'Choose a region',
    });
  });
});

describe('Australia', () => {
  it('requires a state or territory and a 4-digit postcode', () => {
    expect(regionsOf('AU')).toHaveLength(8);
    expect(regionLabel('AU')).toBe('State');
    expect(problems({ country: 'AU', region: 'NSW', postalCode: '2000' })).toEqual({});
    expect(problems({ country: 'AU', postalCode: '2000' })).toEqual({
      region: 'Choose a state or territory',
    });
    expect(problems({ country: 'AU', region: 'VIC', postalCode: '30000' })).toEqual({
      postalCode: 'Postal code must be 4 digits',
    });
  });
});

describe('any other country', () => {
  it('takes a free region and an optional short postal code', () => {
    expect(regionsOf('JP')).toEqual([]);
    expect(regionLabel('JP')).toBe('Region');
    expect(regionLabel('IE')).toBe('County');
    expect(postalCodeHint('JP')).toBeUndefined();
    expect(problems({ country: 'JP', region: 'Tokyo', postalCode: '100-0001' })).toEqual({});
    expect(problems({ country: 'IE', postalCode: 'D02 X285' })).toEqual({});
    expect(problems({ country: 'HK' })).toEqual({});
    for (const postalCode of ['1234567890123', '12#45', '-123'])
      expect(problems({ country: 'JP', postalCode })).toEqual({
        postalCode: 'Postal code must be at most 12 letters, digits, spaces or dashes',
      });
  });
});

describe('withCountryRules', () => {
  const schema = withCountryRules(PostalAddressFieldsSchema);

  it('puts each problem on its field', () => {
    const result = schema.safeParse({ line1: '1 Main St', city: 'Austin', country: 'US' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['region', 'Choose a state'],
      ['postalCode', 'Postal code is required'],
    ]);
  });

  it('answers the normalized address', () => {
    expect(
      schema.parse({
        line1: '1 Main St',
        city: 'Ottawa',
        region: 'on',
        postalCode: 'k1a0b1',
        country: 'ca',
      }),
    ).toEqual({
      name: '',
      company: '',
      line1: '1 Main St',
      line2: '',
      city: 'Ottawa',
      region: 'ON',
      postalCode: 'K1A 0B1',
      country: 'CA',
      phone: '',
    });
  });
});

describe('addressFieldErrors', () => {
  it('names every field’s first problem at once: the field rules, then the country’s', () => {
    expect(
      addressFieldErrors(address({ line1: ' ', city: '', region: 'XX', postalCode: '1' })),
    ).toEqual({
      line1: 'Address is required',
      city: 'City is required',
      region: 'Choose a state',
      postalCode: 'Postal code must look like 12345 or 12345-6789',
    });
    expect(addressFieldErrors(address({ region: 'TX', postalCode: '78701' }))).toEqual({});
    expect(addressFieldErrors(address({ country: '', city: 'x' }))).toEqual({
      country: 'Country is required',
    });
  });
});
