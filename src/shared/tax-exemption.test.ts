import { describe, expect, it } from 'vitest';
import {
  VAT_FORMATS,
  VAT_NUMBER_PREFIX_MESSAGE,
  checkVatNumber,
  exemptionNote,
  vatAreaOf,
} from './tax-exemption.ts';

// The EU member states (VIES prefixes; EL is Greece) and the UK (GB, XI for Northern Ireland).
const PREFIXES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'EL',
  'ES',
  'FI',
  'FR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'GB',
  'XI',
];

describe('VAT number formats', () => {
  it('has a format for every EU member state and the UK, and no other', () => {
    expect(Object.keys(VAT_FORMATS).sort()).toEqual([...PREFIXES].sort());
  });

  it.each(PREFIXES)('%s: its example passes; five digits more, or one alone, do not', (prefix) => {
    const { example, country } = VAT_FORMATS[prefix]!;
    expect(checkVatNumber(example)).toEqual({ ok: true, vatNumber: example, country });
    const digits = example.slice(2);
    for (const wrong of [`${prefix}${digits}99999`, `${prefix}${digits.slice(0, 1)}`])
      expect(checkVatNumber(wrong).ok, wrong).toBe(false);
  });

  it.each([
    ['BE0123456789', true],
    ['BE2123456789', false],
    ['FR1I345678901', false],
    ['FRAB345678901', true],
    ['SE123456789001', true],
    ['SE123456789002', false],
    ['CY12345678X', true],
    ['CY123456789', false],
    ['GBGD001', true],
    ['GBHA599', true],
    ['IE1X23456W', true],
    ['LT123456789012', true],
    ['LT1234567890', false],
  ])('%s: %s', (number, ok) => {
    expect(checkVatNumber(number).ok).toBe(ok);
  });

  it('writes a number one way: upper case, no spaces or dots, GR as EL', () => {
    expect(checkVatNumber(' de 123.456.789 ')).toEqual({
      ok: true,
      vatNumber: 'DE123456789',
      country: 'DE',
    });
    expect(checkVatNumber('gr-123456789')).toEqual({
      ok: true,
      vatNumber: 'EL123456789',
      country: 'GR',
    });
    expect(checkVatNumber('XI123456789')).toEqual({
      ok: true,
      vatNumber: 'XI123456789',
      country: 'GB',
    });
  });

  it('names the country and an example when the format is wrong; a prefix it does not know', () => {
    expect(checkVatNumber('DE1234')).toEqual({
      ok: false,
      message: 'That is not a VAT number of Germany: it looks like DE123456789.',
    });
    expect(checkVatNumber('CH123456789')).toEqual({
      ok: false,
      message: VAT_NUMBER_PREFIX_MESSAGE,
    });
    expect(checkVatNumber('__proto__1')).toEqual({ ok: false, message: VAT_NUMBER_PREFIX_MESSAGE });
  });

  it('tells the VAT areas of reverse charge apart', () => {
    expect(vatAreaOf('DE')).toBe('EU');
    expect(vatAreaOf('GR')).toBe('EU');
    expect(vatAreaOf('GB')).toBe('GB');
    expect(vatAreaOf('US')).toBeNull();
    expect(vatAreaOf('CH')).toBeNull();
  });
});

describe('what documents print', () => {
  it('says the certificate and its approval day, or the VAT number', () => {
    const at = new Date('2026-11-29T23:30:00Z');
    expect(exemptionNote({ kind: 'certificate', vatNumber: null }, at)).toBe(
      'Tax exempt: resale certificate on file (approved 2026-11-29)',
    );
    expect(exemptionNote({ kind: 'vat_number', vatNumber: 'DE123456789' }, at)).toBe(
      'Reverse charge: VAT number DE123456789',
    );
  });
});
