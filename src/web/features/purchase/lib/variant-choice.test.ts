import { describe, expect, it } from 'vitest';
import type { Variant } from '../../../../shared/variant.ts';
import { makeProduct, uuid } from '../../../test/fixtures.ts';
import { asVariant } from './variant-choice.ts';

describe('asVariant', () => {
  it('sells the chosen variant at its own sale price, with its promotion (issue 36)', () => {
    const product = makeProduct(1, { price: 100, salePrice: null, salePromotion: null });
    const variant: Variant = {
      _id: uuid(101),
      productId: product._id,
      sku: 'SAW-36',
      optionValues: { Voltage: '36V' },
      label: '36V',
      price: 129.99,
      priceBreaks: [],
      minQuantity: 1,
      availableQuantity: 4,
      weightGrams: 0,
      lengthMm: null,
      widthMm: null,
      heightMm: null,
      images: [],
      withdrawn: false,
      parts: [],
      version: 1,
      taxClass: 'standard',
      salePrice: 110.49,
      salePromotion: '15% off saws',
    };
    expect(asVariant(product, variant)).toMatchObject({
      sku: 'SAW-36',
      price: 129.99,
      salePrice: 110.49,
      salePromotion: '15% off saws',
    });
    expect(
      asVariant(
        { ...product, salePrice: 90, salePromotion: 'Old' },
        { ...variant, salePrice: null, salePromotion: null },
      ),
    ).toMatchObject({
      price: 129.99,
      salePrice: null,
      salePromotion: null,
    });
  });
});
