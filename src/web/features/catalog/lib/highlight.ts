import { searchWords } from '../../../../shared/product-search.ts';

/** Common English endings, so "drills" and "drilling" also light up "drill" (as the search stems). */
const SUFFIX = /(ing|ers|er|es|ed|s)$/;

/** Escapes a word for use inside a RegExp. */
const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A pattern that finds the words of a text a query matched: each whole word that begins with a
 * query word (or with its stem), case-insensitive. Null for an empty query.
 */
export function highlightPattern(q: string): RegExp | null {
  const stems = searchWords(q).map((word) => {
    const stem = word.replace(SUFFIX, '');
    return escape(stem.length >= 3 ? stem : word);
  });
  if (stems.length === 0) return null;
  // Longest first, so "drill" wins over "dr" where both match.
  stems.sort((a, b) => b.length - a.length);
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${stems.join('|')})[\\p{L}\\p{N}]*`, 'giu');
}

export interface TextPart {
  text: string;
  match: boolean;
}

/** The text cut into matched and unmatched parts, in order. */
export function splitMatches(text: string, pattern: RegExp | null): TextPart[] {
  if (!pattern) return [{ text, match: false }];
  const parts: TextPart[] = [];
  let last = 0;
  for (const found of text.matchAll(pattern)) {
    const start = found.index;
    if (start > last) parts.push({ text: text.slice(last, start), match: false });
    parts.push({ text: found[0], match: true });
    last = start + found[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}
