import { RecentProducts } from '../../features/catalog/components/recent-products.tsx';
import { BusinessSummary } from '../../features/home/components/business-summary.tsx';
import { ExploreSystems } from '../../features/home/components/explore-systems.tsx';
import { HeroCarousel } from '../../features/home/components/hero-carousel.tsx';
import { LocationSection } from '../../features/home/components/location-section.tsx';
import { NewsletterSignup } from '../../features/newsletter/components/newsletter-signup.tsx';
import { CustomerReviews } from '../../features/reviews/components/customer-reviews.tsx';
import { DocumentTitle } from '../../components/document-title.tsx';
import { businessStats, companyLocation, slides, systems } from '../../content/site.ts';

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
