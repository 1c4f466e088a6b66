import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StarRating } from './star-rating.tsx';

describe('StarRating', () => {
  it.each([1, 3, 5])('is one image named "Rated %i out of 5"', (rating) => {
    render(<StarRating rating={rating} />);
    expect(screen.getByRole('img', { name: `Rated ${rating} out of 5` })).toBeInTheDocument();
  });
});
