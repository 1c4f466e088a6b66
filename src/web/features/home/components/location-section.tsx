import { lazy, Suspense } from 'react';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import type { CompanyLocation } from '../../../content/site.ts';

// The map library is the heaviest thing on the home page: it gets its own chunk.
const LocationMap = lazy(() => import('./location-map.tsx'));

export function LocationSection({ location }: { location: CompanyLocation }) {
  // Without the config (offline, or no tiles configured) the map still shows its frame and marker.
  const config = usePublicConfig();
  const tileUrlTemplate = config.data?.mapTileUrl ?? null;
  // The map is drawn in the browser only, after hydration: its code loads meanwhile.
  const hydrated = useHydrated();

  return (
    <section aria-labelledby="location-heading" className="mx-auto max-w-7xl px-4 py-16">
      <h2 id="location-heading" className="mb-8 text-center text-3xl font-bold">
        Our Locaiton
      </h2>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <figure className="overflow-hidden rounded-box border-2 border-base-300 bg-base-300 lg:col-span-2">
          <figcaption className="sr-only">Map showing where {location.name} is.</figcaption>
          {/* The frame keeps its size while the map's code loads, and without tiles. */}
          {/* A class, not a style attribute: the CSP blocks inline styles in server-rendered HTML.
              The height is MAP_HEIGHT_PX (shared/constants.ts). */}
          <div data-testid="location-map" className="h-[300px]">
            {hydrated && (
              <Suspense fallback={null}>
                <LocationMap
                  center={location.coordinates}
                  label={`Location of ${location.name}`}
                  tileUrlTemplate={tileUrlTemplate}
                />
              </Suspense>
            )}
          </div>
        </figure>
        <address className="card border border-base-300 bg-base-200 not-italic">
          <div className="card-body">
            <h3 className="card-title">{location.name}</h3>
            <p>
              {location.addressLines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </p>
            <p>{location.openingHours}</p>
          </div>
        </address>
      </div>
    </section>
  );
}
