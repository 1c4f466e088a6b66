import { isValidElement, type ReactElement } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { pageNames, pageRoutes, type PageName } from '../../shared/page-routes.ts';
import { RequireAuth } from './guards/require-auth.tsx';
import { lazyPage, type LazyPage } from './lazy-page.tsx';
import { RootLayout } from './layout/root-layout.tsx';

// Every page is its own chunk, so the first visit downloads only the layout and that page.
const HomeRoute = lazyPage(() => import('./routes/home.tsx'));
const AllProductsRoute = lazyPage(() => import('./routes/all-products.tsx'));
const BlogsRoute = lazyPage(() => import('./routes/blogs.tsx'));
const AboutRoute = lazyPage(() => import('./routes/about.tsx'));
const PortfolioRoute = lazyPage(() => import('./routes/portfolio.tsx'));
const ContactRoute = lazyPage(() => import('./routes/contact.tsx'));
const TermsRoute = lazyPage(() => import('./routes/terms.tsx'));
const PrivacyRoute = lazyPage(() => import('./routes/privacy.tsx'));
const LoginRoute = lazyPage(() => import('./routes/login.tsx'));
const RegisterRoute = lazyPage(() => import('./routes/register.tsx'));
const ResetRoute = lazyPage(() => import('./routes/reset.tsx'));
const DashboardRoute = lazyPage(() => import('./routes/dashboard.tsx'));
const MyProfileRoute = lazyPage(() => import('./routes/my-profile.tsx'));
const MakeAdminRoute = lazyPage(() => import('./routes/make-admin.tsx'));
const AddProductRoute = lazyPage(() => import('./routes/add-product.tsx'));
const ManageProductsRoute = lazyPage(() => import('./routes/manage-products.tsx'));
const EditProductRoute = lazyPage(() => import('./routes/edit-product.tsx'));
const BasketRoute = lazyPage(() => import('./routes/basket.tsx'));
const CheckoutRoute = lazyPage(() => import('./routes/checkout.tsx'));
const QuickOrderRoute = lazyPage(() => import('./routes/quick-order.tsx'));
const PurchaseRoute = lazyPage(() => import('./routes/purchase.tsx'));
const MyOrdersRoute = lazyPage(() => import('./routes/my-orders.tsx'));
const AddReviewRoute = lazyPage(() => import('./routes/add-review.tsx'));
const ManageAllOrdersRoute = lazyPage(() => import('./routes/manage-all-orders.tsx'));
const PaymentRoute = lazyPage(() => import('./routes/payment.tsx'));
const OverviewRoute = lazyPage(() => import('./routes/overview.tsx'));
const SiteSpeedRoute = lazyPage(() => import('./routes/site-speed.tsx'));
const ImportProductsRoute = lazyPage(() => import('./routes/import-products.tsx'));
const WebhooksRoute = lazyPage(() => import('./routes/webhooks.tsx'));
const ShippingRoute = lazyPage(() => import('./routes/shipping.tsx'));
const TaxesRoute = lazyPage(() => import('./routes/taxes.tsx'));
const PromotionsRoute = lazyPage(() => import('./routes/promotions.tsx'));
const SavedListsRoute = lazyPage(() => import('./routes/saved-lists.tsx'));
const CompaniesRoute = lazyPage(() => import('./routes/companies.tsx'));
const PriceListsRoute = lazyPage(() => import('./routes/price-lists.tsx'));
const ManageReviewsRoute = lazyPage(() => import('./routes/manage-reviews.tsx'));
const ReturnsRoute = lazyPage(() => import('./routes/returns.tsx'));
const RecallsRoute = lazyPage(() => import('./routes/recalls.tsx'));
const WarrantyRoute = lazyPage(() => import('./routes/warranty.tsx'));
const MyQuotesRoute = lazyPage(() => import('./routes/my-quotes.tsx'));
const ManageQuotesRoute = lazyPage(() => import('./routes/manage-quotes.tsx'));
const ManageCategoriesRoute = lazyPage(() => import('./routes/manage-categories.tsx'));
const CategoryRoute = lazyPage(() => import('./routes/category.tsx'));
const AuditLogRoute = lazyPage(() => import('./routes/audit-log.tsx'));
const TaxExemptionsRoute = lazyPage(() => import('./routes/tax-exemptions.tsx'));
const CompanyRoute = lazyPage(() => import('./routes/company.tsx'));
const CompanyInvitationRoute = lazyPage(() => import('./routes/company-invitation.tsx'));
const CompanyInvoicesRoute = lazyPage(() => import('./routes/company-invoices.tsx'));
const ManageInvoicesRoute = lazyPage(() => import('./routes/manage-invoices.tsx'));
const ApprovalsRoute = lazyPage(() => import('./routes/approvals.tsx'));
const CompanyOrdersRoute = lazyPage(() => import('./routes/company-orders.tsx'));
const NotFoundRoute = lazyPage(() => import('./routes/not-found.tsx'));
// The admin check needs the API client: loaded with the admin screens, not with the shell.
export const RequireAdmin = lazyPage(() => import('./guards/require-admin.tsx'));

