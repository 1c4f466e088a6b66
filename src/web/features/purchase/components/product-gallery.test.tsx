import { screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ProductGallery } from './product-gallery.tsx';

const pictures = Array.from({ length: 7 }, (_, i) => `/images/${String(i + 1).repeat(64)}.webp`);
const drill = makeProduct(1, { name: 'Cordless Drill', images: pictures });

describe('ProductGallery', () => {
  it('shows the first picture eagerly and high-priority, the thumbnails lazily', () => {
    renderWithProviders(<ProductGallery product={drill} />);
    const main = screen.getByRole('img', { name: 'Cordless Drill, picture 1 of 8' });
    expect(main).toHaveAttribute('src', drill.img);
    expect(main).toHaveAttribute('loading', 'eager');
    expect(main).toHaveAttribute('fetchpriority', 'high');
    const thumbnails = screen.getAllByRole('button', { name: /^Show picture \d of 8$/ });
    expect(thumbnails).toHaveLength(8);
    for (const thumbnail of thumbnails)
      expect(thumbnail.querySelector('img')).toHaveAttribute('loading', 'lazy');
  });

  it('arrives from the server with the first picture only, its buttons waiting for the page', () => {
    const html = renderToString(<ProductGallery product={drill} />);
    const images = html.match(/<img [^>]*>/g) ?? [];
    expect(images).toHaveLength(1);
    expect(images[0]).toContain('fetchPriority="high"');
    expect(images[0]).toContain(`src="${drill.img}"`);
    expect(html.match(/aria-disabled="true"/g)).toHaveLength(10);
  });

  it('steps with the buttons, the arrow keys, Home and End, and a thumbnail', async () => {
    const { user } = renderWithProviders(<ProductGallery product={drill} />);
    await user.click(screen.getByRole('button', { name: 'Next picture' }));
    expect(screen.getByRole('img', { name: 'Cordless Drill, picture 2 of 8' })).toHaveAttribute(
      'src',
      pictures[0],
    );
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('img', { name: 'Cordless Drill, picture 3 of 8' })).toBeVisible();
    await user.keyboard('{End}');
    expect(screen.getByRole('img', { name: 'Cordless Drill, picture 8 of 8' })).toBeVisible();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('img', { name: 'Cordless Drill, picture 1 of 8' })).toBeVisible();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('img', { name: 'Cordless Drill, picture 8 of 8' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Show picture 4 of 8' }));
    expect(screen.getByRole('img', { name: 'Cordless Drill, picture 4 of 8' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Show picture 4 of 8' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('is one plain picture for a product without a gallery', () => {
    renderWithProviders(<ProductGallery product={makeProduct(2, { name: 'Saw' })} />);
    expect(screen.getByRole('img', { name: 'Saw' })).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
