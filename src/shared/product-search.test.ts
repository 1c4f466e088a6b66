import { describe, expect, it } from 'vitest';
import {
  parseOptionFilter,
  parseSearchParams,
  ProductSearchQuerySchema,
  searchWords,
  toSearchParams,
} from './product-search.ts';

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));

describe('parseSearchParams', () => {
  it('fills in the defaults: newest first without a query, best match with one', () => {
    expect(parse('')).toEqual({
      q: '',
      sort: 'newest',
      minPrice: undefined,
      maxPrice: undefined,
      inStock: false,
      page: 1,
      pageSize: 24,
    });
    expect(parse('q=%20drill%20').sort).toBe('relevance');
    expect(parse('q=drill').q).toBe('drill');
    expect(parse('sort=relevance').sort).toBe('newest');
  });

  it('reads every parameter', () => {
    expect(
      parse('q=saw&sort=price_asc&minPrice=10&maxPrice=99.5&inStock=1&page=3&pageSize=48'),
    ).toEqual({
      q: 'saw',
      sort: 'price_asc',
      minPrice: 10,
      maxPrice: 99.5,
      inStock: true,
      page: 3,
      pageSize: 48,
    });
  });

  it('drops what a hand-edited link gets wrong instead of failing', () => {
    expect(parse('sort=cheap&page=-2&pageSize=1000&minPrice=abc&inStock=maybe')).toMatchObject({
      sort: 'newest',
      page: 1,
      pageSize: 24,
      minPrice: undefined,
      inStock: false,
    });
    expect(parse('minPrice=100&maxPrice=5')).toMatchObject({ minPrice: 100, maxPrice: undefined });
  });
});

describe('toSearchParams', () => {
  it('writes one canonical spelling: defaults left out, fixed order', () => {
    expect(toSearchParams(parse('page=1&sort=newest&inStock=0')).toString()).toBe('');
    expect(toSearchParams(parse('page=2&inStock=true&q=drill&sort=price_asc')).toString()).toBe(
      'q=drill&sort=price_asc&inStock=1&page=2',
    );
    expect(toSearchParams(parse('q=drill&sort=relevance')).toString()).toBe('q=drill');
    expect(toSearchParams(parse('q=drill&sort=newest')).toString()).toBe('q=drill&sort=newest');
  });

  it('round-trips through parseSearchParams', () => {
    const search = parse('q=cordless drill&sort=name&minPrice=5&maxPrice=500&page=4&pageSize=12');
    expect(parseSearchParams(toSearchParams(search))).toEqual(search);
  });
});

describe('searchWords', () => {
  it('keeps letters and digits, lower-cased, at most eight words', () => {
    expect(searchWords(`20V Drill/Driver & 'saw' :* ()`)).toEqual([
      '20v',
      'drill',
      'driver',
      'saw',
    ]);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
    expect(searchWords('!!!')).toEqual([]);
  });
});

describe('the option filter (issue 34)', () => {
  it('reads Name:Value, split at the first colon, spaces around it dropped', () => {
    expect(parseOptionFilter('Voltage:18V')).toEqual({ name: 'Voltage', value: '18V' });
    expect(parseOptionFilter(' Kit : 2 × 5.0 Ah: kit ')).toEqual({
      name: 'Kit',
      value: '2 × 5.0 Ah: kit',
    });
    expect(parseOptionFilter('Voltage')).toBeNull();
    expect(parseOptionFilter(':18V')).toBeNull();
    expect(parseOptionFilter('Voltage:')).toBeNull();
  });

  it('is one canonical parameter of the URL, the API call and the cache key', () => {
    expect(parse('option=Voltage%20:%2018V&q=drill').option).toBe('Voltage:18V');
    expect(toSearchParams(parse('option=Voltage%20:%2018V&q=drill&inStock=1')).toString()).toBe(
      'q=drill&inStock=1&option=Voltage%3A18V',
    );
    const search = parse('q=drill&option=Kit:Bare%20tool&platform=18V%20One');
    expect(parseSearchParams(toSearchParams(search))).toEqual(search);
  });

  it('drops a malformed option from a link, and the API refuses it', () => {
    expect(parse('option=Voltage').option).toBeUndefined();
    expect(ProductSearchQuerySchema.safeParse({ option: 'Voltage' }).success).toBe(false);
    expect(ProductSearchQuerySchema.safeParse({ option: 'Voltage:18V' }).success).toBe(true);
  });
});
