import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../../test/fixtures.ts';
import { makeVariant } from '../components/variant-fixtures.ts';
import {
  VariantsFormSchema,
  newVariantRow,
  placeServerMessages,
  toVariantsBody,
  toVariantsFormValues,
  variantsFieldPath,
  type VariantsFormValues,
} from './variants-form.ts';

const product = makeProduct(7, {
  sku: 'DRL',
  options: [{ name: 'Voltage', values: ['12V', '18V'] }],
});
const detail = {
  ...product,
  variants: [
    makeVariant(product, 1, {
      sku: 'DRL-12',
      optionValues: { Voltage: '12V' },
      price: 99.5,
      priceBreaks: [{ minQuantity: 20, price: 89.5 }],
    }),
    makeVariant(product, 2, {
      sku: 'DRL-18-KIT',
      optionValues: { Voltage: '18V' },
      availableQuantity: 4,
      weightGrams: 2300,
      images: ['/images/kit.webp'],
      parts: [{ sku: 'BAT-5', quantity: 2, productId: null, name: 'Battery' }],
      taxClass: 'reduced',
    }),
  ],
};

describe('variantsFieldPath', () => {
  const names = ['Voltage', 'Kit'];
  it.each([
    ['variants.2.sku', 'variants.2.sku'],
    ['variants.0.price', 'variants.0.price'],
    ['variants.1.availableQuantity', 'variants.1.availableQuantity'],
    ['variants.1.weightGrams', 'variants.1.weightGrams'],
    ['variants.1.taxClass', 'variants.1.taxClass'],
    ['variants.3.priceBreaks.0.price', 'variants.3.priceBreaks.0.price'],
    ['variants.3.priceBreaks.1.minQuantity', 'variants.3.priceBreaks.1.minQuantity'],
    ['variants.3.priceBreaks', 'variants.3.priceBreaks'],
    ['variants.1.optionValues.Kit', 'variants.1.values.1'],
    ['variants.1.optionValues', 'variants.1.values.0'],
    ['variants.1.optionValues.Colour', 'variants.1.values.0'],
    ['variants.0.parts.1.sku', 'variants.0.parts.1.sku'],
    ['variants.0.parts.1.quantity', 'variants.0.parts.1.quantity'],
    ['variants.0.parts', 'variants.0.parts'],
    ['variants.0.parts.2', 'variants.0.parts'],
    ['variants.4.images.0', 'variants.4.images'],
    ['variants.5', 'variants.5.sku'],
    ['variants', 'variants'],
    ['options.1.values.3', 'options.1.values'],
    ['options.0.name', 'options.0.name'],
    ['options', 'options'],
  ])('shows %s under %s', (path, field) => {
    expect(variantsFieldPath(path, names)).toBe(field);
  });

  it('has no field for dimensions, the version or anything else', () => {
    expect(variantsFieldPath('variants.0.lengthMm', names)).toBeNull();
    expect(variantsFieldPath('version', names)).toBeNull();
    expect(variantsFieldPath('body', names)).toBeNull();
  });

  it("puts an option value's message under the SKU when there are no options", () => {
    expect(variantsFieldPath('variants.0.optionValues', [])).toBe('variants.0.sku');
  });

  it('splits messages into placed and unplaced', () => {
    expect(
      placeServerMessages(
        {
          'variants.2.sku': 'SKU X is already used by another variant',
          'variants.0.heightMm': 'Too tall',
        },
        names,
      ),
    ).toEqual({
      placed: [['variants.2.sku', 'SKU X is already used by another variant']],
      unplaced: ['Too tall'],
    });
  });
});

describe('toVariantsFormValues and toVariantsBody', () => {
  it('fill the editor from the product and send back the same set', () => {
    const values = toVariantsFormValues(detail);
    expect(values.options).toEqual([{ name: 'Voltage', values: '12V, 18V' }]);
    expect(values.variants[0]).toMatchObject({
      sku: 'DRL-12',
      values: ['12V'],
      price: '99.5',
      priceBreaks: [{ minQuantity: '20', price: '89.5' }],
    });
    expect(values.variants[1]).toMatchObject({
      values: ['18V'],
      availableQuantity: '0',
      stockNow: 4,
      parts: [{ sku: 'BAT-5', quantity: '2' }],
      taxClass: 'reduced',
    });

    const body = toVariantsBody(VariantsFormSchema.parse(values), 3);
    expect(body).toEqual({
      options: [{ name: 'Voltage', values: ['12V', '18V'] }],
      variants: [
        {
          sku: 'DRL-12',
          optionValues: { Voltage: '12V' },
          price: 99.5,
          priceBreaks: [{ minQuantity: 20, price: 89.5 }],
          minQuantity: 10,
          availableQuantity: 500,
          weightGrams: 0,
          lengthMm: null,
          widthMm: null,
          heightMm: null,
          images: [],
          parts: [],
          taxClass: 'standard',
        },
        {
          sku: 'DRL-18-KIT',
          optionValues: { Voltage: '18V' },
          price: 107,
          priceBreaks: [],
          minQuantity: 10,
          availableQuantity: 0,
          weightGrams: 2300,
          lengthMm: null,
          widthMm: null,
          heightMm: null,
          images: ['/images/kit.webp'],
          parts: [{ sku: 'BAT-5', quantity: 2 }],
          taxClass: 'reduced',
        },
      ],
      version: 3,
    });
  });
});

