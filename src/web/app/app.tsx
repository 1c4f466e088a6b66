import type { DehydratedState } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './provider.tsx';
import { AppRoutes } from './router.tsx';

export function App({ dehydratedState }: { dehydratedState?: DehydratedState | undefined }) {
  return (
    <AppProvider dehydratedState={dehydratedState}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
