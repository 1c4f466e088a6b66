import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { PortfolioPage } from './portfolio-page.tsx';

describe('PortfolioPage', () => {
  it('renders the shipped content: title, maintainer, technologies and links', async () => {
    renderWithProviders(<PortfolioPage />);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Toolhouse storefront' }),
    ).toBeInTheDocument();
    expect(screen.getByText('The Toolhouse engineering team')).toBeInTheDocument();
    const technologies = screen.getByRole('region', { name: 'Technologies' });
    for (const name of ['React', 'TypeScript', 'Fastify', 'PostgreSQL', 'Playwright']) {
      expect(within(technologies).getByText(name)).toBeInTheDocument();
    }
    const links = screen.getByRole('region', { name: 'Project links' });
    expect(within(links).getByRole('link', { name: 'All Products' })).toHaveAttribute(
      'href',
      '/allProducts',
    );
  });

  it('opens external links in a new tab', async () => {
    renderWithProviders(
      <PortfolioPage
        content={{
          title: 'T',
          summary: 'S',
          maintainer: 'M',
          technologies: [],
          links: [{ label: 'Source', href: 'https://example.com/repo' }],
        }}
      />,
    );
    const link = await screen.findByRole('link', { name: 'Source' });
    expect(link).toHaveAttribute('href', 'https://example.com/repo');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('explains clearly when the content file is invalid', async () => {
    renderWithProviders(<PortfolioPage content={{ title: 'Only a title' }} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('content/portfolio.json is invalid');
    expect(alert).toHaveTextContent('summary');
  });
});
