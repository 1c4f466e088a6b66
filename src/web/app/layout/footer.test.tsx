import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { Footer } from './footer.tsx';

describe('Footer', () => {
  it("says 'since 1992' and shows the current year in the copyright line", async () => {
    renderWithProviders(<Footer />);
    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveTextContent(/since 1992/);
    const year = new Date().getFullYear();
    expect(
      within(footer).getByText(`© ${year} Toolhouse. All rights reserved.`),
    ).toBeInTheDocument();
  });

  it('has Products, Company and Legal columns with real links', async () => {
    renderWithProviders(<Footer />);
    const column = async (name: string) => within(await screen.findByRole('navigation', { name }));
    for (const name of ['Products', 'Company', 'Legal']) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }

    expect((await column('Products')).getByRole('link', { name: 'All Products' })).toHaveAttribute(
      'href',
      '/allProducts',
    );
    const company = await column('Company');
    expect(company.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/about',
      '/contact',
      '/blogs',
      '/portfolio',
    ]);
    const legal = await column('Legal');
    expect(legal.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/terms',
      '/privacy',
    ]);
  });
});
