import type { SystemPromo } from '../../../content/site.ts';

export function ExploreSystems({ systems }: { systems: readonly SystemPromo[] }) {
  return (
    <section aria-labelledby="explore-systems-heading" className="mx-auto max-w-7xl px-4 py-16">
      <h2 id="explore-systems-heading" className="mb-8 text-center text-3xl font-bold">
        Explore our Systems
      </h2>
      <ul className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        {systems.map((system, index) => (
          <li key={system.title} className="card border border-base-300 bg-base-100 shadow-sm">
            <figure className="bg-base-200">
              <img
                src={system.image}
                alt={system.imageAlt}
                width={600}
                height={400}
                // On phones the first promo image is the largest thing on the first screen (the
                // LCP element): fetched at once, with the hero. The others wait for scrolling.
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                className="aspect-[3/2] w-full object-cover"
              />
            </figure>
            <div className="card-body">
              <h3 className="card-title">{system.title}</h3>
              <p>{system.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
