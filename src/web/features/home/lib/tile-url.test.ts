import { describe, expect, it } from 'vitest';
import { tileUrl } from './tile-url.ts';

describe('tileUrl', () => {
  it('fills {z}, {x} and {y}', () => {
    expect(tileUrl('https://tiles.example/{z}/{x}/{y}.png', 3, 5, 11)).toBe(
      'https://tiles.example/11/3/5.png',
    );
  });
});
