import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { AppProvider } from '../app/provider.tsx';
import { routeTree } from '../app/router.tsx';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, gcTime: Infinity },
      mutations: { retry: false },
    },
  });
}

interface RenderOptions {
  /** The URL the component is shown at. */
  route?: string;
  /** A cache already holding answers (as the server's embedded data would). */
  queryClient?: QueryClient;
}

/** Renders one component inside the app's providers, a router and a toast area. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', queryClient = createTestQueryClient() }: RenderOptions = {},
) {
  const testRoutes: RouteObject[] = [
    {
      path: '*',
      element: (
        <>
          {ui}
          <ToastContainer />
        </>
      ),
    },
  ];
  const router = createMemoryRouter(testRoutes, { initialEntries: [route] });
  const user = userEvent.setup();
  const result: RenderResult = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, user, queryClient, router };
}

/** Renders the whole app (layout and lazy pages) at a URL. */
export function renderApp(route = '/') {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(routeTree, { initialEntries: [route] });
  const user = userEvent.setup();
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, user, queryClient, router };
}
