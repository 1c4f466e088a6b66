import { useSyncExternalStore } from 'react';

// The promotion codes a buyer applied on the basket or the checkout (issue 36): kept in this tab
// (sessionStorage) so a code applied on the basket applies on the checkout, across signing in, and
// forgotten once the checkout is placed. The server checks them on every quote.

const STORAGE_KEY = 'promotionCodes';
const NO_CODES: readonly string[] = [];
const listeners = new Set<() => void>();
let cachedText: string | null = null;
let cachedCodes: readonly string[] = NO_CODES;
/** Where the codes are kept when the browser allows no storage (a privacy mode): this page only. */
let unstoredText: string | null = null;

function readText(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return unstoredText;
  }
}

function parseCodes(text: string): readonly string[] {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return NO_CODES;
    return value.filter((code): code is string => typeof code === 'string' && code !== '');
  } catch {
    return NO_CODES;
  }
}

/** The codes applied in this tab; the same array until they change (a store snapshot). */
export function getPromotionCodes(): readonly string[] {
  const text = readText();
  if (text !== cachedText) {
    cachedText = text;
    cachedCodes = text === null ? NO_CODES : parseCodes(text);
  }
  return cachedCodes;
}

/** Replaces the codes applied; none forgets them. */
export function setPromotionCodes(codes: readonly string[]): void {
  const text = codes.length === 0 ? null : JSON.stringify(codes);
  try {
    if (text === null) window.sessionStorage.removeItem(STORAGE_KEY);
    else window.sessionStorage.setItem(STORAGE_KEY, text);
  } catch {
    unstoredText = text;
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The codes applied, live; none while server rendering. */
export function usePromotionCodes(): readonly string[] {
  return useSyncExternalStore(subscribe, getPromotionCodes, () => NO_CODES);
}
