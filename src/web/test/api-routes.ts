import type { MockInstance } from 'vitest';
import { PERMISSIONS } from '../../shared/permissions.ts';
import { jsonResponse, mockFetch } from './fetch-mock.ts';

export interface MockRequest {
  url: string;
  method: string;
  body: unknown;
  init: RequestInit;
}

type Answer = Response | ((request: MockRequest) => Response | Promise<Response>);

/**
 * What the layout itself asks on every signed-in page (the navbar's basket count): an empty
 * basket, unless a test answers it otherwise.
 */
const layoutRoutes: Record<string, Answer> = {
  'GET /api/basket': jsonResponse({ lines: [], totalPrice: 0, notices: [] }),
  /** Issue 24: the categories the navbar and the product forms offer (none, unless answered). */
  'GET /api/categories': jsonResponse([]),
  // My Profile's saved addresses (issue 35): none, unless a test answers otherwise.
  'GET /api/addresses': jsonResponse([]),
  // My Profile's two-factor section: a customer without it, unless a test answers otherwise.
  'GET /api/me/permissions': () => jsonResponse(customerPermissions),
  // My Profile's tax exemption section (issue 35): none, unless a test answers otherwise.
  'GET /api/tax-exemptions/mine': jsonResponse([]),
  // Issue 37: the address pickers ask for the member's company (none, unless answered).
  'GET /api/companies': jsonResponse({ companies: [] }),
};

/** Background reads of shared lists that a test's request log leaves out. */
const UNLOGGED = new Set(['GET /api/categories', 'GET /api/companies']);
/** A product page's "Goes well with" (issue 24): none, unless a test answers it. */
const RELATED = /^GET \/api\/products\/[^/]+\/related$/;
/** Issue 37: a signed-in visitor's contract prices (none, unless a test answers them). */
const CONTRACT_PRICES = /^GET \/api\/contract-prices\?/;
const NO_CONTRACT_PRICES = { priceListName: null, prices: {}, products: {} };
/** Background reads a test's request log leaves out. */
const inBackground = (route: string) => RELATED.test(route) || CONTRACT_PRICES.test(route);

/**
 * mockFetch with one answer per "METHOD /path". A request no route answers gets a 404 and fails
 * the test through console.error, so a forgotten call cannot pass unnoticed.
 */
export function mockApi(routes: Record<string, Answer>) {
  const answers = { ...layoutRoutes, ...withPermissions(routes) };
  return mockFetch((request) => {
    const route = `${request.method} ${request.url}`;
    const answer =
      answers[route] ??
      (RELATED.test(route)
        ? jsonResponse([])
        : CONTRACT_PRICES.test(route)
          ? jsonResponse(NO_CONTRACT_PRICES)
          : undefined);
    if (answer === undefined) {
      console.error(`Unexpected request: ${request.method} ${request.url}`);
      return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
    }
    // A Response body can be read once: hand out a copy, so a route can answer many times.
    return typeof answer === 'function' ? answer(request) : answer.clone();
  });
}

/**
 * The staff guard and the dashboard ask GET /api/me/permissions. A test that answers only the
 * spec's admin check (GET /api/admin/{email}) gets the permissions of an admin or a customer to
 * match, so screens written against the admin check keep working.
 */
function withPermissions(routes: Record<string, Answer>): Record<string, Answer> {
  if (PERMISSIONS_ROUTE in routes) return routes;
  const adminCheck = Object.keys(routes).find((key) => /^GET \/api\/admin\/[^/?]*%40/.test(key));
  const answer = adminCheck === undefined ? undefined : routes[adminCheck];
  if (answer === undefined) return routes;
  return {
    ...routes,
    [PERMISSIONS_ROUTE]: async (request) => {
      const response = typeof answer === 'function' ? await answer(request) : answer.clone();
      if (!response.ok) return response;
      const { admin } = (await response.json()) as { admin: boolean };
      return jsonResponse(admin ? adminPermissions : customerPermissions);
    },
  };
}

const PERMISSIONS_ROUTE = 'GET /api/me/permissions';
export const adminPermissions = {
  role: 'admin',
  permissions: [...PERMISSIONS],
  twoFactorEnabled: true,
  twoFactorRequired: false,
  sessionCodeRequired: false,
};
export const customerPermissions = {
  role: 'user',
  permissions: [],
  twoFactorEnabled: false,
  twoFactorRequired: false,
  sessionCodeRequired: false,
};

type FetchMock = MockInstance<typeof fetch>;

/** "METHOD /path" of every request made so far, in order (but the categories' reads). */
export function requestLog(fetchMock: FetchMock): string[] {
  return allRequests(fetchMock).filter((route) => !UNLOGGED.has(route) && !inBackground(route));
}

function allRequests(fetchMock: FetchMock): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return `${(init?.method ?? 'GET').toUpperCase()} ${url}`;
  });
}

/** The last request to "METHOD /path": its parsed JSON body and its headers. */
export function lastRequest(fetchMock: FetchMock, route: string) {
  const index = allRequests(fetchMock).lastIndexOf(route);
  if (index < 0)
    throw new Error(`No request to ${route}; made: ${allRequests(fetchMock).join(', ')}`);
  const init = fetchMock.mock.calls[index]?.[1] ?? {};
  return {
    body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    headers: new Headers(init.headers),
  };
}
