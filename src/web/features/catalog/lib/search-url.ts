import {
  parseSearchParams,
  PRODUCT_SORTS,
  toSearchParams,
  type ProductSort,
} from '../../../../shared/product-search.ts';
import { PRODUCT_PRICE_MAX } from '../../../../shared/product.ts';

/** A change to the search in the URL: it edits a copy of the current parameters. */
export type SearchUpdate = (params: URLSearchParams) => void;

/**
 * The next URL parameters after `updates`: back to page 1 unless an update sets the page, and
 * in canonical form (defaults left out), so one search has one URL and one cache key.
 */
export function nextSearchParams(
  current: URLSearchParams,
  ...updates: SearchUpdate[]
): URLSearchParams {
  const next = new URLSearchParams(current);
  next.delete('page');
  for (const update of updates) update(next);
  return toSearchParams(parseSearchParams(next));
}

export const setQuery =
  (text: string): SearchUpdate =>
  (params) => {
    const q = text.trim();
    if (q === '') params.delete('q');
    else params.set('q', q);
  };

const PRICE_TEXT = /^\d+(\.\d{1,2})?$/;

/** Whether a price field's text is a price the search takes ('' means no bound). */
export function isPriceText(text: string): boolean {
  const trimmed = text.trim();
  return trimmed === '' || (PRICE_TEXT.test(trimmed) && Number(trimmed) <= PRODUCT_PRICE_MAX);
}

export const PRICE_FORMAT_MESSAGE = 'Enter an amount like 25 or 19.99';
export const PRICE_RANGE_MESSAGE = 'Must not be below the minimum price';

/** The message for a price range's texts, per field; empty when both are fine. */
export function priceErrors(min: string, max: string): { min?: string; max?: string } {
  const errors: { min?: string; max?: string } = {};
  if (!isPriceText(min)) errors.min = PRICE_FORMAT_MESSAGE;
  if (!isPriceText(max)) errors.max = PRICE_FORMAT_MESSAGE;
  if (!errors.min && !errors.max && min.trim() !== '' && max.trim() !== '') {
    if (Number(max) < Number(min)) errors.max = PRICE_RANGE_MESSAGE;
  }
  return errors;
}

export const setPrice =
  (key: 'minPrice' | 'maxPrice', text: string): SearchUpdate =>
  (params) => {
    const trimmed = text.trim();
    if (trimmed === '') params.delete(key);
    else params.set(key, String(Number(trimmed)));
  };

/** A price as its field shows it ('' for no bound). */
export const priceText = (price: number | undefined) => (price === undefined ? '' : String(price));

/** Whether a field's text stands for the URL's value (so typing need not commit it). */
export const sameQuery = (text: string, urlValue: string) => text.trim() === urlValue;
const samePrice = (text: string, urlValue: string) =>
  text.trim() === urlValue ||
  (urlValue !== '' && isPriceText(text) && text.trim() !== '' && Number(text) === Number(urlValue));

export interface PriceRangeText {
  min: string;
  max: string;
}
export const samePriceRange = (text: PriceRangeText, urlValue: PriceRangeText) =>
  samePrice(text.min, urlValue.min) && samePrice(text.max, urlValue.max);

export const setSort =
  (sort: ProductSort): SearchUpdate =>
  (params) => {
    params.set('sort', sort);
  };

export const isProductSort = (value: string): value is ProductSort =>
  (PRODUCT_SORTS as readonly string[]).includes(value);

export const setInStock =
  (inStock: boolean): SearchUpdate =>
  (params) => {
    if (inStock) params.set('inStock', '1');
    else params.delete('inStock');
  };

/** Issue 24: the category (a slug) and the battery platform; '' removes the filter. */
export const setCategory =
  (slug: string): SearchUpdate =>
  (params) => {
    if (slug === '') params.delete('category');
    else params.set('category', slug);
  };

export const setPlatform =
  (platform: string): SearchUpdate =>
  (params) => {
    if (platform === '') params.delete('platform');
    else params.set('platform', platform);
  };

/** Issue 34: products having a variant with an option value, `Name:Value`; '' removes it. */
export const setOption =
  (option: string): SearchUpdate =>
  (params) => {
    if (option === '') params.delete('option');
    else params.set('option', option);
  };

/** The link target of page `page` of the current search (same path, its query string). */
export function pageLink(current: URLSearchParams, page: number): { search: string } {
  const text = nextSearchParams(current, (params) => params.set('page', String(page))).toString();
  return { search: text === '' ? '' : `?${text}` };
}

/** Whether the search narrows the catalogue at all (a query or a filter). */
export function isFiltered(current: URLSearchParams): boolean {
  const params = toSearchParams(parseSearchParams(current));
  return ['q', 'minPrice', 'maxPrice', 'inStock', 'category', 'platform', 'option'].some((key) =>
    params.has(key),
  );
}
