import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import LocationMap from './location-map.tsx';

const center: [number, number] = [40.4406, -79.9959];

describe('LocationMap', () => {
  beforeEach(() => {
    // jsdom lays nothing out; give the map a size so it draws tiles and the marker.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ width: 600, height: 300 }),
    );
  });

  it('draws tiles from the template and marks the location', () => {
    const { container } = render(
      <LocationMap
        center={center}
        label="Toolhouse headquarters"
        tileUrlTemplate="/t/{z}/{x}/{y}.png"
      />,
    );

    expect(screen.getByRole('img', { name: 'Toolhouse headquarters' })).toBeInTheDocument();
    const tiles = container.querySelectorAll('img[src^="/t/11/"]');
    expect(tiles.length).toBeGreaterThan(0);
  });

  it('keeps the marker and drops broken tiles when they fail to load (offline)', () => {
    const { container } = render(
      <LocationMap
        center={center}
        label="Toolhouse headquarters"
        tileUrlTemplate="/t/{z}/{x}/{y}.png"
      />,
    );

    for (const tile of container.querySelectorAll('img')) fireEvent.error(tile);

    expect(container.querySelectorAll('img')).toHaveLength(0);
    expect(screen.getByRole('img', { name: 'Toolhouse headquarters' })).toBeInTheDocument();
  });

  it('shows the marker without any tiles when no tile server is configured', () => {
    const { container } = render(
      <LocationMap center={center} label="Toolhouse headquarters" tileUrlTemplate={null} />,
    );

    expect(container.querySelectorAll('img')).toHaveLength(0);
    expect(screen.getByRole('img', { name: 'Toolhouse headquarters' })).toBeInTheDocument();
  });
});
