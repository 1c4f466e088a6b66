import { lazy, Suspense } from 'react';
import { useHydrated } from '../../lib/use-hydrated.ts';

const AppToastContainer = lazy(() => import('./toast-container.tsx'));

/**
 * Where toasts appear on every page. The container (and the library, and its stylesheet) loads
 * after hydration, off the first paint's path: nothing can raise a toast before the page is live,
 * and the library queues a toast raised while its container is still loading.
 */
export function ToastArea() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <AppToastContainer />
    </Suspense>
  );
}
