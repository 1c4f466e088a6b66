import { describe, expect, it } from 'vitest';
import { returnPathFromState, safeReturnPath } from './return-path.ts';

describe('safeReturnPath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/purchase/42?qty=3#form', '/purchase/42?qty=3#form'],
    [null, '/'],
    ['', '/'],
    ['dashboard', '/'],
    ['//evil.example/path', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
  ])('%s -> %s', (path, expected) => {
    expect(safeReturnPath(path)).toBe(expected);
  });
});

describe('returnPathFromState', () => {
  it("rebuilds the guard's location", () => {
    expect(
      returnPathFromState({ from: { pathname: '/dashboard/makeAdmin', search: '?a=1', hash: '' } }),
    ).toBe('/dashboard/makeAdmin?a=1');
  });

  it.each([undefined, null, 'x', {}, { from: null }, { from: { pathname: 3 } }])(
    'falls back to / for %j',
    (state) => {
      expect(returnPathFromState(state)).toBe('/');
    },
  );
});
