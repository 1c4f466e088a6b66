import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { NotFoundPage } from './not-found-page.tsx';

describe('NotFoundPage', () => {
  it('says the page is missing and links back home', async () => {
    renderWithProviders(<NotFoundPage />, { route: '/nope' });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: "Oops! The page you're looking for isn't here.",
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to homepage' })).toHaveAttribute('href', '/');
  });
});
