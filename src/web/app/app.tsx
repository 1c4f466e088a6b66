import type { DehydratedState } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProvider } from './provider.tsx';
import { createAppRouter } from './router.tsx';

export function App({ dehydratedState }: { dehydratedState?: DehydratedState | undefined }) {
  const [router] = useState(createAppRouter);
  return (
    <AppProvider dehydratedState={dehydratedState}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
