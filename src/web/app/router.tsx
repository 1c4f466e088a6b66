import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout.tsx';
import { RouteError } from './routes/route-error.tsx';

// Every page is its own chunk, so the first visit downloads only the layout and that page.
const HomeRoute = lazy(() => import('./routes/home.tsx'));
const AllProductsRoute = lazy(() => import('./routes/all-products.tsx'));
const BlogsRoute = lazy(() => import('./routes/blogs.tsx'));
const AboutRoute = lazy(() => import('./routes/about.tsx'));
const PortfolioRoute = lazy(() => import('./routes/portfolio.tsx'));
const ContactRoute = lazy(() => import('./routes/contact.tsx'));
const TermsRoute = lazy(() => import('./routes/terms.tsx'));
const PrivacyRoute = lazy(() => import('./routes/privacy.tsx'));
const NotFoundRoute = lazy(() => import('./routes/not-found.tsx'));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        // Inside the layout, so the navbar and footer stay when a page fails.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: 'home', element: <HomeRoute /> },
          { path: 'allProducts', element: <AllProductsRoute /> },
          { path: 'blogs', element: <BlogsRoute /> },
          { path: 'about', element: <AboutRoute /> },
          { path: 'portfolio', element: <PortfolioRoute /> },
          { path: 'contact', element: <ContactRoute /> },
          { path: 'terms', element: <TermsRoute /> },
          { path: 'privacy', element: <PrivacyRoute /> },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
