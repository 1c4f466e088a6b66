import { screen } from '@testing-library/react';
import { Link, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { PageErrorBoundary } from './page-error-boundary.tsx';

function Broken(): React.JSX.Element {
  throw new Error('The page broke');
}

function Page() {
  const broken = useLocation().pathname === '/broken';
  return (
    <>
      <Link to="/elsewhere">Elsewhere</Link>
      <PageErrorBoundary>{broken ? <Broken /> : <p>A working page</p>}</PageErrorBoundary>
    </>
  );
}

describe('PageErrorBoundary', () => {
  it('shows the error state for a page that throws, and clears it on another page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, router } = renderWithProviders(<Page />, { route: '/broken' });
    expect(
      await screen.findByText('Something went wrong while showing this page.'),
    ).toBeInTheDocument();
    expect(screen.getByText('The page broke')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(router.state.location.pathname).toBe('/elsewhere');
    expect(await screen.findByText('A working page')).toBeInTheDocument();
    expect(screen.queryByText('The page broke')).not.toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
