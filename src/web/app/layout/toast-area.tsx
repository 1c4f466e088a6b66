import { lazy, Suspense, useEffect, useState } from 'react';
import { afterLoadWhenIdle } from '../../lib/after-load-when-idle.ts';

const AppToastContainer = lazy(() => import('./toast-container.tsx'));

/**
 * Where toasts appear on every page. The container (and the library, and its stylesheet) loads
 * once the page has loaded and the browser is idle, off the first paint's and hydration's path:
 * the library queues a toast raised before its container is there and shows it then.
 */
export function ToastArea() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => afterLoadWhenIdle(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppToastContainer />
    </Suspense>
  );
}
