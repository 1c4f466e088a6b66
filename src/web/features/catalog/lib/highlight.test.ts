import { describe, expect, it } from 'vitest';
import { highlightPattern, splitMatches } from './highlight.ts';

const marked = (text: string, q: string) =>
  splitMatches(text, highlightPattern(q))
    .filter((part) => part.match)
    .map((part) => part.text);

describe('highlight', () => {
  it('marks each whole word that a query word begins, ignoring case', () => {
    expect(marked('Cordless Drill with two drill bits', 'DRILL')).toEqual(['Drill', 'drill']);
    expect(marked('Angle Grinder', 'grin')).toEqual(['Grinder']);
  });

  it('marks the stem, as the search stems', () => {
    expect(marked('A drill that drills', 'drilling')).toEqual(['drill', 'drills']);
  });

  it('does not mark inside a word', () => {
    expect(marked('Wood router', 'out')).toEqual([]);
  });

  it('keeps the text whole, in order', () => {
    const parts = splitMatches('Hammer Drill (SDS)', highlightPattern('sds hammer'));
    expect(parts.map((part) => part.text).join('')).toBe('Hammer Drill (SDS)');
  });

  it('has no pattern without words', () => {
    expect(highlightPattern('  !! ')).toBeNull();
    expect(splitMatches('Saw', null)).toEqual([{ text: 'Saw', match: false }]);
  });
});