describe('VariantsFormSchema', () => {
  const messages = (values: VariantsFormValues) => {
    const result = VariantsFormSchema.safeParse(values);
    return result.success
      ? {}
      : Object.fromEntries(
          // The first message of each field, as the form shows it.
          [...result.error.issues].reverse().map((issue) => [issue.path.join('.'), issue.message]),
        );
  };
  const base = toVariantsFormValues(detail);

  it('asks for the fields a variant needs, with the product form’s messages', () => {
    const row = { ...newVariantRow('', ['12V']), minQuantity: '0', availableQuantity: '' };
    expect(messages({ ...base, variants: [row] })).toMatchObject({
      'variants.0.sku': 'SKU is required',
      'variants.0.price': 'Price is required',
      'variants.0.minQuantity': 'Must be at least 1',
    });
  });

  it('refuses a SKU used twice (whatever its case), a repeated combination and an unchosen value', () => {
    const [first, second] = base.variants;
    expect(
      messages({
        ...base,
        variants: [
          first!,
          { ...second!, sku: 'drl-12', values: ['12V'] },
          { ...second!, sku: 'X', values: [''] },
        ],
      }),
    ).toEqual({
      'variants.1.sku': 'SKU drl-12 is already used by another variant',
      'variants.1.values.0': 'Variant 1 has the same options',
      'variants.2.values.0': 'Choose a Voltage',
    });
  });

  it('refuses option names and values given twice, and an option without values', () => {
    expect(
      messages({
        ...base,
        options: [
          { name: 'Voltage', values: '12V, 18V, 12v' },
          { name: 'voltage', values: ' , ' },
        ],
      }),
    ).toMatchObject({ 'options.1.values': 'Add at least one value' });
    expect(
      messages({
        ...base,
        options: [
          { name: 'Voltage', values: '12V, 18V, 12v' },
          { name: 'voltage', values: 'a' },
        ],
        variants: base.variants.map((variant) => ({
          ...variant,
          values: [...variant.values, 'a'],
        })),
      }),
    ).toEqual({
      'options.0.values': '12v is listed twice',
      'options.1.name': 'Another option has this name',
    });
  });

  it("checks a variant's price breaks, then against its own price and minimum", () => {
    const [first, second] = base.variants;
    expect(
      messages({
        ...base,
        variants: [first!, { ...second!, priceBreaks: [{ minQuantity: '20', price: '' }] }],
      }),
    ).toEqual({ 'variants.1.priceBreaks.0.price': 'Unit price is required' });
    expect(
      messages({
        ...base,
        variants: [
          { ...first!, priceBreaks: [{ minQuantity: '5', price: '99.5' }] },
          { ...second!, priceBreaks: [{ minQuantity: '20', price: '100' }] },
        ],
      }),
    ).toEqual({
      'variants.0.priceBreaks.0.minQuantity':
        'From quantity must be more than the Minimum Order Quantity',
      'variants.0.priceBreaks.0.price': 'Unit price must be below the Price',
    });
  });

  it('refuses a kit that contains itself', () => {
    const [first, second] = base.variants;
    expect(
      messages({
        ...base,
        variants: [first!, { ...second!, parts: [{ sku: 'drl-18-kit', quantity: '1' }] }],
      }),
    ).toEqual({ 'variants.1.parts.0.sku': 'A kit cannot contain itself' });
  });

  it("checks a variant's stock unless it is a kit, and a kit's parts", () => {
    const [first, second] = base.variants;
    expect(
      messages({
        ...base,
        variants: [
          { ...first!, availableQuantity: '-1' },
          { ...second!, availableQuantity: '', parts: [{ sku: 'BAT-5', quantity: '0' }] },
        ],
      }),
    ).toEqual({
      'variants.0.availableQuantity': 'Must be at least 0',
      'variants.1.parts.0.quantity': 'Quantity must be at least 1',
    });
  });
});
