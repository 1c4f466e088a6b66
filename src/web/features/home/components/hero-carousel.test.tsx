import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { slides } from '../../../content/site.ts';
import { HeroCarousel } from './hero-carousel.tsx';

const headlines = [
  'Eliminates Cords!',
  'Hassle Free',
  'Best product in the market',
  'Long Lasting Battery',
];

function visibleHeadline() {
  return screen.getByRole('heading', { level: 2 }).textContent;
}

describe('HeroCarousel', () => {
  it('has the four slides of the spec, in order', () => {
    expect(slides.map((slide) => slide.headline)).toEqual(headlines);
  });

  it('shows only the first slide at first, with its image and an external Learn More link', () => {
    render(<HeroCarousel slides={slides} />);

    expect(screen.getAllByRole('heading')).toHaveLength(1);
    expect(visibleHeadline()).toBe('Eliminates Cords!');
    expect(screen.getByRole('img', { name: slides[0]?.imageAlt })).toBeInTheDocument();
    const learnMore = screen.getByRole('link', { name: /^Learn More/ });
    expect(learnMore).toHaveAttribute('href', slides[0]?.learnMoreUrl);
    expect(learnMore).toHaveAttribute('target', '_blank');
    expect(learnMore.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('group', { name: '1 of 4' })).toBeInTheDocument();
  });

  it('cycles forward 1 -> 2 -> 3 -> 4 -> 1 with the next arrow', async () => {
    const user = userEvent.setup();
    render(<HeroCarousel slides={slides} />);
    const next = screen.getByRole('button', { name: 'Next slide' });

    const seen = [visibleHeadline()];
    for (let step = 0; step < 4; step += 1) {
      await user.click(next);
      seen.push(visibleHeadline());
    }

    expect(seen).toEqual([...headlines, 'Eliminates Cords!']);
  });

  it('goes from the first slide back to the fourth with the previous arrow', async () => {
    const user = userEvent.setup();
    render(<HeroCarousel slides={slides} />);

    await user.click(screen.getByRole('button', { name: 'Previous slide' }));

    expect(visibleHeadline()).toBe('Long Lasting Battery');
    expect(screen.getByRole('group', { name: '4 of 4' })).toBeInTheDocument();
  });
});