// Each page of the route table, as the router renders it: a page added to the table without an
// element here does not compile.
const pages: Record<PageName, ReactElement> = {
  home: <HomeRoute />,
  allProducts: <AllProductsRoute />,
  blogs: <BlogsRoute />,
  about: <AboutRoute />,
  portfolio: <PortfolioRoute />,
  contact: <ContactRoute />,
  terms: <TermsRoute />,
  privacy: <PrivacyRoute />,
  login: <LoginRoute />,
  register: <RegisterRoute />,
  reset: <ResetRoute />,
  purchase: <PurchaseRoute />,
  basket: <BasketRoute />,
  checkout: <CheckoutRoute />,
  quickOrder: <QuickOrderRoute />,
  dashboard: <MyProfileRoute />,
  myOrders: <MyOrdersRoute />,
  addReview: <AddReviewRoute />,
  payment: <PaymentRoute />,
  manageAllOrders: <ManageAllOrdersRoute />,
  addProduct: <AddProductRoute />,
  makeAdmin: <MakeAdminRoute />,
  manageProducts: <ManageProductsRoute />,
  editProduct: <EditProductRoute />,
  manageReviews: <ManageReviewsRoute />,
  overview: <OverviewRoute />,
  siteSpeed: <SiteSpeedRoute />,
  importProducts: <ImportProductsRoute />,
  webhooks: <WebhooksRoute />,
  returns: <ReturnsRoute />,
  recalls: <RecallsRoute />,
  warranty: <WarrantyRoute />,
  myQuotes: <MyQuotesRoute />,
  quotes: <ManageQuotesRoute />,
  manageCategories: <ManageCategoriesRoute />,
  category: <CategoryRoute />,
  auditLog: <AuditLogRoute />,
  taxExemptions: <TaxExemptionsRoute />,
  shipping: <ShippingRoute />,
  taxes: <TaxesRoute />,
  promotions: <PromotionsRoute />,
  company: <CompanyRoute />,
  companyInvitation: <CompanyInvitationRoute />,
  savedLists: <SavedListsRoute />,
  companyInvoices: <CompanyInvoicesRoute />,
  manageInvoices: <ManageInvoicesRoute />,
  approvals: <ApprovalsRoute />,
  companyOrders: <CompanyOrdersRoute />,
  companies: <CompaniesRoute />,
  priceLists: <PriceListsRoute />,
};

const route = (name: PageName): RouteObject => ({
  path: pageRoutes[name].path,
  element: pages[name],
});

const isDashboardPage = (name: PageName) =>
  pageRoutes[name].path.startsWith(`${pageRoutes.dashboard.path}/`);

/** The table's pages of one access and place (inside the dashboard's frame or not). */
function routesOf(access: 'public' | 'signedIn' | 'staff', inDashboard: boolean): RouteObject[] {
  return pageNames
    .filter((name) => name !== 'dashboard' && isDashboardPage(name) === inDashboard)
    .filter((name) => {
      const record = pageRoutes[name].access;
      return typeof record === 'object' ? access === 'staff' : record === access;
    })
    .flatMap((name) => {
      const { alias } = pageRoutes[name];
      return alias === undefined
        ? [route(name)]
        : [route(name), { path: alias, element: pages[name] }];
    });
}

/** Staff pages behind RequireAdmin, which asks for each page's permission (its record's). */
const staffRoutes = (inDashboard: boolean): RouteObject[] => {
  const children = routesOf('staff', inDashboard);
  return children.length === 0 ? [] : [{ element: <RequireAdmin />, children }];
};

/**
 * The route tree, derived from the route table: each page's `access` puts it behind its guards
 * (signed-in pages behind RequireAuth, staff pages behind RequireAdmin too), and a page under
 * /dashboard/ is shown in the dashboard's frame, whose index is the dashboard page (My Profile).
 * The basket is everyone's: its Checkout signs a visitor in and comes back (RequireAuth). The
 * product page is server-rendered for everyone; the page itself sends a signed-out visitor to
 * sign in once it is live, and shows the forms to a signed-in one (ADR 030).
 */
export const routeTree: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        // A page that fails is caught inside the layout (PageErrorBoundary), so the navbar and
        // footer stay.
        children: [
          ...routesOf('public', false),
          {
            element: <RequireAuth />,
            children: [
              ...routesOf('signedIn', false),
              ...staffRoutes(false),
              {
                path: pageRoutes.dashboard.path,
                element: <DashboardRoute />,
                children: [
                  { index: true, element: pages.dashboard },
                  ...routesOf('signedIn', true),
                  ...staffRoutes(true),
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

/**
 * The routes, rendered by the router around them: `<BrowserRouter>` in the browser,
 * `<StaticRouter>` on the server. React Router's declarative mode: the routes load no data (the
 * pages' queries do), so its data router (about 15 kB gzip more in the first script) would add
 * nothing but its error elements and scroll restoration, which the layout does itself.
 */
export function AppRoutes() {
  return useRoutes(routeTree);
}

function isLazyPage(type: unknown): type is LazyPage {
  return typeof type === 'function' && 'preload' in type;
}

/** Loads the chunks of every page and guard on the way to `pathname` (before SSR or hydration). */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(routeTree, pathname) ?? [];
  await Promise.all(
    matches.map(({ route }) => {
      const type: unknown = isValidElement(route.element) ? route.element.type : undefined;
      return isLazyPage(type) ? type.preload() : undefined;
    }),
  );
}
