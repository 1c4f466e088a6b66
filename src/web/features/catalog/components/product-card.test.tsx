import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ProductCard } from './product-card.tsx';

describe('ProductCard', () => {
  it('shows every field the spec lists and links Purchase to the product page', async () => {
    const product = makeProduct(7, {
      name: 'Cordless Drill 18V',
      price: 129,
      description: 'A compact drill for everyday jobs.',
      minQuantity: 5,
      availableQuantity: 240,
    });
    renderWithProviders(<ProductCard product={product} />);

    expect(await screen.findByRole('heading', { name: 'Cordless Drill 18V' })).toBeInTheDocument();
    const image = screen.getByRole('img', { name: 'Cordless Drill 18V' });
    expect(image).toHaveAttribute('src', product.img);
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(screen.getByText('Price: $129.00')).toBeInTheDocument();
    expect(screen.getByText('A compact drill for everyday jobs.')).toBeInTheDocument();
    expect(screen.getByText('Min order quantity: 5')).toBeInTheDocument();
    expect(screen.getByText('Stock Quantity: 240')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Purchase' })).toHaveAttribute(
      'href',
      `/purchase/${product._id}`,
    );
  });

  it('shows a member’s contract price as "Your price", the public one as "List price" (issue 37)', async () => {
    renderWithProviders(
      <ProductCard product={makeProduct(3, { price: 129.99 })} contractPrice={110.5} />,
    );
    expect(await screen.findByText('Your price $110.50')).toBeInTheDocument();
    expect(screen.getByText('List price $129.99')).toBeInTheDocument();
    expect(screen.queryByText('Price: $129.99')).not.toBeInTheDocument();
  });

  it('shows cents with two decimals', async () => {
    renderWithProviders(<ProductCard product={makeProduct(1, { price: 49.5 })} />);
    expect(await screen.findByText('Price: $49.50')).toBeInTheDocument();
  });

  it('says "from" the cheapest variant’s price when the variants differ in price (issue 34)', async () => {
    const drill = makeProduct(2, {
      name: 'Drill in two voltages',
      price: 149,
      priceFrom: 99,
      priceTo: 249.5,
      variantCount: 3,
    });
    renderWithProviders(<ProductCard product={drill} />);
    expect(await screen.findByText('Price: from $99.00')).toBeInTheDocument();
    expect(screen.queryByText('Price: $149.00')).not.toBeInTheDocument();
  });

  it('shows the one price of variants that cost the same', async () => {
    const same = makeProduct(3, { price: 80, priceFrom: 80, priceTo: 80, variantCount: 2 });
    renderWithProviders(<ProductCard product={same} />);
    expect(await screen.findByText('Price: $80.00')).toBeInTheDocument();
  });

  it('on sale (issue 36): the sale price, "Was" the price struck through, and the promotion', async () => {
    const saw = makeProduct(4, {
      price: 129.99,
      priceFrom: 129.99,
      priceTo: 129.99,
      salePrice: 110.49,
      salePromotion: '15% off saws',
    });
    renderWithProviders(<ProductCard product={saw} />);
    expect(await screen.findByText('Price: $110.49')).toBeInTheDocument();
    const was = screen.getByText('$129.99');
    expect(was.tagName).toBe('S');
    expect(was.parentElement).toHaveTextContent(/^Was \$129\.99 15% off saws$/);
    expect(screen.getByText('15% off saws')).toBeInTheDocument();
  });

  it('on sale with variants that differ in price: "from" as before, and the promotion', async () => {
    const drill = makeProduct(5, {
      price: 149,
      priceFrom: 99,
      priceTo: 249.5,
      variantCount: 3,
      salePrice: 126.65,
      salePromotion: 'Drill days',
    });
    renderWithProviders(<ProductCard product={drill} />);
    expect(await screen.findByText('Price: from $99.00')).toBeInTheDocument();
    expect(screen.getByText('Drill days').parentElement).toHaveTextContent('On sale: Drill days');
    expect(screen.queryByText(/Was/)).not.toBeInTheDocument();
  });
});
