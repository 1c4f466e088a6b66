import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { Navbar } from './navbar.tsx';

describe('Navbar', () => {
  it('links the brand and every public page, and Login', async () => {
    renderWithProviders(<Navbar />);
    const nav = await screen.findByRole('navigation', { name: 'Main' });

    expect(within(nav).getByRole('link', { name: 'Toolhouse' })).toHaveAttribute('href', '/');
    const expected: [string, string][] = [
      ['Home', '/'],
      ['All Products', '/allProducts'],
      ['Blogs', '/blogs'],
      ['Portfolio', '/portfolio'],
      ['Contact Us', '/contact'],
      ['Login', '/login'],
    ];
    for (const [name, href] of expected) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('marks the current page', async () => {
    renderWithProviders(<Navbar />, { route: '/blogs' });
    expect(await screen.findByRole('link', { name: 'Blogs' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('treats /home as the home page', async () => {
    renderWithProviders(<Navbar />, { route: '/home' });
    expect(await screen.findByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('has a menu button for phones that toggles the links and closes on Escape', async () => {
    const { user } = renderWithProviders(<Navbar />);
    const button = await screen.findByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(button.getAttribute('aria-controls') ?? '')).toContainElement(
      screen.getByRole('link', { name: 'Blogs' }),
    );

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(screen.getByRole('link', { name: 'Blogs' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
