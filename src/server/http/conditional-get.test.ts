import { describe, expect, it } from 'vitest';
import { matchesIfNoneMatch } from './conditional-get.ts';

describe('matchesIfNoneMatch', () => {
  it.each([
    [undefined, false],
    ['"abc"', true],
    ['W/"abc"', true],
    [' "x" , "abc" ', true],
    ['"x", W/"abc"', true],
    ['*', true],
    ['"ab"', false],
    ['abc', false],
    ['', false],
  ])('%s -> %s', (header, expected) => {
    expect(matchesIfNoneMatch(header, '"abc"')).toBe(expected);
  });
});
