import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../../components/spinner.tsx';
import { DashboardDrawerProvider } from '../../features/dashboard/hooks/dashboard-drawer.tsx';
import { lazyIsland } from '../lazy-island.tsx';
import { AuthLoadingBar } from './auth-loading-bar.tsx';
import { Navbar } from './navbar.tsx';
import { PageErrorBoundary } from './page-error-boundary.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import { ToastArea } from './toast-area.tsx';

/** Below the fold on every page: an island, outside the first script (lazy-island.tsx). */
const Footer = lazyIsland(() => import('./footer.tsx').then((module) => module.Footer));

export function RootLayout() {
  return (
    // The navbar's button opens the dashboard's drawer: both sit under this provider.
    <DashboardDrawerProvider>
      <div className="flex min-h-screen flex-col">
        <AuthLoadingBar />
        <a
          href="#main"
          className="focus-ring-light btn btn-primary sr-only z-50 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        {/* Each part of the layout behind its own boundary: React hydrates the server's HTML
            boundary by boundary, in short tasks, instead of the whole page in one long task.
            Nothing in them suspends, so the fallbacks never show. */}
        <Suspense fallback={null}>
          <Navbar />
        </Suspense>
        {/* At least a screen tall: while a page loads, the footer stays below the fold instead of
            jumping down when the content arrives (layout shift). */}
        <main id="main" tabIndex={-1} className="min-h-svh grow">
          <PageErrorBoundary>
            <Suspense fallback={<Spinner label="Loading page" className="py-24" />}>
              <Outlet />
            </Suspense>
          </PageErrorBoundary>
        </main>
        <Footer />
        <ToastArea />
        <ScrollToTop />
      </div>
    </DashboardDrawerProvider>
  );
}
