import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiPaths } from '../../shared/api-paths.ts';
import { jsonResponse, mockFetch } from '../test/fetch-mock.ts';
import {
  NEWEST_PRODUCTS_URL,
  makeProduct,
  makePublicConfig,
  makeReview,
  makeSearchResult,
} from '../test/fixtures.ts';
import { renderApp } from '../test/render.tsx';

vi.mock('../features/home/components/location-map.tsx', () => ({
  default: ({ label }: { label: string }) => <p>Map: {label}</p>,
}));

function mockApi() {
  return mockFetch(({ url }) => {
    if (url === NEWEST_PRODUCTS_URL) {
      return jsonResponse(makeSearchResult([makeProduct(2), makeProduct(1)], { pageSize: 6 }));
    }
    if (url === apiPaths.productSearch(new URLSearchParams())) {
      return jsonResponse(makeSearchResult([makeProduct(2), makeProduct(1)]));
    }
    if (url === apiPaths.reviews) return jsonResponse([makeReview(1)]);
    if (url === apiPaths.config) {
      return jsonResponse(makePublicConfig());
    }
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
}

describe('app routes', () => {
  it.each(['/', '/home'])('%s shows the home page sections in the spec order', async (route) => {
    mockApi();
    renderApp(route);

    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { name: 'Eliminates Cords!' });
    // The sections below the first screen are islands: each appears when its chunk has loaded
    // (the first test to import them transforms their modules: a generous wait).
    for (const island of [
      'Our Locaiton',
      'Our Products',
      'What our customers say',
      'Get news from the workshop',
    ])
      await within(main).findByRole('heading', { name: island }, { timeout: 15_000 });
    const headings = within(main)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(headings).toEqual([
      'Eliminates Cords!',
      'Explore our Systems',
      'Trusted by professionals worldwide',
      'Our Locaiton',
      'Our Products',
      'What our customers say',
      'Get news from the workshop',
    ]);
    expect(within(main).getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await within(main).findByRole('heading', { name: 'Product 2' })).toBeInTheDocument();
    expect(await within(main).findByText('Review text 1')).toBeInTheDocument();
    expect(
      await within(main).findByText('Map: Location of Toolhouse headquarters'),
    ).toBeInTheDocument();
  });

  it('shows the business summary figures', async () => {
    mockApi();
    renderApp('/');
    const summary = await screen.findByRole('region', {
      name: 'Trusted by professionals worldwide',
    });
    for (const [label, value] of [
      ['Countries', '79+'],
      ['New Users', '4,200'],
      ['Reviews', '1,200'],
      ['Total Likes', '25.6K'],
      ['Page Views', '2.6M'],
    ]) {
      expect(within(summary).getByText(label ?? '')).toBeInTheDocument();
      expect(within(summary).getByText(value ?? '')).toBeInTheDocument();
    }
  });

  it.each([
    ['/allProducts', 'Our Products'],
    ['/about', 'This is about us section'],
    ['/blogs', 'Blogs'],
    ['/portfolio', 'Toolhouse storefront'],
    ['/contact', 'Contact Us'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
    ['/no-such-page', "Oops! The page you're looking for isn't here."],
    ['/login', 'Login'],
    ['/register', 'Register'],
    ['/reset', 'Reset Password'],
  ])('%s shows the page headed %s, inside the layout', async (route, heading) => {
    mockApi();
    renderApp(route);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });

  it('names each page in the document title', async () => {
    mockApi();
    renderApp('/contact');
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    expect(document.title).toBe('Contact Us — Toolhouse');
  });

  it('answers all five blog questions', async () => {
    renderApp('/blogs');
    await screen.findByRole('heading', { level: 1, name: 'Blogs' });
    const questions = within(screen.getByRole('main')).getAllByRole('heading', { level: 2 });
    expect(questions.map((question) => question.textContent)).toEqual([
      'How can you improve the performance of a React application?',
      'What are the different ways to manage state in a React application?',
      'How does prototypal inheritance work?',
      'Why should you not set state directly in React?',
      'What is a unit test and why should we write them?',
    ]);
  });

  it('navigates between pages from the navbar', async () => {
    mockApi();
    const { user } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'This is about us section' });

    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'All Products' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Our Products' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Product 1' })).toBeInTheDocument();
  });
});
