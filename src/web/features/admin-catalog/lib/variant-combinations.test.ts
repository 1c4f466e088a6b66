import { describe, expect, it } from 'vitest';
import { optionCombinations, planGeneration, suggestSku } from './variant-combinations.ts';

const voltage = { name: 'Voltage', values: ['12V', '18V'] };
const kit = { name: 'Kit', values: ['Bare tool', '2 × 5.0 Ah kit'] };

describe('optionCombinations', () => {
  it('lists every combination, the first option varying slowest', () => {
    expect(optionCombinations([voltage, kit])).toEqual([
      ['12V', 'Bare tool'],
      ['12V', '2 × 5.0 Ah kit'],
      ['18V', 'Bare tool'],
      ['18V', '2 × 5.0 Ah kit'],
    ]);
  });

  it('gives one per value for one option, 2 × 3 × 2 for three', () => {
    expect(optionCombinations([voltage])).toEqual([['12V'], ['18V']]);
    const three = optionCombinations([voltage, { name: 'Colour', values: ['a', 'b', 'c'] }, kit]);
    expect(three).toHaveLength(12);
    expect(new Set(three.map((values) => values.join('|'))).size).toBe(12);
  });

  it('gives the one empty combination without options', () => {
    expect(optionCombinations([])).toEqual([[]]);
  });
});

describe('suggestSku', () => {
  it('joins the default SKU and the values, keeping only SKU characters', () => {
    expect(suggestSku('TH-00042', ['18V', '2 × 5.0 Ah kit'], [])).toBe('TH-00042-18V-2-5.0-Ah-kit');
  });

  it('adds a number when the SKU is taken, whatever its case', () => {
    expect(suggestSku('DRL', ['18V'], ['drl-18v'])).toBe('DRL-18V-2');
    expect(suggestSku('DRL', ['18V'], ['DRL-18V', 'DRL-18V-2'])).toBe('DRL-18V-3');
  });

  it('stays within 40 characters', () => {
    const sku = suggestSku('A'.repeat(35), ['Bare tool'], []);
    expect(sku).toBe(`${'A'.repeat(35)}-Bare`);
    expect(sku).toHaveLength(40);
    const numbered = suggestSku('A'.repeat(35), ['Bare tool'], [sku]);
    expect(numbered).toBe(`${'A'.repeat(35)}-Ba-2`);
    expect(numbered).toHaveLength(40);
  });
});

describe('planGeneration', () => {
  it("gives a product's only variant the first combination and adds the others", () => {
    const plan = planGeneration('DRL', [voltage], [{ sku: 'DRL', values: [] }]);
    expect(plan.completed).toEqual([{ index: 0, values: ['12V'] }]);
    expect(plan.added).toEqual([{ sku: 'DRL-18V', values: ['18V'] }]);
  });

  it('adds only the combinations no variant has', () => {
    const plan = planGeneration(
      'DRL',
      [voltage, kit],
      [
        { sku: 'DRL-12', values: ['12V', 'Bare tool'] },
        { sku: 'DRL-18-KIT', values: ['18V', '2 × 5.0 Ah kit'] },
      ],
    );
    expect(plan.completed).toEqual([]);
    expect(plan.added).toEqual([
      { sku: 'DRL-12V-2-5.0-Ah-kit', values: ['12V', '2 × 5.0 Ah kit'] },
      { sku: 'DRL-18V-Bare-tool', values: ['18V', 'Bare tool'] },
    ]);
  });

  it('completes variants when an option is added, keeping their SKUs and chosen values', () => {
    const plan = planGeneration(
      'DRL',
      [voltage, kit],
      [
        { sku: 'DRL-12', values: ['12V'] },
        { sku: 'DRL-18', values: ['18V', ''] },
      ],
    );
    expect(plan.completed).toEqual([
      { index: 0, values: ['12V', 'Bare tool'] },
      { index: 1, values: ['18V', 'Bare tool'] },
    ]);
    expect(plan.added.map(({ values }) => values)).toEqual([
      ['12V', '2 × 5.0 Ah kit'],
      ['18V', '2 × 5.0 Ah kit'],
    ]);
  });

  it('adds nothing when every combination exists', () => {
    const plan = planGeneration(
      'DRL',
      [voltage],
      [
        { sku: 'A', values: ['18V'] },
        { sku: 'B', values: ['12V'] },
      ],
    );
    expect(plan).toEqual({ completed: [], added: [] });
  });

  it('does not suggest a SKU a variant already has', () => {
    const plan = planGeneration('DRL', [voltage], [{ sku: 'drl-18v', values: ['12V'] }]);
    expect(plan.added).toEqual([{ sku: 'DRL-18V-2', values: ['18V'] }]);
  });
});
