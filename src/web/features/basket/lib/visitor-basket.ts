import { useSyncExternalStore } from 'react';

// A visitor's basket lives in this browser (localStorage) until they sign in, when it moves into
// their account (api/get-basket.ts). The navbar reads it on every page, so this module imports
// neither zod nor the API client: the app shell stays small (docs/decisions/017).

const STORAGE_KEY = 'basket';

export interface VisitorBasketLine {
  productId: string;
  /** Issue 34: the variant's SKU; left out: the product's default variant. */
  sku?: string;
  quantity: number;
}

/**
 * One line per variant: the key of a line (its product and SKU, any letters' case), as the
 * server's `basketLineKey` (shared/basket.ts, which this module cannot import: zod).
 */
export const visitorLineKey = (line: { productId: string; sku?: string | undefined }): string =>
  `${line.productId.toLowerCase()} ${line.sku?.toLowerCase() ?? ''}`;

const NO_LINES: readonly VisitorBasketLine[] = [];
const listeners = new Set<() => void>();
let cachedText: string | null = null;
let cachedLines: readonly VisitorBasketLine[] = NO_LINES;

function isLine(value: unknown): value is VisitorBasketLine {
  if (typeof value !== 'object' || value === null) return false;
  const { productId, sku, quantity } = value as Record<string, unknown>;
  return (
    typeof productId === 'string' &&
    productId !== '' &&
    (sku === undefined || (typeof sku === 'string' && sku !== '')) &&
    typeof quantity === 'number' &&
    Number.isInteger(quantity) &&
    quantity > 0
  );
}

/** What the browser holds, without what another script or an old version left malformed. */
function parseLines(text: string): readonly VisitorBasketLine[] {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return NO_LINES;
    const seen = new Set<string>();
    return value.filter((line): line is VisitorBasketLine => {
      if (!isLine(line) || seen.has(visitorLineKey(line))) return false;
      seen.add(visitorLineKey(line));
      return true;
    });
  } catch {
    return NO_LINES;
  }
}

function readText(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The visitor's lines; the same array until the stored text changes (a store snapshot). */
export function getVisitorLines(): readonly VisitorBasketLine[] {
  const text = readText();
  if (text !== cachedText) {
    cachedText = text;
    cachedLines = text === null ? NO_LINES : parseLines(text);
  }
  return cachedLines;
}

/** Replaces the visitor's lines; none clears the stored basket. */
export function setVisitorLines(lines: readonly VisitorBasketLine[]): void {
  try {
    if (lines.length === 0) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, JSON.stringify(lines));
  } catch {
    // Storage unavailable (a privacy mode): the basket lasts as long as nothing; nothing to do.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the basket.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The visitor's lines, live. The server renders (and hydration sees) an empty basket, so public
 * pages stay identical for everyone and cacheable; the stored lines show right after.
 */
export function useVisitorBasketLines(): readonly VisitorBasketLine[] {
  return useSyncExternalStore(subscribe, getVisitorLines, () => NO_LINES);
}
