import { HeroCarousel } from '../../features/home/components/hero-carousel.tsx';
import { DocumentTitle } from '../../components/document-title.tsx';
import { businessStats, companyLocation, slides, systems } from '../../content/site.ts';
import { lazyIsland } from '../lazy-island.tsx';

// The first screen (the carousel) is in this chunk. The sections below it are islands, each
// rendered by the server and hydrated on its own once its chunk arrives: the static ones keep the
// first script small (docs/benchmarks.md: with the entry, at most 100 kB), the others read the
// API's data (the API client and its response schemas) or hold a form (the form library).
const ExploreSystems = lazyIsland(() =>
  import('../../features/home/components/explore-systems.tsx').then((m) => m.ExploreSystems),
);
const BusinessSummary = lazyIsland(() =>
  import('../../features/home/components/business-summary.tsx').then((m) => m.BusinessSummary),
);
const LocationSection = lazyIsland(() =>
  import('../../features/home/components/location-section.tsx').then((m) => m.LocationSection),
);
const RecentProducts = lazyIsland(() =>
  import('../../features/catalog/components/recent-products.tsx').then((m) => m.RecentProducts),
);
const CustomerReviews = lazyIsland(() =>
  import('../../features/reviews/components/customer-reviews.tsx').then((m) => m.CustomerReviews),
);
const NewsletterSignup = lazyIsland(() =>
  import('../../features/newsletter/components/newsletter-signup.tsx').then(
    (m) => m.NewsletterSignup,
  ),
);

export default function HomeRoute() {
  return (
    <>
      <DocumentTitle description="Toolhouse makes cordless, brushless and dust-controlled power tools for professionals and makers. Browse the catalogue and order online." />
      <h1 className="sr-only">Toolhouse power tools</h1>
      <HeroCarousel slides={slides} />
      <ExploreSystems systems={systems} />
      <BusinessSummary stats={businessStats} />
      <LocationSection location={companyLocation} />
      <RecentProducts />
      <CustomerReviews />
      <NewsletterSignup />
    </>
  );
}
