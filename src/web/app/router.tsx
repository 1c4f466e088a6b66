import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from './guards/require-auth.tsx';
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
const LoginRoute = lazy(() => import('./routes/login.tsx'));
const RegisterRoute = lazy(() => import('./routes/register.tsx'));
const ResetRoute = lazy(() => import('./routes/reset.tsx'));
const DashboardRoute = lazy(() => import('./routes/dashboard.tsx'));
const MyProfileRoute = lazy(() => import('./routes/my-profile.tsx'));
const MakeAdminRoute = lazy(() => import('./routes/make-admin.tsx'));
const AddProductRoute = lazy(() => import('./routes/add-product.tsx'));
const ManageProductsRoute = lazy(() => import('./routes/manage-products.tsx'));
const EditProductRoute = lazy(() => import('./routes/edit-product.tsx'));
const PurchaseRoute = lazy(() => import('./routes/purchase.tsx'));
const MyOrdersRoute = lazy(() => import('./routes/my-orders.tsx'));
const AddReviewRoute = lazy(() => import('./routes/add-review.tsx'));
const ManageAllOrdersRoute = lazy(() => import('./routes/manage-all-orders.tsx'));
const PaymentRoute = lazy(() => import('./routes/payment.tsx'));
const OverviewRoute = lazy(() => import('./routes/overview.tsx'));
const SiteSpeedRoute = lazy(() => import('./routes/site-speed.tsx'));
const ManageReviewsRoute = lazy(() => import('./routes/manage-reviews.tsx'));
const NotFoundRoute = lazy(() => import('./routes/not-found.tsx'));
// The admin check needs the API client: loaded with the admin screens, not with the shell.
const RequireAdmin = lazy(() => import('./guards/require-admin.tsx'));

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
          { path: 'login', element: <LoginRoute /> },
          { path: 'register', element: <RegisterRoute /> },
          { path: 'reset', element: <ResetRoute /> },
          {
            element: <RequireAuth />,
            children: [
              { path: 'purchase/:productId', element: <PurchaseRoute /> },
              {
                path: 'dashboard',
                element: <DashboardRoute />,
                children: [
                  { index: true, element: <MyProfileRoute /> },
                  { path: 'myOrders', element: <MyOrdersRoute /> },
                  { path: 'addReview', element: <AddReviewRoute /> },
                  { path: 'payment/:id', element: <PaymentRoute /> },
                  {
                    element: <RequireAdmin />,
                    children: [
                      { path: 'manageAllOrders', element: <ManageAllOrdersRoute /> },
                      { path: 'addProduct', element: <AddProductRoute /> },
                      { path: 'makeAdmin', element: <MakeAdminRoute /> },
                      { path: 'manageProducts', element: <ManageProductsRoute /> },
                      { path: 'manageProducts/:productId/edit', element: <EditProductRoute /> },
                      { path: 'manageReviews', element: <ManageReviewsRoute /> },
                      { path: 'overview', element: <OverviewRoute /> },
                      { path: 'siteSpeed', element: <SiteSpeedRoute /> },
                    ],
                  },
                ],
              },
            ],
          },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
